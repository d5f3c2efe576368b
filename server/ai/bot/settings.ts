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

export type AiBotSettingsRow = typeof aiBotSettings.$inferSelect;

export async function loadBotSettings(db: Executor, accountId: string): Promise<AiBotSettingsRow | null> {
  const [row] = await db.select().from(aiBotSettings).where(eq(aiBotSettings.accountId, accountId));
  return row ?? null;
}

function storedHours(value: unknown): BusinessHours {
  const parsed = businessHoursSchema.safeParse(value);
  return parsed.success ? parsed.data : DEFAULT_BUSINESS_HOURS;
}

/** The settings as shown and used; no row is the bot off with the defaults. */
export function botSettingsOf(row: AiBotSettingsRow | null): AiBotSettings {
  if (!row) {
    return { ...AI_BOT_DEFAULTS, hours: DEFAULT_BUSINESS_HOURS, updatedAt: null };
  }
  return {
    enabled: row.enabled,
    when: row.when,
    timeZone: row.timeZone,
    hours: storedHours(row.hours),
    maxTurns: row.maxTurns,
    maxRepliesPerHour: row.maxRepliesPerHour,
    maxLength: row.maxLength,
    updatedAt: row.updatedAt.toISOString(),
  };
}
