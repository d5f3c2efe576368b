import { asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import { exportChunks } from '../contacts-export/rows';
import { contactFields, contacts } from '../db/schema';
import { contactsPolicy } from '../policies/contact-bulk';
import type { PolicyActor } from '../policies/define-policy';
import { type ContactTarget, targetCondition } from '../routes/contact-bulk/target';
import type { CommandDeps } from './deps';

type ExportActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

export type ContactExport = {
  /** How many contacts the target matched when the export began. */
  count: number;
  /** `contacts-YYYY-MM-DD.csv` (UTC). */
  filename: string;
  /** The CSV text, read from the database batch by batch as it is consumed. */
  chunks: AsyncGenerator<string>;
};

/**
 * Exports the contacts a target names as CSV (issue 14): owners only — the file takes the team's
 * customers' personal data out of the app. The audit entry `contacts.exported` (with the count) is
 * written before the first row leaves, so every export that sent anything is on record; the rows are
 * then read in keyset batches while the client reads (see contacts-export/rows.ts), and reading stops
 * when `signal` aborts.
 */
export async function exportContacts(
  deps: CommandDeps,
  actor: ExportActor,
  target: ContactTarget,
  signal?: AbortSignal,
): Promise<ContactExport> {
  contactsPolicy.authorize(actor, 'export', { accountId: actor.accountId });
  const where = await targetCondition(deps.db, actor, target);
  const fields = await deps.db
    .select({ id: contactFields.id, key: contactFields.key })
    .from(contactFields)
    .where(eq(contactFields.accountId, actor.accountId))
    .orderBy(asc(contactFields.position), asc(contactFields.key));
  const [row] = await deps.db.select({ count: sql<number>`count(*)::int` }).from(contacts).where(where);
  const count = Number(row?.count ?? 0);
  await recordAudit(deps.db, {
    actorId: actor.id,
    teamId: actor.teamId,
    action: 'contacts.exported',
    subjectType: 'contact',
    subjectId: null,
    details: { count, target: 'ids' in target ? 'ids' : 'filter', fields: fields.length },
  });
  const day = new Date().toISOString().slice(0, 10);
  return {
    count,
    filename: `contacts-${day}.csv`,
    chunks: exportChunks(deps.db, actor.accountId, where, fields, signal),
  };
}
