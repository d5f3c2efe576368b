import type { ContactListItem } from '@common/api/inbox';
import { rooms, type ServerEventFrame, type ServerEventMap, type ServerEventName } from '@common/realtime';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import { botFrames } from '../ai/bot/live';
import type { Database } from '../db/client';
import { anyOf, preparedPer } from '../db/named-statements';
import { contacts, messages, reactions } from '../db/schema';
import type { EventBus } from '../events/bus';
import type { DeliveredEvent, DomainEvent } from '../events/types';
import type { Clock } from '../lib/clock';
import { canSendFreeform } from '../outbound/window';
import { type ContactRow, presentContacts } from '../presenters/contact';
import { type MessageRow, presentMessages, presentReactions } from '../presenters/message';
import { loadUserSummaries } from '../presenters/users';
import type { LiveBroker } from './broker';

type Deps = { db: Database; clock: Clock; broker: LiveBroker; log: Logger; events: EventBus };
type Outgoing = { room: string; frame: ServerEventFrame };

const unique = <T>(values: T[]) => [...new Set(values)];

// By primary key alone, so the one plan these statements keep is the key lookup whatever the table's
// size (see named-statements.ts); the account is checked on the rows.
const contactsById = preparedPer((db) =>
  db
    .select()
    .from(contacts)
    .where(anyOf(contacts.id, 'ids', 'uuid'))
    .prepare('feed_contacts'),
);

const messagesById = preparedPer((db) =>
  db
    .select()
    .from(messages)
    .where(anyOf(messages.id, 'ids', 'uuid'))
    .prepare('feed_messages'),
);

/** The account's contacts by id (for message windows and the list rows of contact frames). */
async function loadContactRows(
  db: Database,
  accountId: string,
  ids: string[],
): Promise<Map<string, ContactRow>> {
  if (ids.length === 0) return new Map();
  const rows = await contactsById(db).execute({ ids: unique(ids) });
  return new Map(rows.filter((row) => row.accountId === accountId).map((row) => [row.id, row]));
}

/**
 * message.created / message.updated frames, presented (media, reactions, quote, sender, abilities).
 * A message.created named in `carried` brings its contact's list row along (see carriedRows).
 */
async function messageFrames(
  db: Database,
  accountId: string,
  created: Set<string>,
  rows: MessageRow[],
  contactRows: Map<string, ContactRow>,
  carried: Map<string, ContactListItem>,
  now: Date,
): Promise<Outgoing[]> {
  if (rows.length === 0) return [];
  const open = (contactId: string) => {
    const contact = contactRows.get(contactId);
    return contact ? canSendFreeform(contact, now) : false;
  };
  const presented = await presentMessages(db, accountId, rows, open);
  const room = rooms.account(accountId);
  return presented.map((message) => {
    const data = {
      accountId,
      contactId: message.contactId,
      messageId: message.id,
      updatedAt: message.updatedAt,
      message,
    };
    // A blocked contact's messages are kept but raise no notification (spec §2 contact panel).
    // A line stored already read (consent's system line, issue 14) raises none either.
    const notify =
      message.direction === 'incoming' &&
      message.status !== 'read' &&
      !contactRows.get(message.contactId)?.blockedAt;
    return {
      room,
      frame: created.has(message.id)
        ? {
            type: 'event',
            event: 'message.created',
            data: { ...data, notify, contact: carried.get(message.id) ?? null },
          }
        : { type: 'event', event: 'message.updated', data },
    };
  });
}

/** The messages the changes name, in the order the changes name them (commit order). */
async function loadMessageRows(
  db: Database,
  accountId: string,
  changes: DomainEvent[],
): Promise<MessageRow[]> {
  const ids = unique(
    changes.flatMap((c) =>
      c.kind === 'message.created' || c.kind === 'message.updated' ? [c.messageId] : [],
    ),
  );
  if (ids.length === 0) return [];
  const rows = (await messagesById(db).execute({ ids })).filter((row) => row.accountId === accountId);
  const order = new Map(ids.map((id, index) => [id, index]));
  return rows.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

/** reaction.changed frames: the target's whole current list, plus the business's own reaction state. */
async function reactionFrames(db: Database, accountId: string, changes: DomainEvent[]): Promise<Outgoing[]> {
  const targets = new Map<string, string>();
  for (const c of changes) if (c.kind === 'reaction.changed') targets.set(c.targetExternalId, c.contactId);
  if (targets.size === 0) return [];
  const externalIds = [...targets.keys()];
  const [rows, messageRows] = await Promise.all([
    db
      .select()
      .from(reactions)
      .where(and(eq(reactions.accountId, accountId), inArray(reactions.targetExternalId, externalIds))),
    db
      .select({ id: messages.id, externalId: messages.externalId })
      .from(messages)
      .where(and(eq(messages.accountId, accountId), inArray(messages.externalId, externalIds))),
  ]);
  const users = await loadUserSummaries(
    db,
    rows.map((r) => r.sentBy),
  );
  const messageIds = new Map(messageRows.map((m) => [m.externalId, m.id]));
  return externalIds.map((targetExternalId) => {
    const forTarget = rows.filter((r) => r.targetExternalId === targetExternalId);
    const business = forTarget.find((r) => r.reactor === 'business');
    const updatedAt = Math.max(0, ...forTarget.map((r) => r.updatedAt.getTime()));
    return {
      room: rooms.account(accountId),
      frame: {
        type: 'event',
        event: 'reaction.changed',
        data: {
          accountId,
          contactId: targets.get(targetExternalId)!,
          messageId: messageIds.get(targetExternalId) ?? null,
          targetExternalId,
          updatedAt: new Date(forTarget.length > 0 ? updatedAt : Date.now()).toISOString(),
          reactions: presentReactions(forTarget, users),
          business: business
            ? { emoji: business.emoji, status: business.status, sentBy: business.sentBy }
            : null,
        },
      },
    };
  });
}

/** The contact changes by what they become: frames carrying a list row, and frames that need none. */
type ContactChanges = {
  updated: Set<string>;
  assigned: Set<string>;
  tagged: Set<string>;
  /** The frames that carry no contact row (`rowlessFrame`). */
  rowless: Outgoing[];
};

/** The frame of an event that carries no contact row (null: it carries one, or has no frame). */
function rowlessFrame(accountId: string, c: DomainEvent, now: string): ServerEventFrame | null {
  const frame = <E extends ServerEventName>(event: E, data: ServerEventMap[E]) =>
    ({ type: 'event', event, data }) as ServerEventFrame;
  switch (c.kind) {
    case 'contact.tagged':
      return c.contactId
        ? null
        : frame('contact.tagged', { accountId, contactId: null, updatedAt: now, contact: null });
    case 'contact.deleted':
      return frame('contact.deleted', { accountId, contactId: c.contactId, updatedAt: now });
    case 'contact_field.changed':
      return frame('contact_field.changed', { accountId, fieldId: c.fieldId, updatedAt: now });
    case 'segment.changed':
      return frame('segment.changed', {
        accountId,
        segmentId: c.segmentId,
        deleted: c.deleted,
        updatedAt: now,
      });
    case 'campaign.changed':
      return frame('campaign.changed', {
        accountId,
        campaignId: c.campaignId,
        deleted: c.deleted,
        updatedAt: now,
      });
    case 'campaign.messages_changed':
      return frame('campaign.messages_changed', { accountId, contactIds: c.contactIds, updatedAt: now });
    case 'contacts.changed':
      return frame('contacts.changed', { accountId, updatedAt: now, count: c.count });
    case 'contact_import.progress':
      return frame('contact_import.progress', {
        accountId,
        importId: c.importId,
        updatedAt: now,
        import: c.import,
      });
    case 'template.updated':
      return frame('template.updated', { accountId, templateId: c.templateId, updatedAt: now });
    default:
      return null;
  }
}

function sortContactChanges(accountId: string, changes: DomainEvent[]): ContactChanges {
  const sorted: ContactChanges = { updated: new Set(), assigned: new Set(), tagged: new Set(), rowless: [] };
  const room = rooms.account(accountId);
  const now = new Date().toISOString();
  for (const c of changes) {
    if (c.kind === 'message.created' || c.kind === 'contact.updated') sorted.updated.add(c.contactId);
    else if (c.kind === 'contact.assigned') sorted.assigned.add(c.contactId);
    else if (c.kind === 'contact.tagged' && c.contactId) sorted.tagged.add(c.contactId);
    else {
      const frame = rowlessFrame(accountId, c, now);
      if (frame) sorted.rowless.push({ room, frame });
    }
  }
  return sorted;
}

/** The contacts whose list row goes out: message.created moves the row, the rest name it. */
function contactsWithRows(sorted: ContactChanges): string[] {
  return unique([...sorted.updated, ...sorted.assigned, ...sorted.tagged]);
}

/**
 * A new message changes its contact's list row (last message, unread count), so the row rides on the
 * contact's newest message.created of the batch instead of in a contact.updated of its own: one frame
 * per message to every socket, not two. Rows that go out in contact.assigned or contact.tagged stay
 * there. By message id.
 */
function carriedRows(
  created: Set<string>,
  rows: MessageRow[],
  sorted: ContactChanges,
  presented: Map<string, ContactListItem>,
): Map<string, ContactListItem> {
  const newest = new Map<string, string>();
  for (const row of rows) if (created.has(row.id)) newest.set(row.contactId, row.id);
  const carried = new Map<string, ContactListItem>();
  for (const [contactId, messageId] of newest) {
    const contact = presented.get(contactId);
    if (
      contact &&
      sorted.updated.has(contactId) &&
      !sorted.assigned.has(contactId) &&
      !sorted.tagged.has(contactId)
    )
      carried.set(messageId, contact);
  }
  return carried;
}

/** contact.updated / assigned / tagged / deleted frames with the presented list row. */
function contactFrames(
  accountId: string,
  sorted: ContactChanges,
  presented: Map<string, ContactListItem>,
  carried: Set<string>,
): Outgoing[] {
  const { assigned, tagged } = sorted;
  const out: Outgoing[] = [...sorted.rowless];
  const room = rooms.account(accountId);
  const each = (ids: Iterable<string>, build: (contact: ContactListItem) => ServerEventFrame) => {
    for (const id of ids) {
      const contact = presented.get(id);
      if (contact) out.push({ room, frame: build(contact) });
    }
  };
  each(assigned, (contact) => ({
    type: 'event',
    event: 'contact.assigned',
    data: {
      accountId,
      contactId: contact.id,
      assigneeId: contact.assignee?.id ?? null,
      updatedAt: contact.updatedAt,
      contact,
    },
  }));
  each(tagged, (contact) => ({
    type: 'event',
    event: 'contact.tagged',
    data: { accountId, contactId: contact.id, updatedAt: contact.updatedAt, contact },
  }));
  // Assigned or tagged frames, or a message.created, already carry the fresh row; no second update.
  const updated = [...sorted.updated].filter(
    (id) => !assigned.has(id) && !tagged.has(id) && !carried.has(id),
  );
  each(updated, (contact) => ({
    type: 'event',
    event: 'contact.updated',
    data: { accountId, contactId: contact.id, updatedAt: contact.updatedAt, contact },
  }));
  return out;
}

/**
 * The frames for committed changes, account by account: messages, then reactions, then contacts.
 * Rows are read once: the messages, then their contacts and the contacts whose row changed together.
 */
export async function framesFor(db: Database, clock: Clock, changes: DomainEvent[]): Promise<Outgoing[]> {
  const byAccount = new Map<string, DomainEvent[]>();
  for (const change of changes) {
    const list = byAccount.get(change.accountId) ?? [];
    list.push(change);
    byAccount.set(change.accountId, list);
  }
  const out: Outgoing[] = [];
  const now = byAccount.size > 0 ? await clock.now(db) : new Date();
  for (const [accountId, list] of byAccount) {
    const messageRows = await loadMessageRows(db, accountId, list);
    const sorted = sortContactChanges(accountId, list);
    const listed = contactsWithRows(sorted);
    const contactRows = await loadContactRows(db, accountId, [
      ...messageRows.map((row) => row.contactId),
      ...listed,
    ]);
    const listedRows = listed.flatMap((id) => contactRows.get(id) ?? []);
    const presented = new Map(
      (await presentContacts(db, listedRows, now)).map((contact) => [contact.id, contact]),
    );
    const created = new Set(list.flatMap((c) => (c.kind === 'message.created' ? [c.messageId] : [])));
    const carried = carriedRows(created, messageRows, sorted, presented);
    out.push(...(await messageFrames(db, accountId, created, messageRows, contactRows, carried, now)));
    out.push(...(await reactionFrames(db, accountId, list)));
    const carriedContacts = new Set([...carried.values()].map((contact) => contact.id));
    out.push(...contactFrames(accountId, sorted, presented, carriedContacts));
    out.push(...(await botFrames(db, accountId, list)));
  }
  return out;
}

/** How many recent event ids the feed remembers, so an event delivered twice is presented once. */
const SEEN_IDS = 10_000;

/**
 * Turns every committed domain event this process dispatches into typed events on the broker. Runs
 * after commit (the event bus), reads fresh rows, and never throws into the code that published. An
 * event delivered again (a recovery after a crash) is skipped by its id; one the process never saw
 * before is presented as usual — frames carry rows as they are now, so a late one is still right.
 */
export function startLiveFeed(deps: Deps): () => void {
  let pending: DomainEvent[] = [];
  let draining = false;
  const seen = new Set<string>();
  // One batch at a time, in commit order, so a client never sees 'updated' before 'created'. Commits
  // that arrive while a batch is being presented wait and go out together as the next one: frames
  // carry the rows as they are when read, so presenting several commits at once loses nothing, and
  // under load the feed reads once per batch instead of falling behind one commit at a time.
  const drain = async () => {
    draining = true;
    while (pending.length > 0) {
      const changes = pending;
      pending = [];
      try {
        for (const { room, frame } of await framesFor(deps.db, deps.clock, changes))
          await deps.broker.publish(room, frame);
      } catch (error) {
        deps.log.error({ err: error, changes: changes.length }, 'live: could not publish changes');
      }
    }
    draining = false;
  };
  const onEvents = (events: DeliveredEvent[]) => {
    for (const event of events) {
      if (seen.has(event.id)) continue;
      seen.add(event.id);
      pending.push(event);
    }
    // Forget the oldest ids (a Set iterates in insertion order).
    for (const id of seen) {
      if (seen.size <= SEEN_IDS) break;
      seen.delete(id);
    }
    if (!draining && pending.length > 0) void drain();
  };
  return deps.events.subscribe(onEvents);
}
