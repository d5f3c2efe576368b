import type { ContactListItem } from '@common/api/inbox';
import { rooms, type ServerEventFrame } from '@common/realtime';
import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger as Logger } from 'fastify';
import type { Database } from '../db/client';
import { contacts, messages, reactions } from '../db/schema';
import type { Env } from '../env';
import { type InboxChange, inboxChanges } from '../inbound/inbox-changes';
import { messagingNow } from '../outbound/clock';
import { canSendFreeform } from '../outbound/window';
import { loadPresentedContacts } from '../presenters/contact';
import { presentMessages, presentReactions } from '../presenters/message';
import { loadUserSummaries } from '../presenters/users';
import type { LiveBroker } from './broker';

type Deps = { db: Database; env: Env; broker: LiveBroker; log: Logger };
type Outgoing = { room: string; frame: ServerEventFrame };

const unique = <T>(values: T[]) => [...new Set(values)];

/** message.created / message.updated frames, presented (media, reactions, quote, sender, abilities). */
async function messageFrames(
  db: Database,
  env: Env,
  accountId: string,
  changes: InboxChange[],
): Promise<Outgoing[]> {
  const created = new Set(changes.flatMap((c) => (c.kind === 'message.created' ? [c.messageId] : [])));
  const ids = unique(
    changes.flatMap((c) =>
      c.kind === 'message.created' || c.kind === 'message.updated' ? [c.messageId] : [],
    ),
  );
  if (ids.length === 0) return [];
  const rows = await db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), inArray(messages.id, ids)));
  const windows = await db
    .select({ id: contacts.id, lastIncomingAt: contacts.lastIncomingAt, blockedAt: contacts.blockedAt })
    .from(contacts)
    .where(inArray(contacts.id, unique(rows.map((r) => r.contactId))));
  const now = await messagingNow(db, env);
  const open = new Map(windows.map((c) => [c.id, canSendFreeform(c, now)]));
  const blocked = new Set(windows.flatMap((c) => (c.blockedAt ? [c.id] : [])));
  const presented = await presentMessages(db, accountId, rows, (contactId) => open.get(contactId) ?? false);
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
    const notify = message.direction === 'incoming' && !blocked.has(message.contactId);
    return {
      room,
      frame: created.has(message.id)
        ? { type: 'event', event: 'message.created', data: { ...data, notify } }
        : { type: 'event', event: 'message.updated', data },
    };
  });
}

/** reaction.changed frames: the target's whole current list, plus the business's own reaction state. */
async function reactionFrames(db: Database, accountId: string, changes: InboxChange[]): Promise<Outgoing[]> {
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

/** contact.updated / assigned / tagged / deleted frames with the presented list row. */
async function contactFrames(
  db: Database,
  env: Env,
  accountId: string,
  changes: InboxChange[],
): Promise<Outgoing[]> {
  const updated = new Set<string>();
  const assigned = new Set<string>();
  const tagged = new Set<string>();
  const out: Outgoing[] = [];
  const room = rooms.account(accountId);
  const now = new Date().toISOString();
  for (const c of changes) {
    if (c.kind === 'message.created' || c.kind === 'contact.updated') updated.add(c.contactId);
    else if (c.kind === 'contact.assigned') assigned.add(c.contactId);
    else if (c.kind === 'contact.tagged') {
      if (c.contactId) tagged.add(c.contactId);
      else
        out.push({
          room,
          frame: {
            type: 'event',
            event: 'contact.tagged',
            data: { accountId, contactId: null, updatedAt: now, contact: null },
          },
        });
    } else if (c.kind === 'contact.deleted') {
      out.push({
        room,
        frame: {
          type: 'event',
          event: 'contact.deleted',
          data: { accountId, contactId: c.contactId, updatedAt: now },
        },
      });
    } else if (c.kind === 'template.updated') {
      out.push({
        room,
        frame: {
          type: 'event',
          event: 'template.updated',
          data: { accountId, templateId: c.templateId, updatedAt: now },
        },
      });
    }
  }
  const ids = unique([...updated, ...assigned, ...tagged]);
  if (ids.length === 0) return out;
  const presented = await loadPresentedContacts(db, accountId, ids, await messagingNow(db, env));
  const each = (set: Set<string>, build: (contact: ContactListItem) => ServerEventFrame) => {
    for (const id of set) {
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
  // Assigned or tagged rows already carry the fresh row; no second update for them.
  for (const id of [...assigned, ...tagged]) updated.delete(id);
  each(updated, (contact) => ({
    type: 'event',
    event: 'contact.updated',
    data: { accountId, contactId: contact.id, updatedAt: contact.updatedAt, contact },
  }));
  return out;
}

/** The frames for one commit's changes, account by account: messages, then reactions, then contacts. */
export async function framesFor(db: Database, env: Env, changes: InboxChange[]): Promise<Outgoing[]> {
  const byAccount = new Map<string, InboxChange[]>();
  for (const change of changes) {
    const list = byAccount.get(change.accountId) ?? [];
    list.push(change);
    byAccount.set(change.accountId, list);
  }
  const out: Outgoing[] = [];
  for (const [accountId, list] of byAccount) {
    out.push(...(await messageFrames(db, env, accountId, list)));
    out.push(...(await reactionFrames(db, accountId, list)));
    out.push(...(await contactFrames(db, env, accountId, list)));
  }
  return out;
}

/**
 * Turns every committed inbox change of this process into typed events on the broker. Runs after
 * commit (publishChanges), reads fresh rows, and never throws into the code that published.
 */
export function startLiveFeed(deps: Deps): () => void {
  let queue = Promise.resolve();
  const onChanges = (changes: InboxChange[]) => {
    // One commit at a time, in commit order, so a client never sees 'updated' before 'created'.
    queue = queue.then(async () => {
      try {
        for (const { room, frame } of await framesFor(deps.db, deps.env, changes))
          await deps.broker.publish(room, frame);
      } catch (error) {
        deps.log.error({ err: error, changes: changes.length }, 'live: could not publish changes');
      }
    });
  };
  inboxChanges.on('changes', onChanges);
  return () => inboxChanges.off('changes', onChanges);
}
