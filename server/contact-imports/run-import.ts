import { rm } from 'node:fs/promises';
import type { ContactFieldType } from '@common/api/contact-fields';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { contactFields, contactImports, users } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import type { DomainEvent } from '../events/types';
import { mediaPath } from '../media/storage';
import { applyBatch, type BatchCounts, resolveTags } from './apply';
import { fitRow, malformedError, readRecords } from './csv';
import { presentImport } from './present';
import { evaluateRow, type FailedRow, type GoodRow, planImport } from './rows';

/** Rows per transaction: each batch commits its contacts and the checkpoint together. */
export const IMPORT_BATCH_ROWS = 1000;
/**
 * Batches written at once, each in its own transaction on its own connection: the database works on
 * the next batch's rows while the previous one finishes, and the checkpoint still moves in order.
 */
const BATCHES_IN_FLIGHT = 2;
/** At most this often a progress frame (the last batch's always goes). */
const PROGRESS_EVERY_MS = 250;

export type ImportDeps = { db: Database; events: EventBus; env: Env; log: Logger };
type ImportRow = typeof contactImports.$inferSelect;

/** Another runner moved the checkpoint (a lease taken over): this one stops without writing. */
class CheckpointMoved extends Error {}

/**
 * Runs an import from its checkpoint to the end. Reads the file again from the top: rows before the
 * checkpoint are only evaluated, which rebuilds the in-file dedupe map exactly as it was, and the rest
 * are applied in batches of IMPORT_BATCH_ROWS, each in one transaction with the checkpoint (rows done
 * and the counts) moving only if nobody else moved it meanwhile. So a restart mid-import goes on after
 * the last committed batch, with no row applied or counted twice.
 *
 * Up to BATCHES_IN_FLIGHT batches are written at once. Batch N+1 writes its rows, then waits for
 * batch N to commit before it moves the checkpoint, so they commit in file order; if batch N fails,
 * N+1 rolls back. The in-file dedupe keeps two batches from touching the same contact, and tags are
 * created before their batch (resolveTags), so the two transactions never wait on each other's rows.
 * `stopAfterBatches` ends the run early, as a crash would (tests).
 */
export async function runImport(
  deps: ImportDeps,
  importId: string,
  options: { stopAfterBatches?: number } = {},
): Promise<'completed' | 'stopped' | 'not_runnable'> {
  const [found] = await deps.db.select().from(contactImports).where(eq(contactImports.id, importId));
  if (
    !found ||
    (found.status !== 'queued' && found.status !== 'running') ||
    !found.mapping ||
    !found.storageKey
  )
    return 'not_runnable';
  let row: ImportRow = found;
  const [creator] = row.createdBy
    ? await deps.db.select({ email: users.email }).from(users).where(eq(users.id, row.createdBy))
    : [];
  const creatorEmail = creator?.email ?? null;
  if (row.status === 'queued') {
    const [running] = await deps.db
      .update(contactImports)
      .set({ status: 'running', startedAt: sql`coalesce(${contactImports.startedAt}, now())` })
      .where(and(eq(contactImports.id, importId), eq(contactImports.status, 'queued')))
      .returning();
    if (!running) return 'not_runnable';
    row = running;
  }
  const mapping = row.mapping!;
  const fieldIds = mapping.columns.flatMap((c) => (c.kind === 'field' ? [c.fieldId] : []));
  const fields = fieldIds.length
    ? await deps.db
        .select()
        .from(contactFields)
        .where(and(eq(contactFields.accountId, row.accountId), inArray(contactFields.id, fieldIds)))
    : [];
  const plan = planImport(
    mapping,
    fields.map((f) => ({ ...f, type: f.type as ContactFieldType })),
    row.columns.length,
  );
  const target = {
    importId,
    accountId: row.accountId,
    existing: mapping.existing,
    tagId: mapping.tagId ?? null,
  };

  const seen = new Map<string, number>();
  let good: GoodRow[] = [];
  let failed: FailedRow[] = [];
  let index = 0;
  let lastProgress = 0;

  const commit = async (
    batch: Parameters<typeof applyBatch>[2],
    expected: number,
    previous: Promise<void> | undefined,
  ) => {
    const rows = batch.good.length + batch.failed.length;
    const next = await deps.events.transaction(async (tx, emit) => {
      // A batch need not wait for its WAL flush: a crash can only lose whole batches together with
      // their checkpoint (one transaction), and the job then redoes them from the earlier one.
      await tx.execute(sql`set local synchronous_commit = off`);
      const counts: BatchCounts = await applyBatch(tx, target, batch);
      // The checkpoint moves in file order: this batch's rows are written, then it waits for the
      // batch before it to commit (or fail, which fails this one too) before it moves the checkpoint.
      if (previous) await previous;
      const [moved] = await tx
        .update(contactImports)
        .set({
          rowsDone: sql`${contactImports.rowsDone} + ${rows}`,
          created: sql`${contactImports.created} + ${counts.created}`,
          updated: sql`${contactImports.updated} + ${counts.updated}`,
          skipped: sql`${contactImports.skipped} + ${counts.skipped}`,
          failed: sql`${contactImports.failed} + ${counts.failed}`,
        })
        .where(
          and(
            eq(contactImports.id, importId),
            eq(contactImports.rowsDone, expected),
            eq(contactImports.status, 'running'),
          ),
        )
        .returning();
      if (!moved) throw new CheckpointMoved();
      if (Date.now() - lastProgress >= PROGRESS_EVERY_MS) {
        lastProgress = Date.now();
        emit(progress(moved, creatorEmail));
      }
      return moved;
    });
    // Batches commit in order (each waits for the one before), so this is the newest.
    row = next;
  };
  // The next batches are read and checked while earlier ones are written: the parsing and the
  // database overlap, and batches still commit one after the other, in order.
  const writing: Promise<void>[] = [];
  let planned = row.rowsDone;
  let flushed = 0;
  const flush = async () => {
    const rows = { good, failed };
    good = [];
    failed = [];
    const tagIdOf = await resolveTags(deps.db, target, rows.good);
    if (writing.length >= BATCHES_IN_FLIGHT) await writing.shift();
    const expected = planned;
    planned += rows.good.length + rows.failed.length;
    const written = commit({ ...rows, tagIdOf }, expected, writing.at(-1));
    written.catch(() => {}); // awaited later; this only keeps it from counting as unhandled
    writing.push(written);
    flushed++;
  };
  const settle = async () => {
    while (writing.length > 0) await writing.shift();
  };

  try {
    let header = true;
    for await (const record of readRecords(mediaPath(deps.env, row.storageKey!), row.delimiter)) {
      if (header) {
        header = false;
        continue;
      }
      index++;
      const outcome = evaluateRow(plan, { line: record.line, cells: fitRow(record.cells, plan.width) }, seen);
      if (index <= row.rowsDone) continue;
      if (outcome.ok) good.push(outcome);
      else failed.push(outcome);
      if (good.length + failed.length >= IMPORT_BATCH_ROWS) {
        await flush();
        if (options.stopAfterBatches !== undefined && flushed >= options.stopAfterBatches) {
          await settle();
          return 'stopped';
        }
      }
    }
    if (good.length + failed.length > 0) await flush();
    await settle();
  } catch (error) {
    // Batches still being written finish (or fail) before the import's state changes.
    await Promise.allSettled(writing);
    if (error instanceof CheckpointMoved) {
      deps.log.warn({ importId }, 'import: another runner moved the checkpoint; stopping here');
      return 'stopped';
    }
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
      await failImport(
        deps,
        row,
        'The uploaded file is no longer on the server. Upload it again.',
        creatorEmail,
      );
      return 'completed';
    }
    const malformed = malformedError(error);
    if (malformed) {
      await failImport(deps, row, malformed.message, creatorEmail);
      return 'completed';
    }
    throw error;
  }
  await finishImport(deps, row, creatorEmail);
  return 'completed';
}

function progress(row: ImportRow, creatorEmail: string | null): DomainEvent {
  return {
    kind: 'contact_import.progress',
    accountId: row.accountId,
    importId: row.id,
    import: presentImport(row, creatorEmail),
  };
}

async function finishImport(deps: ImportDeps, row: ImportRow, creatorEmail: string | null) {
  await deps.events.transaction(async (tx, emit) => {
    const [done] = await tx
      .update(contactImports)
      .set({ status: 'completed', finishedAt: new Date(), storageKey: null })
      .where(and(eq(contactImports.id, row.id), eq(contactImports.status, 'running')))
      .returning();
    if (!done) return;
    await recordAudit(tx, {
      actorId: done.createdBy,
      teamId: done.teamId,
      action: 'contacts.imported',
      subjectType: 'contact_import',
      subjectId: done.id,
      details: {
        fileName: done.fileName,
        totalRows: done.totalRows,
        created: done.created,
        updated: done.updated,
        skipped: done.skipped,
        failed: done.failed,
      },
    });
    emit(progress(done, creatorEmail), {
      kind: 'contacts.changed',
      accountId: done.accountId,
      count: done.created + done.updated,
    });
  });
  await rm(mediaPath(deps.env, row.storageKey!), { force: true });
}

/** The whole import stops (the file is unreadable): its state says why; rows applied so far stay. */
export async function failImport(
  deps: ImportDeps,
  row: ImportRow,
  error: string,
  creatorEmail: string | null,
) {
  await deps.events.transaction(async (tx, emit) => {
    const [done] = await tx
      .update(contactImports)
      .set({ status: 'failed', error, finishedAt: new Date(), storageKey: null })
      .where(eq(contactImports.id, row.id))
      .returning();
    if (done) emit(progress(done, creatorEmail));
  });
  if (row.storageKey) await rm(mediaPath(deps.env, row.storageKey), { force: true });
}
