import type { UserSummary } from '@common/api/inbox';
import type { Segment } from '@common/api/segments';
import type { Executor } from '../db/client';
import type { contactSegments } from '../db/schema';
import type { PolicyActor } from '../policies/define-policy';
import { segmentPolicy } from '../policies/segment';
import { loadUserSummaries } from './users';

export type SegmentRow = typeof contactSegments.$inferSelect;

/** A segment as the API shows it, with what this actor may do to it. */
export function presentSegment(
  actor: PolicyActor,
  row: SegmentRow,
  creators: Map<string, UserSummary>,
): Segment {
  const { update, delete: del } = segmentPolicy.abilities(actor, row);
  return {
    id: row.id,
    name: row.name,
    filter: row.filter,
    createdBy: row.createdBy ? (creators.get(row.createdBy) ?? null) : null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    abilities: { update, delete: del },
  };
}

/** Many segments, their creators read in one query. */
export async function presentSegments(
  db: Executor,
  actor: PolicyActor,
  rows: SegmentRow[],
): Promise<Segment[]> {
  const creators = await loadUserSummaries(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((row) => presentSegment(actor, row, creators));
}
