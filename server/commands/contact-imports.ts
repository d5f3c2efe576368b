import { randomUUID } from 'node:crypto';
import { rm } from 'node:fs/promises';
import type { ContactFieldType } from '@common/api/contact-fields';
import {
  type ContactImport,
  type CreateImportResponse,
  IMPORT_MAX_BYTES,
  IMPORT_MSG,
  type StartImportInput,
  startImportSchema,
} from '@common/api/contact-imports';
import { and, asc, desc, eq, gt, inArray } from 'drizzle-orm';
import { parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { recordAudit } from '../audit/audit-log';
import { importTooLarge, scanFile } from '../contact-imports/csv';
import { escapeCell } from '../contact-imports/escape-cell';
import { contactImportJob } from '../contact-imports/import.job';
import { presentImport } from '../contact-imports/present';
import { suggestTargets } from '../contact-imports/rows';
import type { Executor } from '../db/client';
import {
  contactFields,
  contactImportFailures,
  contactImports,
  tags,
  users,
  whatsappAccounts,
} from '../db/schema';
import type { Env } from '../env';
import { enqueue } from '../jobs/queue';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { mediaPath } from '../media/storage';
import { keepUpload, type ReceivedFile, uploadedSize } from '../outbound/receive-upload';
import { contactImportPolicy } from '../policies/contact-import';
import type { PolicyActor } from '../policies/define-policy';
import type { CommandDeps } from './deps';

type ImportActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };
type ImportRow = typeof contactImports.$inferSelect;

async function withCreator(db: Executor, rows: ImportRow[]): Promise<ContactImport[]> {
  const ids = [...new Set(rows.flatMap((r) => (r.createdBy ? [r.createdBy] : [])))];
  const found = ids.length
    ? await db.select({ id: users.id, email: users.email }).from(users).where(inArray(users.id, ids))
    : [];
  const emails = new Map(found.map((u) => [u.id, u.email]));
  return rows.map((r) => presentImport(r, r.createdBy ? (emails.get(r.createdBy) ?? null) : null));
}

async function loadImport(db: Executor, actor: ImportActor, importId: string): Promise<ImportRow> {
  const [row] = await db
    .select()
    .from(contactImports)
    .where(and(eq(contactImports.id, importId), eq(contactImports.accountId, actor.accountId)));
  if (!row) throw notFound(IMPORT_MSG.notFound);
  contactImportPolicy.authorize(actor, 'import', row);
  return row;
}

const accountFields = (db: Executor, accountId: string) =>
  db.select().from(contactFields).where(eq(contactFields.accountId, accountId));

/** The team's country, from its WhatsApp number: the default for numbers without a code. */
async function teamCountry(db: Executor, accountId: string): Promise<string | null> {
  const [account] = await db
    .select({ phone: whatsappAccounts.displayPhoneNumber })
    .from(whatsappAccounts)
    .where(eq(whatsappAccounts.id, accountId));
  const raw = account?.phone?.trim();
  if (!raw) return null;
  return parsePhoneNumberFromString(raw.startsWith('+') ? raw : `+${raw}`)?.country ?? null;
}

/**
 * Owners upload a CSV: kept in the media store, read once for the header, the first rows and the row
 * count (a broken file is refused with its line), and recorded as an import in `mapping`.
 */
export async function createImport(
  deps: CommandDeps & { env: Env },
  actor: ImportActor,
  file: ReceivedFile,
  declaredSize: number | null,
): Promise<CreateImportResponse> {
  contactImportPolicy.authorize(actor, 'import', { accountId: actor.accountId });
  if (uploadedSize(file, declaredSize) > IMPORT_MAX_BYTES) throw importTooLarge();
  if (file.size === 0) throw badRequest(IMPORT_MSG.empty, 'empty_csv', 'file');
  const id = randomUUID();
  const storageKey = `${actor.accountId}/import-${id}.csv`;
  await keepUpload(deps.env, file, storageKey);
  try {
    const scanned = await scanFile(mediaPath(deps.env, storageKey));
    const fields = await accountFields(deps.db, actor.accountId);
    const [row] = await deps.db
      .insert(contactImports)
      .values({
        id,
        accountId: actor.accountId,
        teamId: actor.teamId,
        createdBy: actor.id,
        fileName: file.filename.slice(0, 255) || 'contacts.csv',
        fileSize: file.size,
        storageKey,
        delimiter: scanned.delimiter,
        columns: scanned.columns,
        totalRows: scanned.totalRows,
      })
      .returning();
    const [presented] = await withCreator(deps.db, [row!]);
    return {
      import: presented!,
      preview: {
        delimiter: scanned.delimiter,
        columns: scanned.columns,
        rows: scanned.rows,
        suggested: suggestTargets(
          scanned.columns,
          fields.map((f) => ({ ...f, type: f.type as ContactFieldType })),
        ),
        defaultCountry: await teamCountry(deps.db, actor.accountId),
      },
    };
  } catch (error) {
    await rm(mediaPath(deps.env, storageKey), { force: true });
    throw error;
  }
}

/**
 * Owners start an import with its mapping: exactly one phone column, at most one name column, known
 * fields and tag. Queued as a background job in the same transaction.
 */
export async function startImport(
  deps: CommandDeps,
  actor: ImportActor,
  importId: string,
  input: StartImportInput,
): Promise<ContactImport> {
  const mapping = startImportSchema.parse(input);
  const row = await deps.events.transaction(async (tx) => {
    const current = await loadImport(tx, actor, importId);
    if (current.status !== 'mapping') throw conflict(IMPORT_MSG.notMapping, 'import_started');
    if (mapping.columns.length !== current.columns.length)
      throw badRequest(
        `Choose what each of the file's ${current.columns.length} columns holds`,
        'bad_mapping',
        'columns',
      );
    const phones = mapping.columns.filter((c) => c.kind === 'phone').length;
    if (phones === 0) throw badRequest(IMPORT_MSG.noPhoneColumn, 'no_phone_column', 'columns');
    if (phones > 1) throw badRequest(IMPORT_MSG.onePhoneColumn, 'bad_mapping', 'columns');
    if (mapping.columns.filter((c) => c.kind === 'name').length > 1)
      throw badRequest(IMPORT_MSG.oneNameColumn, 'bad_mapping', 'columns');
    const fieldIds = [...new Set(mapping.columns.flatMap((c) => (c.kind === 'field' ? [c.fieldId] : [])))];
    if (fieldIds.length) {
      const known = await tx
        .select({ id: contactFields.id })
        .from(contactFields)
        .where(and(eq(contactFields.accountId, actor.accountId), inArray(contactFields.id, fieldIds)));
      if (known.length !== fieldIds.length)
        throw badRequest(
          'A mapped field no longer exists. Choose the columns again.',
          'unknown_field',
          'columns',
        );
    }
    if (mapping.tagId) {
      const [tag] = await tx
        .select({ id: tags.id })
        .from(tags)
        .where(and(eq(tags.id, mapping.tagId), eq(tags.accountId, actor.accountId)));
      if (!tag) throw badRequest('The chosen tag no longer exists', 'unknown_tag', 'tagId');
    }
    const [queued] = await tx
      .update(contactImports)
      .set({ status: 'queued', mapping })
      .where(eq(contactImports.id, current.id))
      .returning();
    await enqueue(
      tx,
      contactImportJob,
      { importId: current.id },
      { dedupeKey: `contacts.import:${current.id}` },
    );
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'contacts.import_started',
      subjectType: 'contact_import',
      subjectId: current.id,
      details: { fileName: current.fileName, totalRows: current.totalRows, existing: mapping.existing },
    });
    return queued!;
  });
  return (await withCreator(deps.db, [row]))[0]!;
}

export async function getImport(db: Executor, actor: ImportActor, importId: string): Promise<ContactImport> {
  return (await withCreator(db, [await loadImport(db, actor, importId)]))[0]!;
}

/** The account's last 20 imports, newest first. */
export async function listImports(db: Executor, actor: ImportActor): Promise<ContactImport[]> {
  contactImportPolicy.authorize(actor, 'import', { accountId: actor.accountId });
  const rows = await db
    .select()
    .from(contactImports)
    .where(eq(contactImports.accountId, actor.accountId))
    .orderBy(desc(contactImports.createdAt), desc(contactImports.id))
    .limit(20);
  return withCreator(db, rows);
}

/**
 * The failed rows as CSV, streamed 1,000 at a time: the line, the file's own columns, the reason.
 * Loaded (and authorized) before the first byte, so a refusal is still a JSON 4xx.
 */
export async function failedRowsCsv(
  db: Executor,
  actor: ImportActor,
  importId: string,
): Promise<{ fileName: string; lines: AsyncGenerator<string> }> {
  const row = await loadImport(db, actor, importId);
  const sep = row.delimiter;
  const line = (cells: string[]) => `${cells.map(escapeCell).join(sep)}\r\n`;
  async function* lines() {
    yield `\ufeff${line(['Line', ...row.columns, 'Reason'])}`;
    let after = 0;
    for (;;) {
      const page = await db
        .select()
        .from(contactImportFailures)
        .where(and(eq(contactImportFailures.importId, row.id), gt(contactImportFailures.line, after)))
        .orderBy(asc(contactImportFailures.line))
        .limit(1000);
      if (page.length === 0) return;
      yield page
        .map((f) => line([String(f.line), ...row.columns.map((_, i) => f.raw[i] ?? ''), f.reason]))
        .join('');
      after = page[page.length - 1]!.line;
    }
  }
  const base =
    row.fileName
      .replace(/\.csv$/i, '')
      .replace(/[^\w.-]+/g, '-')
      .slice(0, 80) || 'contacts';
  return { fileName: `${base}-failed-rows.csv`, lines: lines() };
}
