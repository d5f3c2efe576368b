/**
 * A contacts filter as JSON: what a segment stores, what bulk actions and export take for
 * "all N matching this filter", and (as query parameters) what the table reads. One parser for each
 * form; both give `ContactTableFilter` (contact-table.ts).
 */
import { z } from 'zod';
import { CONSENT_STATES } from './consent';

/**
 * Conditions on custom fields: equals / contains (text-like; case-insensitive), empty / not_empty,
 * before / after (date fields, yyyy-mm-dd, after is inclusive-exclusive like the table: after ≥, before <),
 * gt / lt (number fields). The server answers 400 when an op does not suit the field's type.
 */
export const FIELD_OPS = ['equals', 'contains', 'empty', 'not_empty', 'before', 'after', 'gt', 'lt'] as const;
export type FieldOp = (typeof FIELD_OPS)[number];
export const FIELD_OPS_BY_TYPE = {
  text: ['equals', 'contains', 'empty', 'not_empty'],
  url: ['equals', 'contains', 'empty', 'not_empty'],
  email: ['equals', 'contains', 'empty', 'not_empty'],
  select: ['equals', 'empty', 'not_empty'],
  number: ['equals', 'gt', 'lt', 'empty', 'not_empty'],
  date: ['equals', 'before', 'after', 'empty', 'not_empty'],
} as const satisfies Record<string, readonly FieldOp[]>;
export const FIELD_OP_LABELS: Record<FieldOp, string> = {
  equals: 'is',
  contains: 'contains',
  empty: 'is empty',
  not_empty: 'is not empty',
  before: 'is before',
  after: 'is on or after',
  gt: 'is greater than',
  lt: 'is less than',
};
export const MAX_FIELD_CONDITIONS = 10;

export const fieldConditionSchema = z
  .object({
    fieldId: z.uuid({ error: 'fieldId must be a field id' }),
    op: z.enum(FIELD_OPS, { error: `op must be one of ${FIELD_OPS.join(', ')}` }),
    value: z.string().max(1000).optional(),
  })
  .refine((c) => c.op === 'empty' || c.op === 'not_empty' || (c.value ?? '').trim() !== '', {
    message: 'This condition needs a value',
    path: ['value'],
  });
export type FieldCondition = z.infer<typeof fieldConditionSchema>;

const conditionList = z
  .array(fieldConditionSchema)
  .max(MAX_FIELD_CONDITIONS, `At most ${MAX_FIELD_CONDITIONS} field conditions`);

/** The query-string form: `conditions=<JSON array>`. */
export const fieldConditionsQuery = z
  .string()
  .max(20_000)
  .optional()
  .transform((v, ctx) => {
    if (!v) return [];
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'conditions must be a JSON array' });
      return z.NEVER;
    }
  })
  .pipe(conditionList);

/**
 * The groups of a campaign's recipients a filter can name, as the report's funnel counts them
 * (cumulative: `read` is read or replied, `sent` anything that left, failed after it was sent too).
 */
export const CAMPAIGN_RECIPIENT_GROUPS = [
  'queued',
  'sent',
  'delivered',
  'read',
  'replied',
  'failed',
  'skipped',
] as const;
export type CampaignRecipientGroup = (typeof CAMPAIGN_RECIPIENT_GROUPS)[number];

/** Contacts who were recipients of this campaign in any of these groups ("Save as segment"). */
export const campaignConditionSchema = z.object({
  campaignId: z.uuid({ error: 'campaign.campaignId must be a campaign id' }),
  statuses: z
    .array(
      z.enum(CAMPAIGN_RECIPIENT_GROUPS, {
        error: `campaign.statuses must be among ${CAMPAIGN_RECIPIENT_GROUPS.join(', ')}`,
      }),
    )
    .min(1, 'Choose at least one group of recipients')
    .max(CAMPAIGN_RECIPIENT_GROUPS.length)
    .transform((list) => [...new Set(list)]),
});
export type CampaignCondition = z.output<typeof campaignConditionSchema>;

/** The query-string form: `campaign=<JSON object>`. */
export const campaignConditionQuery = z
  .string()
  .max(1000)
  .optional()
  .transform((v, ctx) => {
    if (!v) return undefined;
    try {
      return JSON.parse(v) as unknown;
    } catch {
      ctx.addIssue({ code: 'custom', message: 'campaign must be a JSON object' });
      return z.NEVER;
    }
  })
  .pipe(campaignConditionSchema.optional());

const uuid = z.uuid();
const day = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: 'must be an ISO date (2026-11-01) or date-time',
});

/** The JSON form (segments, bulk actions, export). Same meaning and defaults as the table's query. */
export const contactFilterJsonSchema = z
  .object({
    q: z.string().trim().max(100).default(''),
    tagIds: z.array(uuid, { error: 'tagIds must be tag ids' }).max(50).default([]),
    tagMode: z.enum(['any', 'all', 'none'], { error: 'tagMode must be any, all or none' }).default('any'),
    assignee: z
      .union([z.enum(['anyone', 'unassigned', 'me']), uuid], {
        error: 'assignee must be anyone, unassigned, me or a teammate id',
      })
      .default('anyone'),
    archived: z
      .enum(['exclude', 'include', 'only'], { error: 'archived must be exclude, include or only' })
      .default('exclude'),
    after: day.optional(),
    before: day.optional(),
    consent: z
      .enum(['any', ...CONSENT_STATES], { error: 'consent must be any, opted_in, opted_out or unknown' })
      .default('any'),
    conditions: conditionList.default([]),
    /** Only the recipients of a campaign in these groups (left out when not set). */
    campaign: campaignConditionSchema.optional(),
  })
  .refine((f) => !f.after || !f.before || toInstant(f.after) < toInstant(f.before), {
    message: 'after must be earlier than before',
    path: ['after'],
  });
export type ContactFilterJson = z.input<typeof contactFilterJsonSchema>;
export type ContactFilterJsonParsed = z.output<typeof contactFilterJsonSchema>;
/** The filter with nothing set (every unarchived contact), as a segment stores it. */
export const EVERY_CONTACT_FILTER: ContactFilterJsonParsed = contactFilterJsonSchema.parse({});

/** A day means its midnight UTC (as in the table's query). */
export function toInstant(v: string): Date {
  return new Date(v.length === 10 ? `${v}T00:00:00Z` : v);
}
