import { DEFAULT_TIME_ZONE } from '@common/time-zone';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { teams } from '../db/schema';

/** The team's time zone (Settings → Team); UTC for a team that is gone. */
export async function teamTimeZone(db: Executor, teamId: string): Promise<string> {
  const [team] = await db.select({ timeZone: teams.timeZone }).from(teams).where(eq(teams.id, teamId));
  return team?.timeZone ?? DEFAULT_TIME_ZONE;
}

/**
 * The time zone of the team working in a WhatsApp account, for work done per account (the AI bot's
 * business hours). A number belongs to one team; UTC when none has it.
 */
export async function accountTimeZone(db: Executor, accountId: string): Promise<string> {
  const [team] = await db
    .select({ timeZone: teams.timeZone })
    .from(teams)
    .where(eq(teams.whatsappAccountId, accountId))
    .orderBy(asc(teams.createdAt), asc(teams.id))
    .limit(1);
  return team?.timeZone ?? DEFAULT_TIME_ZONE;
}
