import type { ContactListItem, InboxTab } from '@common/api/inbox';
import { vi } from 'vitest';
import { contactListItem } from '../../../test/contactListItem';

/** A contact list row for the shortcut tests. */
export const contactRow = contactListItem;

/**
 * Stubs fetch with the inbox's list API: each tab's rows, narrowed by `q` the way the server does
 * (name, or phone digits). Returns the stub so a test can read the URLs asked for.
 */
export function stubInboxApi(tabs: Partial<Record<InboxTab, ContactListItem[]>>, viewTeam = false) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    let body: unknown;
    if (url.pathname === '/api/inbox/counts') {
      body = {
        unassigned: tabs.unassigned?.length ?? 0,
        mine: tabs.mine?.length ?? 0,
        team: viewTeam ? (tabs.team?.length ?? 0) : null,
        abilities: { viewTeam, assignToOthers: viewTeam, deleteContacts: viewTeam },
      };
    } else if (url.pathname === '/api/contacts') {
      const tab = (url.searchParams.get('tab') ?? 'unassigned') as InboxTab;
      const q = (url.searchParams.get('q') ?? '').toLowerCase();
      const digits = q.replace(/\D/g, '');
      const rows = (tabs[tab] ?? []).filter(
        (c) => !q || c.name.toLowerCase().includes(q) || (digits !== '' && c.phone.includes(digits)),
      );
      body = { contacts: rows, nextCursor: null, serverNow: '2026-03-12T10:00:00.000Z' };
    } else {
      throw new Error(`Unexpected request: ${url.pathname}`);
    }
    return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
