import type { UserSummary } from '@common/api/inbox';
import { inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { users } from '../db/schema';

/** The assignee label of spec §6: the part of the e-mail before the @. */
export function userLabel(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/** Id and label of each user, in one query. */
export async function loadUserSummaries(
  db: Executor,
  ids: Iterable<string | null>,
): Promise<Map<string, UserSummary>> {
  const unique = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.id, unique));
  return new Map(rows.map((u) => [u.id, { id: u.id, label: userLabel(u.email) }]));
}
