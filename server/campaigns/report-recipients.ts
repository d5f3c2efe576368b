import type { CampaignRecipient, RecipientStatus } from '@common/api/campaign-sending';
import { and, desc, eq, type SQL, sql } from 'drizzle-orm';
import { BOM, csvLines, phoneCell, safeCell } from '../contacts-export/csv';
import type { Executor } from '../db/client';
import { CONTACT_SEARCH_TEXT, campaignRecipients, contacts } from '../db/schema';
import { isTimeKey } from '../routes/contact-table/query';
import { searchPattern } from '../routes/contacts/list-query';
import { describeError } from '../whatsapp/error-map';

/**
 * The report's per-recipient table (issue 15): keyset pages of a campaign's recipients, latest change
 * first, each with the contact's name and phone, and the same rows streamed as CSV.
 */

const r = campaignRecipients;

export type RecipientFilter = { status?: RecipientStatus; q?: string };
/** Where the last page stopped: its last row's `status_at` (PostgreSQL's text, microseconds kept) and id. */
export type RecipientCursor = { at: string; id: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

export function encodeRecipientCursor(c: RecipientCursor): string {
  return Buffer.from(JSON.stringify([c.at, c.id])).toString('base64url');
}

/** Null for a cursor this code did not make (the route answers 400). */
export function decodeRecipientCursor(value: string): RecipientCursor | null {
  try {
    const parsed = JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as unknown;
    if (!Array.isArray(parsed) || parsed.length !== 2) return null;
    const [at, id] = parsed as unknown[];
    if (typeof at !== 'string' || !isTimeKey(at)) return null;
    if (typeof id !== 'string' || !UUID.test(id)) return null;
    return { at, id };
  } catch {
    return null;
  }
}

/** The campaign's recipients the filter keeps: one status exactly, and/or a name or phone search. */
export function recipientConditions(campaignId: string, filter: RecipientFilter): SQL {
  const pattern = searchPattern(filter.q ?? '');
  return and(
    eq(r.campaignId, campaignId),
    filter.status ? eq(r.status, filter.status) : undefined,
    pattern ? sql`${CONTACT_SEARCH_TEXT} like ${pattern}` : undefined,
  )!;
}

/**
 * One page in the table's order, (status_at, id) newest first: a backward walk of
 * campaign_recipients_changes_idx (campaign_id, status_at), stopping at the page, with a status filter
 * tested on the way (at 100,000 recipients a status no one has reads them all: ~50 ms, no index
 * added); a search starts from the contacts' trigram index instead. A row more than asked, to know
 * whether another follows.
 */
export function recipientPageQuery(db: Executor, where: SQL, cursor: RecipientCursor | null, limit: number) {
  return db
    .select({
      id: r.id,
      key: sql<string>`${r.statusAt}::text`,
      contactId: r.contactId,
      status: r.status,
      statusAt: r.statusAt,
      errorCode: r.errorCode,
      error: r.error,
      retryable: r.retryable,
      messageId: r.messageId,
      customName: contacts.customName,
      profileName: contacts.profileName,
      phone: contacts.phone,
    })
    .from(r)
    .innerJoin(contacts, eq(contacts.id, r.contactId))
    .where(
      and(
        where,
        cursor ? sql`(${r.statusAt}, ${r.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)` : undefined,
      ),
    )
    .orderBy(desc(r.statusAt), desc(r.id))
    .limit(limit + 1);
}

type RecipientRow = Awaited<ReturnType<typeof recipientPageQuery>>[number];

function presentRecipient(row: RecipientRow): CampaignRecipient {
  return {
    contactId: row.contactId,
    // The name the inbox shows: the team's name for them, else WhatsApp's ('' when neither).
    name: row.customName ?? row.profileName,
    phone: `+${row.phone}`,
    status: row.status,
    at: row.statusAt.toISOString(),
    errorCode: row.errorCode,
    error:
      row.error ??
      (row.errorCode !== null ? describeError({ code: row.errorCode }, 'template').message : null),
    retryable: row.retryable,
    messageId: row.messageId,
  };
}

/** One page of recipients; `nextCursor` is null on the last page. */
export async function findRecipientPage(
  db: Executor,
  campaignId: string,
  filter: RecipientFilter,
  cursor: RecipientCursor | null,
  limit: number,
): Promise<{ recipients: CampaignRecipient[]; nextCursor: string | null }> {
  const found = await recipientPageQuery(db, recipientConditions(campaignId, filter), cursor, limit);
  const rows = found.slice(0, limit);
  const last = found.length > limit ? rows.at(-1) : undefined;
  return {
    recipients: rows.map(presentRecipient),
    nextCursor: last ? encodeRecipientCursor({ at: last.key, id: last.id }) : null,
  };
}

export const RECIPIENT_CSV_HEADER = ['name', 'phone', 'status', 'time', 'error_code', 'error'];
/** Recipients per query of the CSV. */
export const RECIPIENT_CSV_BATCH = 2000;

/** A recipient's CSV cells; text that would run as a formula is defused, the E.164 phone kept. */
export function recipientCells(row: RecipientRow): string[] {
  const shown = presentRecipient(row);
  return [
    safeCell(shown.name),
    phoneCell(shown.phone),
    shown.status,
    shown.at,
    shown.errorCode === null ? '' : String(shown.errorCode),
    safeCell(shown.error ?? ''),
  ];
}

/**
 * The filtered recipients as CSV text chunks, in the table's order: a UTF-8 BOM and the header, then
 * one chunk per keyset batch. The next batch is asked for as soon as the previous one has arrived, so
 * the database reads while the client takes the text; memory holds two batches, whatever the size.
 * Nothing more is read once `signal` aborts or the consumer stops.
 */
export async function* recipientCsvChunks(
  db: Executor,
  campaignId: string,
  filter: RecipientFilter,
  signal?: AbortSignal,
  batchSize = RECIPIENT_CSV_BATCH,
): AsyncGenerator<string> {
  const where = recipientConditions(campaignId, filter);
  yield BOM + csvLines([RECIPIENT_CSV_HEADER]);
  // A query builder runs on each `then`: execute() once, and hold the promise.
  const batch = (cursor: RecipientCursor | null) => {
    const rows = recipientPageQuery(db, where, cursor, batchSize - 1).execute();
    // One left behind by an abort must not surface as an unhandled rejection.
    rows.catch(() => {});
    return rows;
  };
  let next: Promise<RecipientRow[]> | null = batch(null);
  while (next && !signal?.aborted) {
    const rows: RecipientRow[] = await next;
    const last = rows.length === batchSize ? rows.at(-1)! : null;
    next = last ? batch({ at: last.key, id: last.id }) : null;
    if (rows.length > 0) yield csvLines(rows.map(recipientCells));
  }
}
