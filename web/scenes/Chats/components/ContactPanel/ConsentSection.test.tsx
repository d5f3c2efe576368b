import type { ContactConsent } from '@common/api/consent';
import type { ConversationResponse, InboxCountsResponse } from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { contactDetail } from '../../../../test/contactListItem';
import { mockApi, renderScreen } from '../../../../test/render';
import { ContactPanel } from './ContactPanel';
import { describeConsent } from './consentText';

const now = new Date();
const contact = contactDetail('c-1', {
  waId: '16505550142',
  name: 'Maya Patel',
  profileName: 'Maya',
  phone: '+16505550142',
  lastMessageAt: now.toISOString(),
  lastMessagePreview: 'Hi',
  lastIncomingAt: now.toISOString(),
  windowClosesAt: new Date(now.getTime() + 23 * 3_600_000).toISOString(),
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
});

function setup() {
  const conversation: ConversationResponse = {
    contact,
    messages: [],
    nextCursor: null,
    serverNow: now.toISOString(),
  };
  const counts: InboxCountsResponse = {
    unassigned: 1,
    mine: 0,
    team: 0,
    abilities: { viewTeam: true, assignToOthers: true, deleteContacts: true },
  };
  const changed: ContactConsent = {
    state: 'opted_out',
    changedAt: now.toISOString(),
    source: 'manual',
    changedBy: { id: 'u-1', label: 'jane' },
  };
  const puts: unknown[] = [];
  let saved = false;
  const fetchMock = mockApi({
    'GET /api/contacts/c-1/messages': { body: conversation },
    'GET /api/contacts/c-1/stats': {
      body: {
        firstContactDate: now.toISOString(),
        messageCount: 1,
        mediaCount: { photos: 0, videos: 0, documents: 0 },
      },
    },
    'GET /api/contacts/c-1/media': { body: { items: [] } },
    'GET /api/inbox/counts': { body: counts },
    'PUT /api/contacts/c-1/consent': (init) => {
      puts.push(JSON.parse(String(init?.body)));
      saved = true;
      return { body: { consent: changed } };
    },
    'GET /api/contacts/c-1': () => ({
      body: {
        contact: saved
          ? { ...contact, consent: changed, updatedAt: new Date(now.getTime() + 1000).toISOString() }
          : contact,
        serverNow: now.toISOString(),
      },
    }),
  });
  renderScreen(<ContactPanel contactId="c-1" meId="u-1" onClose={() => {}} onDeleted={() => {}} />);
  return { puts, fetchMock, user: userEvent.setup() };
}

describe('ConsentSection', () => {
  it('shows the state and changes it from the menu; the panel then says who changed it', async () => {
    const { puts, user } = setup();
    const section = await screen.findByTestId('consent-section');
    expect(within(section).getByTestId('consent-badge').textContent).toBe('Unknown');
    expect(within(section).getByTestId('consent-history').textContent).toContain('Not recorded yet');

    within(section).getByRole('button', { name: 'Change marketing consent' }).focus();
    await user.keyboard('{Enter}');
    // The panel's test DOM marks the popover hidden (happy-dom); the menu is there and keyboard-driven.
    const menu = await screen.findByRole('menu', { hidden: true });
    const items = within(menu).getAllByRole('menuitem', { hidden: true });
    expect(items.map((i) => [i.textContent, i.getAttribute('aria-disabled')])).toEqual([
      ['Opted in', null],
      ['Opted out', null],
      ['Unknown', 'true'],
    ]);
    await user.click(items[1]!);

    await waitFor(() => expect(puts).toEqual([{ state: 'opted_out' }]));
    await waitFor(() => expect(within(section).getByTestId('consent-badge').textContent).toBe('Opted out'));
    expect(within(section).getByTestId('consent-history').textContent).toMatch(
      /^Opted out · \d+ \w+, set by jane$/,
    );
  });

  it('says how consent last changed', () => {
    const nov3 = new Date(now.getFullYear(), 10, 3, 12).toISOString();
    expect(
      describeConsent({ state: 'opted_out', changedAt: nov3, source: 'keyword', changedBy: null }, now),
    ).toBe('Opted out · 3 Nov, keyword from the customer');
    expect(
      describeConsent({ state: 'opted_out', changedAt: nov3, source: 'meta', changedBy: null }, now),
    ).toBe('Opted out · 3 Nov, WhatsApp: user has stopped marketing messages');
    expect(
      describeConsent(
        { state: 'opted_in', changedAt: '2024-11-03T12:00:00Z', source: 'import', changedBy: null },
        now,
      ),
    ).toBe('Opted in · 3 Nov 2024, CSV import');
    expect(describeConsent({ state: 'unknown', changedAt: null, source: null, changedBy: null })).toBeNull();
  });
});
