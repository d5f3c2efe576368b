/**
 * The Contacts page's table (`GET /api/contact-table`, `GET /api/contact-table/count`): every contact of
 * the account, sorted and filtered on the server, one keyset page at a time. Members see the
 * unassigned contacts and their own (the inbox's rule); owners see every contact.
 */

import { z } from 'zod';
import { type ConsentState, consentFilterSchema } from './consent';
import {
  type ContactFilterJsonParsed,
  campaignConditionQuery,
  type FieldCondition,
  fieldConditionsQuery,
  toInstant,
} from './contact-filter';
import { type TagSummary, tagIdList, type UserSummary } from './inbox';

export const CONTACT_TABLE_PAGE_SIZE = 50;
export const CONTACT_TABLE_MAX_PAGE_SIZE = 200;

export const CONTACT_TABLE_SORTS = ['name', 'lastMessage', 'firstContact'] as const;
export type ContactTableSort = (typeof CONTACT_TABLE_SORTS)[number];
export const TAG_MODES = ['any', 'all', 'none'] as const;
export type TagMode = (typeof TAG_MODES)[number];
export const ARCHIVED_MODES = ['exclude', 'include', 'only'] as const;

const uuid = z.uuid();
/** A day (`2026-11-01`, midnight UTC) or an ISO date-time with its offset. */
const instant = (name: string) =>
  z
    .union([z.iso.date(), z.iso.datetime({ offset: true })], {
      error: `${name} must be an ISO date (2026-11-01) or date-time`,
    })
    .optional()
    .transform((v) => (v ? new Date(v.length === 10 ? `${v}T00:00:00Z` : v) : undefined));

/** The filters the page and its count share. */
const filterFields = {
  /** Name or phone, like the inbox's search ('maya', '+1 650'). */
  q: z
    .string()
    .max(100)
    .optional()
    .transform((v) => v?.trim() ?? ''),
  /** Read with `tagMode`: has any of them (default), has all, has none. */
  tagIds: tagIdList,
  tagMode: z.enum(TAG_MODES, { error: 'tagMode must be any, all or none' }).default('any'),
  /** anyone (default), unassigned, me, or a teammate's user id. */
  assignee: z
    .union([z.enum(['anyone', 'unassigned', 'me']), uuid], {
      error: 'assignee must be anyone, unassigned, me or a teammate id',
    })
    .default('anyone'),
  archived: z.enum(ARCHIVED_MODES, { error: 'archived must be exclude, include or only' }).default('exclude'),
  /** Last activity (last message) at or after this instant. */
  after: instant('after'),
  /** Last activity strictly before this instant. */
  before: instant('before'),
  /** Marketing consent: any (default), opted_in, opted_out, unknown. */
  consent: consentFilterSchema,
  /** Custom-field conditions, all must hold: a JSON array of FieldCondition (contact-filter.ts). */
  conditions: fieldConditionsQuery,
  /** A campaign's recipients in some groups: a JSON CampaignCondition (contact-filter.ts). */
  campaign: campaignConditionQuery,
};
const inOrder = (f: { after?: Date; before?: Date }) => !f.after || !f.before || f.after < f.before;
const ORDER_ERROR = { message: 'after must be earlier than before', path: ['after'] };

export const contactTableFilterSchema = z.object(filterFields).refine(inOrder, ORDER_ERROR);
export type ContactTableFilterQuery = z.input<typeof contactTableFilterSchema>;
export type ContactTableFilter = z.output<typeof contactTableFilterSchema>;
export type { FieldCondition };

export const contactTableQuerySchema = z
  .object({
    ...filterFields,
    sort: z
      .enum(CONTACT_TABLE_SORTS, { error: 'sort must be name, lastMessage or firstContact' })
      .default('lastMessage'),
    /** Default: name ascending, the dates newest first. */
    dir: z.enum(['asc', 'desc'], { error: 'dir must be asc or desc' }).optional(),
    /** `nextCursor` of the previous page under the same sort; opaque. */
    cursor: z.string().max(4000).optional(),
    limit: z.coerce
      .number({ error: 'limit must be a number' })
      .int()
      .min(1)
      .max(CONTACT_TABLE_MAX_PAGE_SIZE)
      .default(CONTACT_TABLE_PAGE_SIZE),
  })
  .refine(inOrder, ORDER_ERROR);
export type ContactTableQuery = z.input<typeof contactTableQuerySchema>;

/** One row of the table. */
export type ContactTableRow = {
  id: string;
  waId: string;
  /** The name the team typed, else WhatsApp's profile name; null when empty (the UI shows 'Unknown'). */
  name: string | null;
  /** E.164 with a leading '+'. */
  phone: string;
  tags: TagSummary[];
  assignee: UserSummary | null;
  archived: boolean;
  blocked: boolean;
  /** First contact: when the contact was created. */
  createdAt: string;
  lastMessageAt: string | null;
  lastMessagePreview: string | null;
  lastMessageDirection: 'incoming' | 'outgoing' | null;
  unreadCount: number;
  /** Messages in either direction. */
  messageCount: number;
  consent: ConsentState;
  /** Custom field values by field key (only keys with a value). */
  fields: Record<string, string>;
};

export type ContactTableResponse = {
  contacts: ContactTableRow[];
  /** Pass as `cursor` (with the same sort and dir) for the next page; null on the last page. */
  nextCursor: string | null;
};

export type ContactTableCountResponse = { count: number };

/** The JSON form of a filter (a segment's, a bulk action's) as the table's filter. */
export function tableFilterFromJson(f: ContactFilterJsonParsed): ContactTableFilter {
  return {
    ...f,
    after: f.after ? toInstant(f.after) : undefined,
    before: f.before ? toInstant(f.before) : undefined,
  };
}

/**
 * The columns a user may show besides avatar/name and phone (always shown), remembered per user on the
 * server (`GET/PUT /api/contact-table/columns`). A custom field's column is `field:<key>`.
 */
export const CONTACT_TABLE_COLUMNS = [
  'tags',
  'assignee',
  'consent',
  'firstContact',
  'lastMessage',
  'messageCount',
] as const;
export type ContactTableColumn = (typeof CONTACT_TABLE_COLUMNS)[number] | `field:${string}`;
export const DEFAULT_CONTACT_TABLE_COLUMNS: ContactTableColumn[] = [...CONTACT_TABLE_COLUMNS];
export const contactTableColumnsSchema = z.object({
  columns: z
    .array(
      z.union([z.enum(CONTACT_TABLE_COLUMNS), z.string().regex(/^field:[a-z0-9_]{1,40}$/)], {
        error: 'Unknown column',
      }),
    )
    .max(80),
});
export type ContactTableColumnsResponse = { columns: ContactTableColumn[] };
