import { and, asc, eq, inArray, lte, min, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { jobs, sandboxCustomers, sandboxMessages, sandboxStatusSteps } from '../../db/schema';
import { queueSignal } from '../../jobs/queue';
import type { PlannedStep } from '../timeline/plan';
import type { SandboxCustomer } from './customers';
import type { SandboxMessage, SandboxStatus } from './messages';

export type StepRow = typeof sandboxStatusSteps.$inferSelect;

type NewMessage = Omit<typeof sandboxMessages.$inferInsert, 'id' | 'createdAt'> & { createdAt: Date };

/**
 * Stores a business message with its planned steps in one statement (one round trip at campaign
 * volume): the customer if new (under `name`), the message, its steps, and the sweeps of their ticks.
 */
export async function insertPlannedMessage(
  db: Executor,
  message: NewMessage & { name: string },
  steps: PlannedStep[],
  sweeps: SweepJobRow[],
): Promise<void> {
  const at = (d: Date) => sql`${d.toISOString()}::timestamptz`;
  const stepRows = sql.join(
    steps.map((s) => sql`(${message.wamid}, ${s.step}, ${at(s.dueAt)})`),
    sql`, `,
  );
  const jobRows = sql.join(
    sweeps.map(
      (j) =>
        sql`(${j.name}, ${JSON.stringify(j.payload)}::jsonb, ${j.maxAttempts}, ${at(j.runAt)}, ${j.dedupeKey})`,
    ),
    sql`, `,
  );
  await db.execute(sql`
    with customer as (
      insert into ${sandboxCustomers} (phone_number_id, wa_id, name, created_at)
      values (${message.phoneNumberId}, ${message.customerWaId}, ${message.name}, ${at(message.createdAt)})
      on conflict do nothing
    ), message as (
      insert into ${sandboxMessages} (wamid, phone_number_id, customer_wa_id, direction, type, payload, status, created_at)
      values (${message.wamid}, ${message.phoneNumberId}, ${message.customerWaId}, ${message.direction},
        ${message.type}, ${JSON.stringify(message.payload)}::jsonb, ${message.status}, ${at(message.createdAt)})
    ), steps as (
      insert into ${sandboxStatusSteps} (wamid, step, due_at) values ${stepRows}
    )
    insert into ${jobs} (name, payload, max_attempts, run_at, dedupe_key) values ${jobRows}
    on conflict do nothing`);
  queueSignal.emit('enqueued');
}

/** Takes (deletes and returns) up to `limit` steps due by `cutoff`, earliest first. */
export async function takeDueSteps(db: Executor, cutoff: Date, limit: number): Promise<StepRow[]> {
  const due = db
    .select({ id: sandboxStatusSteps.id })
    .from(sandboxStatusSteps)
    .where(lte(sandboxStatusSteps.dueAt, cutoff))
    .orderBy(asc(sandboxStatusSteps.dueAt), asc(sandboxStatusSteps.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  const rows = await db.delete(sandboxStatusSteps).where(inArray(sandboxStatusSteps.id, due)).returning();
  return rows.sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime() || a.id - b.id);
}

/** When the next waiting step is due, or null when none waits. */
export async function nextStepDue(db: Executor): Promise<Date | null> {
  const [row] = await db.select({ at: min(sandboxStatusSteps.dueAt) }).from(sandboxStatusSteps);
  return row?.at ? new Date(row.at) : null;
}

/** Moves these business messages from one of `from` to `to`; returns the rows that moved. */
export async function moveStatuses(
  db: Executor,
  wamids: string[],
  to: SandboxStatus,
  from: SandboxStatus[],
): Promise<SandboxMessage[]> {
  if (wamids.length === 0) return [];
  return db
    .update(sandboxMessages)
    .set({ status: to })
    .where(and(inArray(sandboxMessages.wamid, wamids), inArray(sandboxMessages.status, from)))
    .returning();
}

/** The customers of one number with these WhatsApp ids. */
export async function customersByWaId(
  db: Executor,
  phoneNumberId: string,
  waIds: string[],
): Promise<SandboxCustomer[]> {
  if (waIds.length === 0) return [];
  return db
    .select()
    .from(sandboxCustomers)
    .where(and(eq(sandboxCustomers.phoneNumberId, phoneNumberId), inArray(sandboxCustomers.waId, waIds)));
}

/** Inserts several messages in one statement. */
export async function insertMessages(
  db: Executor,
  rows: Omit<typeof sandboxMessages.$inferInsert, 'id'>[],
): Promise<SandboxMessage[]> {
  if (rows.length === 0) return [];
  return db.insert(sandboxMessages).values(rows).returning();
}

/** A `sandbox.status.sweep` job row, one per tick that has steps due (timeline/sweep.job.ts). */
export type SweepJobRow = {
  name: string;
  payload: { tick: number };
  maxAttempts: number;
  runAt: Date;
  dedupeKey: string;
};
