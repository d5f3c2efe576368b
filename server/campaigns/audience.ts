import { type AudienceCount, CAMPAIGN_MSG, type CampaignAudience } from '@common/api/campaigns';
import { and, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import { resolveSegmentFilter } from '../commands/segments';
import type { Executor } from '../db/client';
import { contacts, tags } from '../db/schema';
import { badRequest, HttpError } from '../lib/http-errors';
import { loadFieldDefs } from '../routes/contact-table/field-conditions';
import { tableConditions } from '../routes/contact-table/query';

/**
 * Who a campaign's audience is, as a condition on `contacts`: every contact of the account the
 * audience names (a segment's filter over the whole account, whoever saved it; tags, any or all;
 * or the contacts who opted in), never a blocked one. Opted-out contacts are left to the caller:
 * `countAudience` counts them apart, the sender skips them.
 */
export async function audienceCondition(
  db: Executor,
  accountId: string,
  audience: CampaignAudience,
): Promise<SQL> {
  let chosen: SQL;
  if (audience.kind === 'segment') {
    const filter = await resolveSegmentFilter(db, accountId, audience.segmentId).catch((error) => {
      if (error instanceof HttpError && error.statusCode === 404)
        throw badRequest(CAMPAIGN_MSG.segmentNotFound, 'validation_failed', 'audience.segmentId');
      throw error;
    });
    const fields = await loadFieldDefs(db, accountId, filter.conditions ?? []);
    // A campaign reaches the whole account: the segment's filter without a member's narrower view.
    // A condition on a field deleted since the segment was saved matches nobody.
    chosen = tableConditions({ accountId, actorId: '', teamView: true }, filter, fields, 'never');
  } else if (audience.kind === 'tags') {
    const list = sql`array[${sql.join(
      audience.tagIds.map((id) => sql`${id}::uuid`),
      sql`, `,
    )}]::uuid[]`;
    chosen =
      audience.match === 'all' ? sql`${contacts.tagIds} @> ${list}` : sql`${contacts.tagIds} && ${list}`;
  } else {
    chosen = eq(contacts.consent, 'opted_in');
  }
  return and(eq(contacts.accountId, accountId), isNull(contacts.blockedAt), chosen)!;
}

/** 400 unless every tag of a tags audience is one of the account's. */
export async function checkAudience(db: Executor, accountId: string, audience: CampaignAudience) {
  if (audience.kind === 'segment') {
    await audienceCondition(db, accountId, audience);
    return;
  }
  if (audience.kind !== 'tags') return;
  const found = await db
    .select({ id: tags.id })
    .from(tags)
    .where(and(eq(tags.accountId, accountId), inArray(tags.id, audience.tagIds)));
  if (found.length !== audience.tagIds.length)
    throw badRequest(CAMPAIGN_MSG.tagNotFound, 'validation_failed', 'audience.tagIds');
}

/** The audience now: who it reaches, and the opted-out contacts it leaves out. */
export async function countAudience(
  db: Executor,
  accountId: string,
  audience: CampaignAudience,
): Promise<AudienceCount> {
  const [row] = await db
    .select({
      recipients: sql<number>`count(*) filter (where ${contacts.consent} <> 'opted_out')::int`,
      optedOut: sql<number>`count(*) filter (where ${contacts.consent} = 'opted_out')::int`,
    })
    .from(contacts)
    .where(await audienceCondition(db, accountId, audience));
  return { recipients: Number(row?.recipients ?? 0), optedOut: Number(row?.optedOut ?? 0) };
}
