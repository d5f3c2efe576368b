import type { LastMessageSender, UserSummary } from '@common/api/inbox';
import { eq } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { anyOf, preparedPer } from '../db/named-statements';
import { userProfiles, users } from '../db/schema';

/** The assignee label of spec §6: the part of the e-mail before the @. */
export function userLabel(email: string): string {
  const at = email.indexOf('@');
  return at > 0 ? email.slice(0, at) : email;
}

/**
 * A teammate's first name for the contact list's 'Sam:': the first word of their profile name, else
 * the e-mail's first part up to a dot, dash, underscore or plus, capitalised ('sam.lee@…' → 'Sam').
 */
export function firstName(profileName: string | null, email: string): string {
  const word = profileName?.trim().split(/\s+/)[0];
  if (word) return word;
  const label = userLabel(email);
  const part = label.split(/[._+-]/).find(Boolean) ?? label;
  return part.charAt(0).toUpperCase() + part.slice(1);
}

// By primary key (the profile is joined on its primary key too): one plan whatever the ids.
const usersById = preparedPer((db) =>
  db
    .select({ id: users.id, email: users.email, profileName: userProfiles.name })
    .from(users)
    .leftJoin(userProfiles, eq(userProfiles.userId, users.id))
    .where(anyOf(users.id, 'ids', 'uuid'))
    .prepare('user_summaries'),
);

export type UserNames = { summary: UserSummary; sender: LastMessageSender };

/** Each user's label (assignee, sender of a message) and first name (the list's last message), in one query. */
export async function loadUserNames(
  db: Executor,
  ids: Iterable<string | null>,
): Promise<Map<string, UserNames>> {
  const unique = [...new Set([...ids].filter((id): id is string => id !== null))];
  if (unique.length === 0) return new Map();
  const rows = await usersById(db).execute({ ids: unique });
  return new Map(
    rows.map((u) => [
      u.id,
      {
        summary: { id: u.id, label: userLabel(u.email) },
        sender: { id: u.id, firstName: firstName(u.profileName, u.email) },
      },
    ]),
  );
}

/** Id and label of each user, in one query. */
export async function loadUserSummaries(
  db: Executor,
  ids: Iterable<string | null>,
): Promise<Map<string, UserSummary>> {
  const names = await loadUserNames(db, ids);
  return new Map([...names].map(([id, n]) => [id, n.summary]));
}
