import type { AuditAction, AuditEntry } from '@common/api/team';
import { and, count, desc, eq, gt, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { auditLog, contacts, users } from '../db/schema';
import { contactDisplayName, contactNameColumns } from '../presenters/contact-name';
import { userLabel } from '../presenters/users';

export type AuditRecord = {
  /** The user who made the change; null for the system (jobs, webhooks). */
  actorId: string | null;
  teamId: string;
  action: AuditAction;
  /** What kind of thing changed: 'team_member', 'contact', 'tag'… */
  subjectType: string;
  subjectId: string | null;
  /** What a reader needs once the subject is gone (an e-mail, a name, a count). No secrets. */
  details?: Record<string, unknown>;
};

/**
 * Records who did what to what. Call it with the transaction that makes the change, so the entry
 * exists exactly when the change does.
 */
export async function recordAudit(tx: Executor, entry: AuditRecord): Promise<void> {
  await tx.insert(auditLog).values({
    teamId: entry.teamId,
    actorId: entry.actorId,
    action: entry.action,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    details: entry.details ?? {},
  });
}

/** How many times a team did any of `actions` since `since` (e.g. invitations in the last hour). */
export async function countAuditActions(
  db: Executor,
  teamId: string,
  actions: AuditAction[],
  since: Date,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(auditLog)
    .where(
      and(eq(auditLog.teamId, teamId), inArray(auditLog.action, actions), gt(auditLog.createdAt, since)),
    );
  return row?.n ?? 0;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The names of the contacts some entries are about, as the inbox shows them (the team's name, else
 * WhatsApp's profile name, else the number), read now: a renamed contact shows its new name, a
 * deleted one none.
 */
async function contactLabels(db: Executor, ids: string[]): Promise<Map<string, string>> {
  const wanted = [...new Set(ids.filter((id) => UUID.test(id)))];
  if (wanted.length === 0) return new Map();
  const rows = await db.select(contactNameColumns).from(contacts).where(inArray(contacts.id, wanted));
  return new Map(rows.map((c) => [c.id, contactDisplayName(c)]));
}

/** A team's newest entries first, with the actor's label and, for a contact, its name. */
export async function listAuditEntries(db: Executor, teamId: string, limit = 50): Promise<AuditEntry[]> {
  const rows = await db
    .select({ entry: auditLog, actorEmail: users.email })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(eq(auditLog.teamId, teamId))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  const names = await contactLabels(
    db,
    rows.flatMap(({ entry }) =>
      entry.subjectType === 'contact' && entry.subjectId ? [entry.subjectId] : [],
    ),
  );
  return rows.map(({ entry, actorEmail }) => ({
    id: entry.id,
    action: entry.action,
    actor: entry.actorId && actorEmail ? { id: entry.actorId, label: userLabel(actorEmail) } : null,
    subjectType: entry.subjectType,
    subjectId: entry.subjectId,
    subjectLabel: (entry.subjectType === 'contact' && entry.subjectId && names.get(entry.subjectId)) || null,
    details: (entry.details ?? {}) as Record<string, unknown>,
    createdAt: entry.createdAt.toISOString(),
  }));
}
