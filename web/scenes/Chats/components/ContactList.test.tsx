import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../../test/render';
import { ContactList } from './ContactList';

const noFilter = { q: '', tagIds: [] };
const emptyPage = { contacts: [], nextCursor: null, serverNow: '2026-11-25T10:00:00.000Z' };

function open(sandbox: boolean, tab: 'unassigned' | 'mine' = 'unassigned', filter = noFilter) {
  mockApi({ 'GET /api/contacts': { body: emptyPage } });
  const session = signedInSession();
  renderScreen(
    <ContactList tab={tab} filter={filter} selectedId={null} now={Date.now()} onSelect={() => {}} />,
    { path: '/app/chats', session: { ...session, features: { ...session.features, sandbox } } },
  );
}

describe('ContactList when empty', () => {
  it('points a sandbox team to the sandbox phone, where the first message comes from', async () => {
    open(true);
    const hint = await screen.findByTestId('sandbox-hint');
    expect(hint.textContent).toContain('write to your business as a customer');
    expect(screen.getByRole('link', { name: 'sandbox phone' }).getAttribute('href')).toBe('/sandbox');
  });

  it('says nothing of a sandbox on a real number, on other tabs, or while searching', async () => {
    open(false);
    expect((await screen.findByTestId('contact-list-empty')).textContent).toBe('No unassigned contacts');
    expect(screen.queryByTestId('sandbox-hint')).toBeNull();
  });

  it('keeps the search hint for a filtered list', async () => {
    open(true, 'unassigned', { q: 'nobody', tagIds: [] });
    expect((await screen.findByTestId('contact-list-empty')).textContent).toContain(
      'No contacts match your search',
    );
    expect(screen.queryByTestId('sandbox-hint')).toBeNull();
  });
});
