import type { UserSummary } from '@common/api/inbox';
import type { Executor } from '../db/client';
import { anyOf, preparedPer } from '../db/named-statements';
import { users } from '../db/schema';

/** The assignee label of spec §6: the part of the e-mail before the @. */
export function userLabel(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

const usersById = preparedPer((db) =>
  db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(anyOf(users.id, 'ids', 'uuid'))
    .prepare('user_summaries'),
);

/** Id and label of each user, in one query. */
export async function loadUserSummaries(
  db: Executor,
  ids: Iterable<string | null>,
): Promise<Map<string, UserSummary>> {
  const unique = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await usersById(db).execute({ ids: unique });
  return new Map(rows.map((u) => [u.id, { id: u.id, label: userLabel(u.email) }]));
}
