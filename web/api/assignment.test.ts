import { ASSIGN_MSG } from '@common/api/assignment';
import type { ContactListItem } from '@common/api/inbox';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/render';
import { assignContact, assignContactsBulk, bulkAssignText } from './assignment';
import { type ContactPages, inboxKeys } from './inbox';

const NO_FILTER = { q: '', tagIds: [] };

function contact(id: string, assignee: ContactListItem['assignee'] = null): ContactListItem {
  return {
    id,
    name: id,
    lastMessageAt: `2026-03-12T10:00:0${id.length}.000Z`,
    assignee,
    archived: false,
    tags: [],
    updatedAt: '2026-03-12T10:00:00.000Z',
  } as unknown as ContactListItem;
}

function clientWith(lists: Partial<Record<'unassigned' | 'mine' | 'team', ContactListItem[]>>) {
  const client = new QueryClient();
  for (const tab of ['unassigned', 'mine', 'team'] as const) {
    const data: ContactPages = {
      pages: [{ contacts: lists[tab] ?? [], nextCursor: null, serverNow: '' }],
      pageParams: [null],
    };
    client.setQueryData(inboxKeys.list(tab, NO_FILTER), data);
  }
  return client;
}

const ids = (client: QueryClient, tab: 'unassigned' | 'mine' | 'team') =>
  client.getQueryData<ContactPages>(inboxKeys.list(tab, NO_FILTER))!.pages[0]!.contacts.map((c) => c.id);

describe('bulk result texts (spec §8)', () => {
  it("reads 'Assigned N contacts successfully. M failed.' and the unassign twin", () => {
    const failed = (n: number) => Array.from({ length: n }, (_, i) => ({ contactId: `f${i}`, message: 'x' }));
    const kim = { id: 'u_kim', label: 'kim' };
    expect(bulkAssignText(kim, { assigned: ['a', 'b'], failed: failed(1) })).toEqual({
      kind: 'success',
      text: 'Assigned 2 contacts successfully. 1 failed.',
    });
    expect(bulkAssignText(null, { assigned: ['a', 'b', 'c'], failed: failed(2) })).toEqual({
      kind: 'success',
      text: 'Unassigned 3 contacts successfully. 2 failed.',
    });
    expect(bulkAssignText(kim, { assigned: ['a', 'b', 'c'], failed: [] }).text).toBe(
      'Assigned 3 contacts successfully.',
    );
    expect(bulkAssignText(null, { assigned: ['a'], failed: [] }).text).toBe(
      'Unassigned 1 contact successfully.',
    );
    expect(bulkAssignText(kim, { assigned: [], failed: failed(2) })).toEqual({
      kind: 'error',
      text: 'Assigned 0 contacts successfully. 2 failed.',
    });
    expect(ASSIGN_MSG.bulkAssignFailed).toBe('Failed to assign contacts');
    expect(ASSIGN_MSG.bulkUnassignFailed).toBe('Failed to unassign contacts');
  });
});

describe('assigning many', () => {
  it('moves every row at once and moves back the ones the server refused', async () => {
    mockApi({
      'POST /api/contacts/assignment': {
        body: { assigned: ['a', 'b'], failed: [{ contactId: 'c', message: 'Contact not found' }] },
      },
    });
    const client = clientWith({ unassigned: [contact('a'), contact('b'), contact('c')] });
    const outcome = await assignContactsBulk(client, ['a', 'b', 'c'], { id: 'me', label: 'me' }, 'me');
    expect(outcome.text).toBe('Assigned 2 contacts successfully. 1 failed.');
    expect(ids(client, 'mine').sort()).toEqual(['a', 'b']);
    expect(ids(client, 'unassigned')).toEqual(['c']);
  });

  it("puts every row back and says 'Failed to unassign contacts' when the request fails", async () => {
    mockApi({ 'POST /api/contacts/assignment': { status: 500, body: null } });
    const kim = { id: 'u_kim', label: 'kim' };
    const client = clientWith({ team: [contact('a', kim), contact('bb', kim)] });
    await expect(assignContactsBulk(client, ['a', 'bb'], null, 'me')).rejects.toThrow(
      'Failed to unassign contacts',
    );
    expect(ids(client, 'team').sort()).toEqual(['a', 'bb']);
    expect(ids(client, 'unassigned')).toEqual([]);
  });
});

describe('assigning one', () => {
  it("reverts and says 'Failed to assign contact' (or the server's reason)", async () => {
    mockApi({ 'POST /api/contacts/a/assignment': { status: 502, body: null } });
    const client = clientWith({ unassigned: [contact('a')] });
    await expect(assignContact(client, contact('a'), { id: 'me', label: 'me' }, 'me')).rejects.toThrow(
      'Failed to assign contact',
    );
    expect(ids(client, 'unassigned')).toEqual(['a']);
    expect(ids(client, 'mine')).toEqual([]);

    mockApi({
      'POST /api/contacts/a/assignment': {
        status: 403,
        body: { error: 'forbidden', message: 'Only team owners can assign to others' },
      },
    });
    await expect(assignContact(client, contact('a'), { id: 'kim', label: 'kim' }, 'me')).rejects.toThrow(
      'Only team owners can assign to others',
    );
  });

  it("says 'Failed to unassign contact' when unassigning fails", async () => {
    const me = { id: 'me', label: 'me' };
    const client = clientWith({ mine: [contact('a', me)] });
    mockApi({ 'POST /api/contacts/a/assignment': { status: 503, body: null } });
    await expect(assignContact(client, contact('a', me), null, 'me')).rejects.toThrow(
      'Failed to unassign contact',
    );
    expect(ids(client, 'mine')).toEqual(['a']);
  });
});
