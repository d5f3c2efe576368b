import { CAMPAIGN_MSG } from '@common/api/campaigns';
import type { ContactFilterJsonParsed } from '@common/api/contact-filter';
import { type ContactTableFilter, tableFilterFromJson } from '@common/api/contact-table';
import { MAX_SEGMENTS, SEGMENT_MSG, type Segment } from '@common/api/segments';
import { and, asc, eq, sql } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { campaigns, contactSegments } from '../db/schema';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { inboxPolicy } from '../policies/contact';
import type { PolicyActor } from '../policies/define-policy';
import { segmentPolicy } from '../policies/segment';
import { presentSegments, type SegmentRow } from '../presenters/segment';
import { fieldConditionsSql, loadFieldDefs } from '../routes/contact-table/field-conditions';
import { countTable } from '../routes/contact-table/query';
import type { CommandDeps } from './deps';

type SegmentActor = NonNullable<PolicyActor> & { teamId: string; accountId: string };

async function loadSegment(db: Executor, accountId: string, segmentId: string): Promise<SegmentRow> {
  const [row] = await db
    .select()
    .from(contactSegments)
    .where(and(eq(contactSegments.id, segmentId), eq(contactSegments.accountId, accountId)))
    .limit(1);
  if (!row) throw notFound(SEGMENT_MSG.notFound);
  return row;
}

/**
 * A filter about to be saved: its field conditions must name the account's fields with ops and values
 * that suit them (the table's 400s), its campaign one of the account's. Later, a field or campaign
 * deleted under a saved segment does not fail it (the condition matches nobody).
 */
async function checkFilter(db: Executor, accountId: string, filter: ContactFilterJsonParsed) {
  const fields = await loadFieldDefs(db, accountId, filter.conditions);
  fieldConditionsSql(filter.conditions, fields, 'reject');
  if (filter.campaign) {
    const [found] = await db
      .select({ id: campaigns.id })
      .from(campaigns)
      .where(and(eq(campaigns.id, filter.campaign.campaignId), eq(campaigns.accountId, accountId)));
    if (!found) throw badRequest(CAMPAIGN_MSG.notFound, 'validation_failed', 'filter.campaign.campaignId');
  }
}

/** The account's segments by name (case-insensitively), with what the actor may do to each. */
export async function listSegments(db: Executor, actor: SegmentActor): Promise<Segment[]> {
  segmentPolicy.authorize(actor, 'view', { accountId: actor.accountId });
  const rows = await db
    .select()
    .from(contactSegments)
    .where(eq(contactSegments.accountId, actor.accountId))
    .orderBy(sql`lower(${contactSegments.name})`, asc(contactSegments.id));
  return presentSegments(db, actor, rows);
}

/** Any teammate saves a filter under a name unique in the account (409 otherwise); 200 per account. */
export async function createSegment(
  deps: CommandDeps,
  actor: SegmentActor,
  input: { name: string; filter: ContactFilterJsonParsed },
): Promise<Segment> {
  segmentPolicy.authorize(actor, 'create', { accountId: actor.accountId });
  await checkFilter(deps.db, actor.accountId, input.filter);
  const row = await uniqueName(() =>
    deps.events.transaction(async (tx, emit) => {
      const existing = await tx
        .select({ id: contactSegments.id })
        .from(contactSegments)
        .where(eq(contactSegments.accountId, actor.accountId))
        // Serializes concurrent saves of one account, so the limit holds.
        .for('update');
      if (existing.length >= MAX_SEGMENTS) throw badRequest(SEGMENT_MSG.tooMany, 'too_many_segments');
      const [created] = await tx
        .insert(contactSegments)
        .values({ accountId: actor.accountId, name: input.name, filter: input.filter, createdBy: actor.id })
        .returning();
      await audit(tx, actor, 'segment.created', created!.id, { name: input.name });
      emit({ kind: 'segment.changed', accountId: actor.accountId, segmentId: created!.id, deleted: false });
      return created!;
    }),
  );
  return (await presentSegments(deps.db, actor, [row]))[0]!;
}

/** Its creator or the owner renames it or replaces its filter. */
export async function updateSegment(
  deps: CommandDeps,
  actor: SegmentActor,
  segmentId: string,
  input: { name?: string; filter?: ContactFilterJsonParsed },
): Promise<Segment> {
  const current = await loadSegment(deps.db, actor.accountId, segmentId);
  segmentPolicy.authorize(actor, 'update', current);
  if (input.filter) await checkFilter(deps.db, actor.accountId, input.filter);
  const row = await uniqueName(() =>
    deps.events.transaction(async (tx, emit) => {
      const segment = await loadSegment(tx, actor.accountId, segmentId);
      segmentPolicy.authorize(actor, 'update', segment);
      const [updated] = await tx
        .update(contactSegments)
        .set({
          ...(input.name !== undefined ? { name: input.name } : {}),
          ...(input.filter !== undefined ? { filter: input.filter } : {}),
          updatedAt: new Date(),
        })
        .where(eq(contactSegments.id, segment.id))
        .returning();
      await audit(tx, actor, 'segment.updated', segment.id, {
        name: updated!.name,
        ...(input.name !== undefined && input.name !== segment.name ? { from: segment.name } : {}),
        filterChanged: input.filter !== undefined,
      });
      emit({ kind: 'segment.changed', accountId: actor.accountId, segmentId: segment.id, deleted: false });
      return updated!;
    }),
  );
  return (await presentSegments(deps.db, actor, [row]))[0]!;
}

/** Its creator or the owner deletes it. */
export async function deleteSegment(
  deps: CommandDeps,
  actor: SegmentActor,
  segmentId: string,
): Promise<void> {
  await deps.events.transaction(async (tx, emit) => {
    const segment = await loadSegment(tx, actor.accountId, segmentId);
    segmentPolicy.authorize(actor, 'delete', segment);
    await tx.delete(contactSegments).where(eq(contactSegments.id, segment.id));
    await audit(tx, actor, 'segment.deleted', segment.id, { name: segment.name });
    emit({ kind: 'segment.changed', accountId: actor.accountId, segmentId: segment.id, deleted: true });
  });
}

/**
 * The live count: the contacts matching the segment that this actor may see (members: the unassigned
 * ones and their own, so a segment of a teammate's contacts counts none of them, rather than a 403).
 * A condition on a field deleted since the segment was saved matches nobody.
 */
export async function countSegment(db: Executor, actor: SegmentActor, segmentId: string): Promise<number> {
  const segment = await loadSegment(db, actor.accountId, segmentId);
  segmentPolicy.authorize(actor, 'view', segment);
  const teamView = inboxPolicy.can(actor, 'viewTeam', { accountId: actor.accountId });
  const scope = { accountId: actor.accountId, actorId: actor.id, teamView };
  return countTable(db, scope, tableFilterFromJson(segment.filter), 'never');
}

/**
 * A segment's filter as the table's (for campaigns, which authorize their own actor and apply their
 * own scope). 404 for a segment of another account. Its conditions may name a field deleted since:
 * pass `missing: 'never'` to tableConditions / countTable so those match nobody.
 */
export async function resolveSegmentFilter(
  db: Executor,
  accountId: string,
  segmentId: string,
): Promise<ContactTableFilter> {
  return tableFilterFromJson((await loadSegment(db, accountId, segmentId)).filter);
}

async function uniqueName<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(SEGMENT_MSG.nameTaken, 'segment_name_taken');
    throw error;
  }
}

function audit(tx: Executor, actor: SegmentActor, action: string, subjectId: string, details: object) {
  return recordAudit(tx, {
    actorId: actor.id,
    teamId: actor.teamId,
    action,
    subjectType: 'segment',
    subjectId,
    details: details as Record<string, unknown>,
  });
}
