import {
  AI_BOT_DEFAULTS,
  type AiBotSettings,
  type BusinessHours,
  businessHoursSchema,
  DEFAULT_BUSINESS_HOURS,
} from '@common/api/ai-bot';
import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { aiBotSettings } from '../../db/schema';
import { accountTimeZone } from '../../teams/time-zone';

export type AiBotSettingsRow = typeof aiBotSettings.$inferSelect;

export async function loadBotSettings(db: Executor, accountId: string): Promise<AiBotSettingsRow | null> {
  const [row] = await db.select().from(aiBotSettings).where(eq(aiBotSettings.accountId, accountId));
  return row ?? null;
}

function storedHours(value: unknown): BusinessHours {
  const parsed = businessHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_HOURS;
}

/**
 * The settings as shown and used; no row is the bot off with the defaults. Business hours are read in
 * the team's time zone (`timeZone`, Settings → Team): the bot has no zone of its own.
 */
export function botSettingsOf(row: AiBotSettingsRow | null, timeZone: string): AiBotSettings {
  if (!row) {
    return { ...AI_BOT_DEFAULTS, timeZone, hours: DEFAULT_BUSINESS_HOURS, updatedAt: null };
  }
  return {
    enabled: row.enabled,
    when: row.when,
    timeZone,
    hours: storedHours(row.hours),
    maxTurns: row.maxTurns,
    maxRepliesPerHour: row.maxRepliesPerHour,
    maxLength: row.maxLength,
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The account's bot settings with its team's time zone, as the bot and the AI Bots tab use them. */
export async function loadBot(db: Executor, accountId: string): Promise<AiBotSettings> {
  const row = await loadBotSettings(db, accountId);
  return botSettingsOf(row, await accountTimeZone(db, accountId));
}
