import { getTableColumns, sql } from 'drizzle-orm';
import type { Executor } from './client';
import { contacts } from './schema';

/**
 * contacts.tag_ids and contacts.field_values — what the Contacts filters and segment counts test —
 * are derived from contact_tags and contact_field_values. Statement triggers (migration
 * contact_filter_columns) recompute them for the contacts every statement on those tables touches,
 * so commands never write them. A bulk writer that touches the same contacts in several statements
 * (a CSV import batch) may instead defer the triggers for its transaction and refresh once.
 */

/** Until this transaction ends, writes to contact_tags and contact_field_values refresh nothing. */
export async function deferFilterColumns(tx: Executor): Promise<void> {
  await tx.execute(sql`select set_config('switchboard.filter_columns', 'deferred', true)`);
}

/** Recomputes the contacts' filter columns (rewriting only rows that differ); after deferFilterColumns. */
export async function refreshFilterColumns(tx: Executor, contactIds: string[]): Promise<void> {
  if (contactIds.length === 0) return;
  await tx.execute(sql`select contacts_refresh_filter_columns(${sql.param(contactIds)}::uuid[])`);
}

const { tagIds: _tagIds, fieldValues: _fieldValues, ...rowColumns } = getTableColumns(contacts);
/**
 * Every column of a contact but the two filter columns (read by the filters' SQL and the export's
 * tag ids): what the inbox list and the Contacts table select, so a page does not carry and parse
 * each contact's copies of its tags and values (the presenters load those from their own tables).
 */
export const contactRowColumns = rowColumns;
