/**
 * Segments (issue 14): a named contacts filter shared by the team, with a live count. Campaigns pick
 * their audience from them. Any teammate saves one; its creator or an owner renames, changes or
 * deletes it. A count is of the contacts the asker may see (members: unassigned and their own).
 */
import { z } from 'zod';
import { type ContactFilterJson, contactFilterJsonSchema } from './contact-filter';
import type { UserSummary } from './inbox';

export const MAX_SEGMENTS = 200;
export const SEGMENT_MSG = {
  nameRequired: 'Segment name is required',
  nameTooLong: 'Segment names are at most 60 characters',
  nameTaken: 'A segment with this name already exists',
  notFound: 'Segment not found',
  tooMany: `A team has at most ${MAX_SEGMENTS} segments`,
} as const;

const name = z
  .string({ error: SEGMENT_MSG.nameRequired })
  .trim()
  .min(1, SEGMENT_MSG.nameRequired)
  .max(60, SEGMENT_MSG.nameTooLong);

/** POST /api/segments */
export const createSegmentSchema = z.object({ name, filter: contactFilterJsonSchema });
/** PATCH /api/segments/:segmentId */
export const updateSegmentSchema = z
  .object({ name: name.optional(), filter: contactFilterJsonSchema.optional() })
  .refine((v) => v.name !== undefined || v.filter !== undefined, 'Nothing to update');

export type Segment = {
  id: string;
  name: string;
  /** Stored normalised (every default filled in). */
  filter: ContactFilterJson;
  createdBy: UserSummary | null;
  createdAt: string;
  updatedAt: string;
  abilities: { update: boolean; delete: boolean };
};
/** GET /api/segments: by name. */
export type SegmentListResponse = { segments: Segment[] };
/** GET /api/segments/:segmentId/count — the live count (re-read on contact and segment events). */
export type SegmentCountResponse = { count: number };
