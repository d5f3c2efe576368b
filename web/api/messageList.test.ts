import type { InboxMessage } from '@common/api/inbox';
import { describe, expect, it } from 'vitest';
import { inboxMessage } from '../test/inboxMessage';
import {
  type ConversationPages,
  isRealOf,
  mergeConversation,
  messageKey,
  newClientRef,
  setReactions,
  upsertMessage,
} from './messageList';

const T0 = Date.parse('2026-03-12T10:00:00Z');
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

/** A teammate's text, still pending. */
function message(overrides: Partial<InboxMessage> = {}): InboxMessage {
  return inboxMessage({
    direction: 'outgoing',
    body: 'Hello',
    preview: 'Hello',
    content: { kind: 'text', body: 'Hello' },
    externalId: null,
    status: 'pending',
    timestamp: at(0),
    createdAt: at(0),
    updatedAt: at(0),
    abilities: { react: false, retry: false, markRead: false },
    ...overrides,
  });
}

const temp = (ref: string, overrides: Partial<InboxMessage> = {}) =>
  message({ id: ref, clientRef: ref, ...overrides });

function pages(...lists: InboxMessage[][]): ConversationPages {
  return {
    pages: lists.map((messages) => ({
      contact: {} as ConversationPages['pages'][number]['contact'],
      messages,
      nextCursor: null,
      serverNow: at(0),
    })),
    pageParams: lists.map((_, i) => (i === 0 ? null : `cursor-${i}`)),
  };
}

describe('newClientRef', () => {
  it("makes distinct ids the server accepts ('temp-' and safe characters)", () => {
    const a = newClientRef();
    const b = newClientRef();
    expect(a).toMatch(/^temp-[A-Za-z0-9_.:-]+$/);
    expect(a).not.toBe(b);
  });
});

describe('isRealOf', () => {
  it('matches the stored row carrying the temp id as clientRef', () => {
    const pending = temp('temp-a');
    expect(isRealOf(message({ id: 'real', clientRef: 'temp-a', status: 'sent' }), pending)).toBe(true);
    expect(isRealOf(message({ id: 'real', clientRef: 'temp-b' }), pending)).toBe(false);
  });

  it('falls back to same content, type, direction and media type within 30 seconds', () => {
    const pending = temp('temp-a', { timestamp: at(0) });
    expect(isRealOf(message({ id: 'real', timestamp: at(29) }), pending)).toBe(true);
    expect(isRealOf(message({ id: 'real', timestamp: at(31) }), pending)).toBe(false);
    expect(isRealOf(message({ id: 'real', body: 'Hello!' }), pending)).toBe(false);
    expect(isRealOf(message({ id: 'real', direction: 'incoming' }), pending)).toBe(false);
    expect(isRealOf(message({ id: 'real', type: 'image' }), pending)).toBe(false);
  });

  it('never matches another temp row', () => {
    expect(isRealOf(temp('temp-b'), temp('temp-a'))).toBe(false);
  });
});

describe('mergeConversation', () => {
  it('shows a pending send until its stored row arrives, then the stored row in its place', () => {
    const older = message({ id: 'older', direction: 'incoming', status: 'read', timestamp: at(-60) });
    const pending = temp('temp-a', { timestamp: at(0) });
    expect(mergeConversation([older], [pending]).map((m) => m.id)).toEqual(['older', 'temp-a']);

    const stored = message({ id: 'real', clientRef: 'temp-a', status: 'sent', timestamp: at(1) });
    const merged = mergeConversation([stored, older], [pending]);
    expect(merged.map((m) => m.id)).toEqual(['older', 'real']);
    // The React key stays the clientRef: the bubble is replaced in place, not re-added.
    expect(messageKey(merged[1]!)).toBe(messageKey(pending));
  });

  it('lists a row once when two pages or a live event carry it, keeping the newest version', () => {
    const sent = message({ id: 'real', status: 'sent', updatedAt: at(1) });
    const read = message({ id: 'real', status: 'read', updatedAt: at(5) });
    expect(mergeConversation([read, sent], [])).toEqual([read]);
    expect(mergeConversation([sent, read], [])).toEqual([read]);
  });

  it('treats two rows with the same provider id as one message', () => {
    const a = message({ id: 'a', externalId: 'wamid.1', updatedAt: at(1) });
    const b = message({ id: 'b', externalId: 'wamid.1', updatedAt: at(2) });
    expect(mergeConversation([a, b], []).map((m) => m.id)).toEqual(['b']);
  });

  it('lets one stored row replace only one of two identical pending sends', () => {
    const first = temp('temp-a', { timestamp: at(0) });
    const second = temp('temp-b', { timestamp: at(1) });
    const stored = message({ id: 'real', timestamp: at(0) });
    expect(mergeConversation([stored], [first, second]).map((m) => m.id)).toEqual(['real', 'temp-b']);
  });

  it('keeps two real messages with the same words (a customer saying "ok" twice)', () => {
    const one = message({ id: 'one', direction: 'incoming', body: 'ok', externalId: 'wamid.1' });
    const two = message({ id: 'two', direction: 'incoming', body: 'ok', externalId: 'wamid.2' });
    expect(mergeConversation([two, one], [])).toHaveLength(2);
  });

  it('keeps arrival order within one second of Meta timestamps', () => {
    const rows = [
      message({ id: 'a', timestamp: at(0), createdAt: '2026-03-12T10:00:00.900Z' }),
      message({ id: 'b', timestamp: at(0), createdAt: '2026-03-12T10:00:00.100Z' }),
    ];
    expect(mergeConversation(rows, []).map((m) => m.id)).toEqual(['b', 'a']);
  });

  it('orders by timestamp, oldest first', () => {
    const rows = [
      message({ id: 'c', timestamp: at(30) }),
      message({ id: 'a', timestamp: at(-30) }),
      message({ id: 'b', timestamp: at(0) }),
    ];
    expect(mergeConversation(rows, []).map((m) => m.id)).toEqual(['a', 'b', 'c']);
  });
});

describe('upsertMessage', () => {
  it('puts a new message on top of the newest page', () => {
    const data = pages([message({ id: 'x' })], [message({ id: 'y' })]);
    const next = upsertMessage(data, message({ id: 'new' }));
    expect(next.pages[0]!.messages.map((m) => m.id)).toEqual(['new', 'x']);
    expect(next.pages[1]).toBe(data.pages[1]);
  });

  it('updates the row where it is, also on an older page', () => {
    const data = pages([message({ id: 'x' })], [message({ id: 'y', status: 'sent', updatedAt: at(1) })]);
    const next = upsertMessage(data, message({ id: 'y', status: 'delivered', updatedAt: at(2) }));
    expect(next.pages[1]!.messages[0]!.status).toBe('delivered');
    expect(next.pages[0]!.messages).toHaveLength(1);
  });

  it('keeps the cached row when it is newer than the event (late delivery)', () => {
    const data = pages([message({ id: 'y', status: 'read', updatedAt: at(5) })]);
    const next = upsertMessage(data, message({ id: 'y', status: 'delivered', updatedAt: at(2) }));
    expect(next.pages[0]!.messages[0]!.status).toBe('read');
  });

  it('is idempotent: the same event twice leaves one row', () => {
    const event = message({ id: 'new' });
    const once = upsertMessage(pages([]), event);
    expect(upsertMessage(once, event).pages[0]!.messages).toHaveLength(1);
  });
});

describe('setReactions', () => {
  it('replaces the reactions of the target found by id or provider id', () => {
    const data = pages([message({ id: 'x', externalId: 'wamid.x' }), message({ id: 'y' })]);
    const reaction = {
      emoji: '👍',
      reactor: 'customer:1',
      direction: 'incoming' as const,
      status: 'delivered',
      sentBy: null,
      timestamp: at(0),
    };
    const next = setReactions(data, { messageId: null, targetExternalId: 'wamid.x' }, [reaction]);
    expect(next.pages[0]!.messages[0]!.reactions).toEqual([reaction]);
    expect(next.pages[0]!.messages[1]!.reactions).toEqual([]);
  });
});
