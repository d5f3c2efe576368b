import type { ContactListItem, TagSummary } from '@common/api/inbox';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../test/render';
import { type ContactPages, inboxKeys } from './inbox';
import type { ConversationPages } from './messageList';
import { addTagToContacts, commonTags, findTagByName, refreshTagNames, removeTagFromContacts } from './tags';

const VIP = { id: 't1', name: 'VIP' };
const TRADE = { id: 't2', name: 'Trade' };

function contact(id: string, tags: TagSummary[] = []): ContactListItem {
  return {
    id,
    name: id,
    tags,
    assignee: null,
    updatedAt: '2026-03-12T10:00:00.000Z',
  } as unknown as ContactListItem;
}

function clientWith(contacts: ContactListItem[]) {
  const client = new QueryClient();
  const data: ContactPages = { pages: [{ contacts, nextCursor: null, serverNow: '' }], pageParams: [null] };
  client.setQueryData(inboxKeys.list('unassigned', { q: '', tagIds: [] }), data);
  return client;
}

const tagsOf = (client: QueryClient) =>
  Object.fromEntries(
    client
      .getQueryData<ContactPages>(inboxKeys.list('unassigned', { q: '', tagIds: [] }))!
      .pages[0]!.contacts.map((c) => [c.id, c.tags.map((t) => t.name)]),
  );

describe('tags on contacts', () => {
  it('the common tags of several contacts are the ones all of them carry', () => {
    expect(
      commonTags([contact('a', [VIP, TRADE]), contact('b', [TRADE, VIP]), contact('c', [TRADE])]),
    ).toEqual([TRADE]);
    expect(commonTags([])).toEqual([]);
  });

  it('finds a tag by name in any letter case, ignoring spaces around', () => {
    expect(findTagByName([VIP, TRADE], '  vip ')).toBe(VIP);
    expect(findTagByName([VIP, TRADE], 'vi')).toBeUndefined();
  });

  it('adds a tag at once, skipping contacts that have it, and takes it back off on failure', async () => {
    const client = clientWith([contact('a'), contact('b', [VIP])]);
    let release: (value: { status: number }) => void = () => {};
    mockApi({ 'POST /api/tags/t1/contacts': () => new Promise((resolve) => (release = resolve)) });
    const pending = addTagToContacts(client, VIP, ['a', 'b']);
    expect(tagsOf(client)).toEqual({ a: ['VIP'], b: ['VIP'] });
    release({ status: 500 });
    await expect(pending).rejects.toThrow('Failed to add tag');
    expect(tagsOf(client)).toEqual({ a: [], b: ['VIP'] });
  });

  it('puts an added tag where the server will list it (by name in any case)', async () => {
    const client = clientWith([contact('a', [TRADE, VIP])]);
    mockApi({ 'POST /api/tags/t3/contacts': { body: { added: 1, skipped: 0 } } });
    await addTagToContacts(client, { id: 't3', name: 'lead' }, ['a']);
    expect(tagsOf(client)).toEqual({ a: ['lead', 'Trade', 'VIP'] });
  });

  it('removes a tag at once and puts it back where it was when the server refuses', async () => {
    const client = clientWith([contact('a', [VIP, TRADE]), contact('b', [TRADE])]);
    mockApi({
      'DELETE /api/tags/t2/contacts/a': { status: 204 },
      'DELETE /api/tags/t2/contacts/b': { status: 500, body: null },
    });
    await expect(removeTagFromContacts(client, TRADE, ['a', 'b'])).rejects.toThrow('Failed to remove tag');
    expect(tagsOf(client)).toEqual({ a: ['VIP'], b: ['Trade'] });
  });

  it('after a rename or delete elsewhere, rows and the open header follow the tag list', async () => {
    const client = clientWith([contact('a', [VIP, TRADE])]);
    client.setQueryData<ConversationPages>(['messages', 'a'], {
      pages: [
        {
          contact: {
            ...contact('a', [VIP, TRADE]),
            profileName: '',
            notes: '',
            fields: {},
            consent: { state: 'unknown' as const, changedAt: null, source: null, changedBy: null },
          },
          messages: [],
          nextCursor: null,
          serverNow: '',
        },
      ],
      pageParams: [null],
    });
    mockApi({ 'GET /api/tags': { body: { tags: [{ id: 't1', name: 'Gold', contactCount: 1 }] } } });
    await refreshTagNames(client);
    expect(tagsOf(client)).toEqual({ a: ['Gold'] });
    expect(client.getQueryData<ConversationPages>(['messages', 'a'])!.pages[0]!.contact.tags).toEqual([
      { id: 't1', name: 'Gold' },
    ]);
  });
});
