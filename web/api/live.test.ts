import type { ContactListItem, InboxMessage } from '@common/api/inbox';
import type { ServerFrame } from '@common/realtime';
import { QueryClient } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { inboxMessage } from '../test/inboxMessage';
import { applyServerEvent, connectLive, parseFrame } from './live';

class FakeSocket {
  static instances: FakeSocket[] = [];
  readyState = 1;
  sent: string[] = [];
  onmessage: ((event: { data: unknown }) => void) | null = null;
  onclose: ((event: { code: number }) => void) | null = null;
  onerror: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }
  send(data: string) {
    this.sent.push(data);
  }
  close() {
    this.onclose?.({ code: 1000 });
  }
  receive(frame: ServerFrame) {
    this.onmessage?.({ data: JSON.stringify(frame) });
  }
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const hello: ServerFrame = {
  type: 'hello',
  connectionId: 'c1',
  userId: 'u1',
  accountId: 'a1',
  serverNow: new Date().toISOString(),
  heartbeatMs: 25_000,
};

describe('connectLive', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    FakeSocket.instances = [];
  });
  afterEach(() => vi.useRealTimers());

  const open = (options: Partial<Parameters<typeof connectLive>[0]> = {}) =>
    connectLive({
      onEvent: vi.fn(),
      onResync: vi.fn(),
      createSocket: (url) => new FakeSocket(url) as unknown as WebSocket,
      ...options,
    });

  it('connects to /api/live on this host', () => {
    open();
    expect(FakeSocket.instances[0]!.url).toMatch(/^ws:\/\/.+\/api\/live$/);
  });

  it('reconnects after 2 s, 4 s, then every 5 s, and treats a later hello as a resync', () => {
    const onResync = vi.fn();
    const statuses: string[] = [];
    open({ onResync, onStatus: (s) => statuses.push(s) });
    FakeSocket.instances[0]!.receive(hello);
    expect(onResync).not.toHaveBeenCalled();

    FakeSocket.instances[0]!.drop();
    vi.advanceTimersByTime(1_999);
    expect(FakeSocket.instances).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(2);
    FakeSocket.instances[1]!.drop();
    vi.advanceTimersByTime(4_000);
    expect(FakeSocket.instances).toHaveLength(3);
    FakeSocket.instances[2]!.drop();
    vi.advanceTimersByTime(4_999);
    expect(FakeSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(4);

    FakeSocket.instances[3]!.receive(hello);
    expect(onResync).toHaveBeenCalledTimes(1);
    expect(statuses).toContain('reconnecting');
    expect(statuses.at(-1)).toBe('open');
  });

  it("refetches on the server's resync frame and passes events on", () => {
    const onResync = vi.fn();
    const onEvent = vi.fn();
    open({ onResync, onEvent });
    const socket = FakeSocket.instances[0]!;
    socket.receive(hello);
    socket.receive({ type: 'resync', reason: 'overflow' });
    expect(onResync).toHaveBeenCalledTimes(1);
    const frame = {
      type: 'event',
      event: 'contact.deleted',
      data: { accountId: 'a1', contactId: 'c1', updatedAt: '' },
    } as const;
    socket.receive(frame);
    expect(onEvent).toHaveBeenCalledWith(frame);
  });

  it('stops for good when signed out (4401)', () => {
    const onEnded = vi.fn();
    open({ onEnded });
    FakeSocket.instances[0]!.drop(4401);
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
    expect(onEnded).toHaveBeenCalledWith(4401);
  });

  it('sends pings while open and stops reconnecting once closed', () => {
    const connection = open();
    connection.ping();
    expect(FakeSocket.instances[0]!.sent).toEqual(['{"type":"ping"}']);
    connection.close();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(1);
  });
});

describe('parseFrame', () => {
  it('ignores what is not a JSON frame', () => {
    expect(parseFrame('nope')).toBeNull();
    expect(parseFrame(new ArrayBuffer(2))).toBeNull();
    expect(parseFrame('{"type":"pong","serverNow":"x"}')).toEqual({ type: 'pong', serverNow: 'x' });
  });
});

function contact(overrides: Partial<ContactListItem> = {}): ContactListItem {
  return {
    id: 'c-1',
    waId: '1',
    name: 'Maya',
    phone: '+1',
    tags: [],
    assignee: null,
    lastMessageAt: '2026-03-12T10:00:00.000Z',
    lastMessagePreview: 'Hi',
    lastMessageDirection: 'incoming',
    lastMessageSentBy: null,
    unreadCount: 1,
    lastIncomingAt: null,
    windowClosesAt: null,
    archived: false,
    blocked: false,
    createdAt: '2026-03-12T10:00:00.000Z',
    updatedAt: '2026-03-12T10:00:00.000Z',
    abilities: { sendFreeform: false },
    ...overrides,
  };
}

describe('applyServerEvent', () => {
  const filter = { q: '', tagIds: [] };
  /** One cached page of a contact list tab. */
  const page = (contacts: ContactListItem[]) => ({
    pages: [{ contacts, nextCursor: null, serverNow: '' }],
    pageParams: [null],
  });

  it('moves a contact between cached tabs when it is assigned', () => {
    const client = new QueryClient();
    client.setQueryData(['inbox', 'contacts', 'unassigned', filter], page([contact()]));
    client.setQueryData(['inbox', 'contacts', 'mine', filter], page([]));

    const assigned = contact({ assignee: { id: 'me', label: 'me' }, updatedAt: '2026-03-12T10:01:00.000Z' });
    applyServerEvent(
      { client, meId: 'me' },
      {
        type: 'event',
        event: 'contact.assigned',
        data: {
          accountId: 'a',
          contactId: 'c-1',
          assigneeId: 'me',
          updatedAt: assigned.updatedAt,
          contact: assigned,
        },
      },
    );
    const ids = (tab: string) =>
      client
        .getQueryData<ReturnType<typeof page>>(['inbox', 'contacts', tab, filter])!
        .pages[0]!.contacts.map((c) => c.id);
    expect(ids('unassigned')).toEqual([]);
    expect(ids('mine')).toEqual(['c-1']);
  });

  it('puts a new message in its thread and moves its contact row with the row the message brings', () => {
    const client = new QueryClient();
    const other = contact({ id: 'c-2', name: 'Noor', lastMessageAt: '2026-03-12T10:05:00.000Z' });
    client.setQueryData(['inbox', 'contacts', 'unassigned', filter], page([other, contact()]));
    client.setQueryData(['messages', 'c-1'], {
      pages: [{ contact: contact(), messages: [], nextCursor: null, serverNow: '' }],
      pageParams: [null],
    });
    const message = inboxMessage({
      id: 'm-9',
      body: 'Still open?',
      preview: 'Still open?',
      content: { kind: 'text', body: 'Still open?' },
      externalId: 'wamid.9',
      status: 'delivered',
      timestamp: '2026-03-12T10:10:00.000Z',
      updatedAt: '2026-03-12T10:10:00.000Z',
      abilities: { react: true, retry: false, markRead: true },
    });
    const moved = contact({
      lastMessageAt: message.timestamp,
      lastMessagePreview: 'Still open?',
      unreadCount: 2,
      updatedAt: message.updatedAt,
    });
    const onIncoming = vi.fn();
    applyServerEvent(
      { client, meId: 'me', onIncoming },
      {
        type: 'event',
        event: 'message.created',
        data: {
          accountId: 'a',
          contactId: 'c-1',
          messageId: 'm-9',
          updatedAt: message.updatedAt,
          message,
          notify: true,
          contact: moved,
        },
      },
    );
    const rows = client.getQueryData<ReturnType<typeof page>>(['inbox', 'contacts', 'unassigned', filter])!
      .pages[0]!.contacts;
    expect(rows.map((c) => [c.id, c.lastMessagePreview, c.unreadCount])).toEqual([
      ['c-1', 'Still open?', 2],
      ['c-2', 'Hi', 1],
    ]);
    const thread = client.getQueryData<{ pages: { messages: InboxMessage[] }[] }>(['messages', 'c-1'])!;
    expect(thread.pages[0]!.messages.map((m) => m.id)).toEqual(['m-9']);
    expect(onIncoming).toHaveBeenCalledWith(message);
  });
});
