import { rooms, type ServerEventFrame } from '@common/realtime';
import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aiBotChats, contacts } from '../../db/schema';
import type { DomainEvent } from '../../events/types';
import { contactNameColumns } from '../../presenters/contact-name';
import { type AiBotChatRow, presentChatBot } from './chat-state';
import { loadBotSettings } from './settings';

/**
 * The live feed's `ai_bot.chat_changed` frames for one account's committed changes: a hand-over (with
 * `notify`, so teammates are told, unless a teammate's reply caused it), a pause or a resume. The chat's state is read as it is now.
 */
export async function botFrames(
  db: Executor,
  accountId: string,
  changes: DomainEvent[],
): Promise<{ room: string; frame: ServerEventFrame }[]> {
  const notify = new Set<string>();
  const changed = new Set<string>();
  for (const c of changes) {
    // Teammates hear of the bot giving up a chat; a teammate's own reply needs no announcement.
    if (c.kind === 'ai_bot.handed_over' && c.reason !== 'teammate_replied') notify.add(c.contactId);
    if (c.kind === 'ai_bot.handed_over' || c.kind === 'ai_bot.chat_changed') changed.add(c.contactId);
  }
  if (changed.size === 0) return [];
  const ids = [...changed];
  const [settings, chats, people] = await Promise.all([
    loadBotSettings(db, accountId),
    db.select().from(aiBotChats).where(inArray(aiBotChats.contactId, ids)),
    db
      .select(contactNameColumns)
      .from(contacts)
      .where(and(eq(contacts.accountId, accountId), inArray(contacts.id, ids))),
  ]);
  const chatById = new Map<string, AiBotChatRow>(chats.map((row) => [row.contactId, row]));
  const updatedAt = new Date().toISOString();
  return people.map((person) => ({
    room: rooms.account(accountId),
    frame: {
      type: 'event',
      event: 'ai_bot.chat_changed',
      data: {
        accountId,
        contactId: person.id,
        updatedAt,
        bot: presentChatBot(settings?.enabled ?? false, chatById.get(person.id) ?? null),
        notify: notify.has(person.id),
        contactName: (person.customName ?? '').trim() || person.profileName.trim(),
        phone: `+${person.phone}`,
      },
    },
  }));
}
