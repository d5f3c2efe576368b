import { and, asc, eq, inArray, lte, min } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxCustomers, sandboxMessages, sandboxStatusSteps } from '../../db/schema';
import type { PlannedStep } from '../timeline/plan';
import type { SandboxCustomer } from './customers';
import type { SandboxMessage, SandboxStatus } from './messages';

export type StepRow = typeof sandboxStatusSteps.$inferSelect;

/** Stores the planned steps of one message (one statement). */
export async function insertSteps(db: Executor, wamid: string, steps: PlannedStep[]): Promise<void> {
  if (steps.length === 0) return;
  await db.insert(sandboxStatusSteps).values(steps.map((s) => ({ wamid, step: s.step, dueAt: s.dueAt })));
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
