import type { AiBotHandoverReason, ChatBotState } from '@common/api/ai-bot';
import { eq, sql } from 'drizzle-orm';
import { recordAudit } from '../../audit/audit-log';
import type { Executor } from '../../db/client';
import { aiBotChats, aiBotSettings, teams } from '../../db/schema';
import type { DomainEvent } from '../../events/types';

export type AiBotChatRow = typeof aiBotChats.$inferSelect;

export async function loadChatBotRow(db: Executor, contactId: string): Promise<AiBotChatRow | null> {
  const [row] = await db.select().from(aiBotChats).where(eq(aiBotChats.contactId, contactId));
  return row ?? null;
}

/** A chat's bot state as the conversation header shows it (`enabled`: the team's bot switch). */
export function presentChatBot(enabled: boolean, row: AiBotChatRow | null): ChatBotState {
  if (!enabled) return { state: 'off' };
  if (!row || row.state === 'active') return { state: 'active' };
  if (row.state === 'paused') return { state: 'paused', at: row.changedAt.toISOString() };
  return {
    state: 'handed_over',
    ...(row.reason ? { reason: row.reason as AiBotHandoverReason } : {}),
    at: row.changedAt.toISOString(),
  };
}

/**
 * The bot stops in a chat and leaves it to the team: the chat's state becomes handed_over with the
 * reason, unless it is already paused or handed over (then nothing changes and false is returned).
 * The caller's transaction; `emit` tells the live feed, which notifies teammates (not when a teammate's
 * own message was the reason: they have the chat already).
 */
export async function handOver(
  tx: Executor,
  emit: (...events: DomainEvent[]) => void,
  chat: { accountId: string; contactId: string },
  reason: AiBotHandoverReason,
): Promise<boolean> {
  const now = new Date();
  const [row] = await tx
    .insert(aiBotChats)
    .values({ ...chat, state: 'handed_over', reason, changedAt: now, updatedAt: now })
    .onConflictDoUpdate({
      target: aiBotChats.contactId,
      set: { state: 'handed_over', reason, changedAt: now, changedBy: null, updatedAt: now },
      setWhere: sql`${aiBotChats.state} = 'active'`,
    })
    // xmax = 0: the row is new (the bot had never spoken or been switched in this chat).
    .returning({ fresh: sql<boolean>`xmax = 0` });
  if (!row) return false;
  emit({ kind: 'ai_bot.handed_over', ...chat, reason });
  // A teammate writing in a chat the bot never touched is no news for the activity log.
  if (row.fresh && reason === 'teammate_replied') return true;
  // The team's activity log: the system (no actor) handed the chat over, and why.
  const [team] = await tx
    .select({ id: teams.id })
    .from(teams)
    .where(eq(teams.whatsappAccountId, chat.accountId));
  if (team) {
    await recordAudit(tx, {
      actorId: null,
      teamId: team.id,
      action: 'ai_bot.handed_over',
      subjectType: 'contact',
      subjectId: chat.contactId,
      details: { reason },
    });
  }
  return true;
}

/** One more bot reply in the chat (the turn limit counts them since the last resume). */
export async function countTurn(tx: Executor, chat: { accountId: string; contactId: string }) {
  await tx
    .insert(aiBotChats)
    .values({ ...chat, state: 'active', turns: 1 })
    .onConflictDoUpdate({
      target: aiBotChats.contactId,
      set: { turns: sql`${aiBotChats.turns} + 1`, updatedAt: new Date() },
    });
}

/**
 * A teammate pauses (paused) or resumes the bot in a chat. Resuming after a hand-over makes it
 * active again with its turns counted from zero. Returns the row as it is now.
 */
export async function setChatPaused(
  tx: Executor,
  chat: { accountId: string; contactId: string },
  paused: boolean,
  userId: string,
): Promise<AiBotChatRow> {
  const now = new Date();
  const values = paused
    ? { state: 'paused' as const, reason: null, changedAt: now, changedBy: userId, updatedAt: now }
    : { state: 'active' as const, reason: null, turns: 0, changedAt: now, changedBy: userId, updatedAt: now };
  const [row] = await tx
    .insert(aiBotChats)
    .values({ ...chat, ...values })
    .onConflictDoUpdate({ target: aiBotChats.contactId, set: values })
    .returning();
  return row!;
}

/** A chat's bot state for the conversation header (`ContactDetail.bot`); the caller loaded the contact for its actor. */
export async function chatBotStateOf(
  db: Executor,
  accountId: string,
  contactId: string,
): Promise<ChatBotState> {
  const [[settings], row] = await Promise.all([
    db
      .select({ enabled: aiBotSettings.enabled })
      .from(aiBotSettings)
      .where(eq(aiBotSettings.accountId, accountId)),
    loadChatBotRow(db, contactId),
  ]);
  return presentChatBot(settings?.enabled ?? false, row);
}
