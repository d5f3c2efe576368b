/**
 * Bulk actions on the Contacts page: on selected rows (`ids`) or on "all N matching this filter"
 * (`filter`). POST /api/contact-table/bulk (member; delete is owners only). Assign follows the spec's
 * rules per contact (members assign only to themselves): the answer says how many changed and which
 * failed and why. POST /api/contact-table/export (owners) streams a CSV of the same target.
 */
import { z } from 'zod';
import { contactFilterJsonSchema } from './contact-filter';

export const MAX_BULK_IDS = 1000;

export const bulkTargetSchema = z.union(
  [
    z.object({ ids: z.array(z.uuid()).min(1, 'Select at least one contact').max(MAX_BULK_IDS) }).strict(),
    z.object({ filter: contactFilterJsonSchema }).strict(),
  ],
  { error: 'Say which contacts: ids, or a filter' },
);
export type BulkTarget = z.input<typeof bulkTargetSchema>;

export const bulkActionSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('tag'), tagId: z.uuid() }),
    z.object({ type: z.literal('untag'), tagId: z.uuid() }),
    /** null: unassign. */
    z.object({ type: z.literal('assign'), assigneeId: z.uuid().nullable() }),
    z.object({ type: z.literal('delete') }),
  ],
  { error: 'action.type must be tag, untag, assign or delete' },
);
export type BulkAction = z.infer<typeof bulkActionSchema>;

export const contactBulkSchema = z.object({ target: bulkTargetSchema, action: bulkActionSchema });
export type ContactBulkInput = z.input<typeof contactBulkSchema>;

export type ContactBulkResponse = {
  /** Contacts the target named that the actor can see. */
  matched: number;
  /** Contacts actually changed (a tag already there is not a change). */
  changed: number;
  /** At most 100 listed; `failedCount` is the total. */
  failed: { contactId: string; reason: string }[];
  failedCount: number;
  /** The line the UI shows ('Tagged 120 contacts.', 'Assigned 3 contacts successfully. 1 failed.'). */
  message: string;
};

/** POST /api/contact-table/export: the CSV of the target (answer `text/csv`, attachment). */
export const contactExportSchema = z.object({ target: bulkTargetSchema });
export type ContactExportInput = z.input<typeof contactExportSchema>;
/** Fixed columns first, then each custom field by its key, then tags (names joined by ', '). */
export const EXPORT_FIXED_COLUMNS = [
  'name',
  'phone',
  'assignee',
  'consent',
  'first_contact',
  'last_message_at',
  'message_count',
  'archived',
] as const;
