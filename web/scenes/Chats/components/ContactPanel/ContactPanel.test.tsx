import type { ContactMediaItem, ContactStats } from '@common/api/contact-details';
import type {
  ContactDetail,
  ContactListResponse,
  ConversationResponse,
  InboxCountsResponse,
} from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { applyContact, type ContactPages, inboxKeys } from '../../../../api/inbox';
import { mockApi, renderScreen } from '../../../../test/render';
import { ContactPanel } from './ContactPanel';

const now = new Date();
const DAY = 24 * 60 * 60 * 1000;
const contact: ContactDetail = {
  id: 'c-1',
  waId: '16505550142',
  name: 'Maya Patel',
  profileName: 'Maya',
  notes: 'Prefers pastel colours',
  fields: {},
  consent: { state: 'unknown' as const, changedAt: null, source: null, changedBy: null },
  phone: '+16505550142',
  tags: [{ id: 't-1', name: 'Wedding' }],
  assignee: { id: 'u-1', label: 'jane' },
  lastMessageAt: now.toISOString(),
  lastMessagePreview: 'Hi',
  lastMessageDirection: 'incoming',
  lastMessageSentBy: null,
  unreadCount: 0,
  lastIncomingAt: now.toISOString(),
  windowClosesAt: new Date(now.getTime() + 23 * 3_600_000).toISOString(),
  archived: false,
  blocked: false,
  createdAt: now.toISOString(),
  updatedAt: now.toISOString(),
  abilities: { sendFreeform: true },
};

const stats: ContactStats = {
  firstContactDate: new Date(now.getTime() - 40 * DAY).toISOString(),
  messageCount: 1234,
  mediaCount: { photos: 3, videos: 1, documents: 2 },
};

function item(id: string, type: ContactMediaItem['type'], ageDays: number): ContactMediaItem {
  return {
    id,
    type,
    url: `/api/media/${id}`,
    thumbnailUrl: type === 'image' ? `/api/media/${id}` : null,
    filename: type === 'image' ? 'Image' : 'Video',
    fileSize: null,
    mimeType: null,
    createdAt: new Date(now.getTime() - ageDays * DAY).toISOString(),
    messageId: `m-${id}`,
    mediaId: id,
    direction: 'incoming',
  };
}

/** A teammate's later save: the live row carries the new updatedAt but not the notes. */
const teammate = {
  notes: 'Teammate: allergic to lilies',
  updatedAt: new Date(now.getTime() + 5_000).toISOString(),
};

function setup({ owner = true } = {}) {
  const conversation: ConversationResponse = {
    contact,
    messages: [],
    nextCursor: null,
    serverNow: now.toISOString(),
  };
  const counts: InboxCountsResponse = {
    unassigned: 1,
    mine: 0,
    team: owner ? 0 : null,
    abilities: { viewTeam: owner, assignToOthers: owner, deleteContacts: owner },
  };
  const fetchMock = mockApi({
    'GET /api/contacts/c-1/messages': { body: conversation },
    'GET /api/contacts/c-1/stats': { body: stats },
    'GET /api/contacts/c-1/media': {
      body: {
        items: [item('a', 'image', 1), item('b', 'video', 2), item('c', 'image', 12), item('d', 'image', 90)],
      },
    },
    'GET /api/inbox/counts': { body: counts },
    'POST /api/contacts/c-1/state': { status: 204 },
    'GET /api/contacts/c-1': { body: { contact: { ...contact, ...teammate }, serverNow: now.toISOString() } },
  });
  const onClose = vi.fn();
  const onDeleted = vi.fn();
  const result = renderScreen(
    <ContactPanel contactId="c-1" meId="u-1" onClose={onClose} onDeleted={onDeleted} />,
  );
  return { ...result, fetchMock, onClose, onDeleted, user: userEvent.setup() };
}

describe('ContactPanel', () => {
  it('shows the contact, notes, stats, tags and assignment, and the media grouped by age', async () => {
    setup();
    const panel = await screen.findByTestId('contact-panel');
    expect(await within(panel).findByTestId('panel-name')).toHaveProperty('textContent', 'Maya Patel');
    expect(within(panel).getByRole('textbox', { name: 'Notes' })).toHaveProperty(
      'value',
      'Prefers pastel colours',
    );
    expect((await within(panel).findByTestId('message-count')).textContent).toBe('1,234');
    expect(within(panel).getByTestId('media-counts').textContent).toBe('3Photos1Video2Documents');
    expect(within(panel).getByTestId('panel-assignee').textContent).toContain('jane(You)');
    expect(
      within(panel)
        .getAllByTestId('tag-chip')
        .map((chip) => chip.textContent),
    ).toEqual(['Wedding']);
    expect(within(panel).getByRole('button', { name: 'Edit tags' })).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Assigned to: jane' })).toBeTruthy();

    await waitFor(() => expect(within(panel).getAllByTestId('media-tile')).toHaveLength(4));
    const groups = within(panel).getAllByTestId('media-group');
    expect(
      groups.map((g) => [g.querySelector('h5')?.textContent, within(g).getAllByTestId('media-tile').length]),
    ).toEqual([
      ['This week', 2],
      ['Last month', 1],
      ['Earlier', 1],
    ]);
    expect(within(panel).getByRole('tab', { name: /Media/ }).textContent).toBe('Media4');
  });

  it('offers Delete to owners only', async () => {
    setup({ owner: false });
    const actions = await screen.findByTestId('contact-actions');
    expect(within(actions).getByRole('button', { name: /^Archive/ })).toBeTruthy();
    await waitFor(() => expect(within(actions).getByRole('button', { name: /^Block/ })).toBeTruthy());
    expect(within(actions).queryByRole('button', { name: /^Delete/ })).toBeNull();
  });

  it('archives after the confirm dialog: the contact leaves the cached tab lists', async () => {
    const { user, queryClient, fetchMock } = setup();
    const list: ContactPages = {
      pages: [
        { contacts: [contact], nextCursor: null, serverNow: now.toISOString() } satisfies ContactListResponse,
      ],
      pageParams: [null],
    };
    queryClient.setQueryData(inboxKeys.list('unassigned', { q: '', tagIds: [] }), list);
    const actions = await screen.findByTestId('contact-actions');
    await user.click(within(actions).getByRole('button', { name: /^Archive/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Archive this contact?' });
    expect(dialog.textContent).toContain('leaves the tabs until they write again');
    await user.click(within(dialog).getByRole('button', { name: 'Archive' }));

    await waitFor(() =>
      expect(screen.queryByRole('alertdialog', { name: 'Archive this contact?' })).toBeNull(),
    );
    const call = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/state'));
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ archived: true });
    const after = queryClient.getQueryData<ContactPages>(inboxKeys.list('unassigned', { q: '', tagIds: [] }));
    expect(after?.pages[0]?.contacts).toEqual([]);
    expect(await screen.findByTestId('archived-badge')).toBeTruthy();
    expect(within(actions).getByRole('button', { name: /^Unarchive/ })).toBeTruthy();
  });

  it('closes on Escape and with the close button, but Escape first cancels a note being edited', async () => {
    const { user, onClose } = setup();
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    await user.type(notes, ' and peonies');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(notes).toHaveProperty('value', 'Prefers pastel colours');
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Close contact details' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });

  it("shows a teammate's notes once the live row changes (notes are re-read)", async () => {
    const { queryClient, fetchMock } = setup();
    const notes = await screen.findByRole('textbox', { name: 'Notes' });
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/contacts/c-1')).toBe(false);
    const { notes: _notes, profileName: _profileName, ...row } = contact;
    applyContact(queryClient, { ...row, updatedAt: teammate.updatedAt }, 'u-1');
    await waitFor(() => expect(notes).toHaveProperty('value', 'Teammate: allergic to lilies'));
  });
});
