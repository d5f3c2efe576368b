import type { ContactDetail, ContactListItem, ContactListResponse, ContactListView } from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ContactPages, inboxKeys } from '../../../api/inbox';
import { contactListItem } from '../../../test/contactListItem';
import { renderScreen, signedInSession } from '../../../test/render';
import { ArchivedBanner } from './ArchivedBanner';
import { ContactListPanel } from './ContactListPanel';

const NOW = '2026-11-25T10:00:00.000Z';
const NO_FILTER = { q: '', tagIds: [] };

const contact = (id: string, name: string, overrides: Partial<ContactListItem> = {}) =>
  contactListItem(id, {
    waId: id,
    name,
    phone: '+16505550142',
    lastMessageAt: NOW,
    lastMessagePreview: 'See you soon',
    createdAt: NOW,
    updatedAt: NOW,
    abilities: { sendFreeform: false },
    ...overrides,
  });

const NORA = contact('c-nora', 'Nora Archived', { archived: true });
const IVY = contact('c-ivy', 'Ivy Inbox');

/** The API by path and `tab`: the Archived view holds Nora, the unassigned tab Ivy. */
function stubApi() {
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const json = (body: unknown, status = 200) =>
      new Response(body === undefined ? null : JSON.stringify(body), {
        status,
        headers: { 'Content-Type': 'application/json' },
      });
    if (url.pathname === '/api/inbox/counts') {
      return json({
        unassigned: 1,
        mine: 0,
        team: null,
        abilities: { viewTeam: false, assignToOthers: false, deleteContacts: false },
      });
    }
    if (url.pathname === '/api/contacts') {
      const tab = url.searchParams.get('tab');
      const contacts = tab === 'archived' ? [NORA] : tab === 'unassigned' ? [IVY] : [];
      return json({ contacts, nextCursor: null, serverNow: NOW } satisfies ContactListResponse);
    }
    if (url.pathname.endsWith('/state') && init?.method === 'POST') return json(undefined, 204);
    throw new Error(`Unexpected request: ${init?.method ?? 'GET'} ${url.pathname}${url.search}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function Harness() {
  const [tab, setTab] = useState<ContactListView>('unassigned');
  return (
    <ContactListPanel
      tab={tab}
      onTabChange={setTab}
      selectedId={null}
      onSelect={() => {}}
      now={Date.parse(NOW)}
    />
  );
}

describe('the Archived view', () => {
  // The list is virtual: give its scroller a size, or happy-dom shows no row at all.
  beforeEach(() => {
    vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(400);
  });
  afterEach(() => vi.restoreAllMocks());

  it('opens from the list header by keyboard, lists archived chats, and goes back to the tabs', async () => {
    stubApi();
    renderScreen(<Harness />, { path: '/app/chats', session: signedInSession() });
    const user = userEvent.setup();
    expect(await screen.findByText('Ivy Inbox')).toBeTruthy();

    screen.getByRole('button', { name: 'Archived' }).focus();
    await user.keyboard('{Enter}');
    const view = await screen.findByRole('complementary', { name: 'Archived chats' });
    expect(document.activeElement).toBe(within(view).getByRole('heading', { name: 'Archived' }));
    expect(await within(view).findByText('Nora Archived')).toBeTruthy();
    expect(within(view).queryByText('Ivy Inbox')).toBeNull();
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(within(view).getByRole('button', { name: 'Back to chats' }));
    expect(await screen.findByRole('tablist', { name: 'Contact tabs' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Archived' }));
  });

  it('says so when nothing is archived', async () => {
    const fetchMock = stubApi();
    const empty = fetchMock.getMockImplementation()!;
    fetchMock.mockImplementation(async (input, init) => {
      if (String(input).includes('tab=archived')) {
        return new Response(JSON.stringify({ contacts: [], nextCursor: null, serverNow: NOW }), {
          headers: { 'Content-Type': 'application/json' },
        });
      }
      return empty(input, init);
    });
    renderScreen(<Harness />, { path: '/app/chats', session: signedInSession() });
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Archived' }));
    expect((await screen.findByTestId('contact-list-empty')).textContent).toBe('No archived chats');
  });
});

describe('ArchivedBanner', () => {
  it("'Unarchive' moves the chat from the Archived view back to its tab at once", async () => {
    const fetchMock = stubApi();
    const detail: ContactDetail = {
      ...NORA,
      profileName: 'Nora',
      notes: '',
      fields: {},
      consent: { state: 'unknown' as const, changedAt: null, source: null, changedBy: null },
    };
    const { queryClient } = renderScreen(<ArchivedBanner contact={detail} meId="u_1" />, {
      path: '/app/chats',
      session: signedInSession(),
    });
    const list = (contacts: ContactListItem[]): ContactPages => ({
      pages: [{ contacts, nextCursor: null, serverNow: NOW }],
      pageParams: [null],
    });
    queryClient.setQueryData(inboxKeys.list('archived', NO_FILTER), list([NORA]));
    queryClient.setQueryData(inboxKeys.list('unassigned', NO_FILTER), list([IVY]));

    expect(screen.getByTestId('archived-banner').textContent).toContain('This chat is archived.');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Unarchive' }));

    await waitFor(() =>
      expect(
        queryClient.getQueryData<ContactPages>(inboxKeys.list('archived', NO_FILTER))?.pages[0]?.contacts,
      ).toEqual([]),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/contacts/c-nora/state'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ archived: false });
    const inbox = queryClient.getQueryData<ContactPages>(inboxKeys.list('unassigned', NO_FILTER));
    expect(inbox?.pages[0]?.contacts.map((c) => c.name)).toEqual(['Nora Archived', 'Ivy Inbox']);
  });
});
