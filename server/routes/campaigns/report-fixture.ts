import { eq } from 'drizzle-orm';
import { campaignRecipients, campaigns, contacts, teams } from '../../db/schema';
import type { TestContext } from '../../test/harness';
import { buildContact } from '../../test/inbox-factories';
import { buildTableFixture } from '../contact-table/fixture';

/** Whole minutes, so the chart's buckets are known: sends from 10:00:00, the last read at 10:04:10. */
const BASE = Date.parse('2026-03-02T10:00:00Z');
export const at = (seconds: number) => new Date(BASE + seconds * 1000);

/**
 * The report tests' world: the contacts table's team (buildTableFixture) with a sending campaign of
 * eleven recipients in every status (sends and reads at known times), a draft, and another team's
 * campaign with a recipient of its own.
 */
export async function buildReportFixture(ctx: TestContext) {
  const f = await buildTableFixture(ctx);
  const c: Record<string, { id: string }> = {};
  let campaignId = '';
  let otherCampaignId = '';
  const insertCampaign = async (name: string, status: 'sending' | 'draft', accountId = f.accountId) => {
    const [team] = await ctx.db.select().from(teams).where(eq(teams.whatsappAccountId, accountId));
    const [row] = await ctx.db
      .insert(campaigns)
      .values({ accountId, teamId: team!.id, name, status })
      .returning();
    return row!.id;
  };
  campaignId = await insertCampaign('Spring sale', 'sending');
  const draftId = await insertCampaign('Later', 'draft');

  const extra = async (name: string) => buildContact(ctx.db, f.accountId, { profileName: name });
  Object.assign(c, f.c, {
    quinn: await extra('Quinn'),
    quentin: await extra('Quentin'),
    sam: await extra('Sam'),
    oscar: await extra('Oscar'),
    formula: await extra('=HYPERLINK("x")'),
  });
  const row = (
    contact: string,
    status: (typeof campaignRecipients.$inferInsert)['status'],
    more: Partial<typeof campaignRecipients.$inferInsert> = {},
  ) => ({ campaignId, accountId: f.accountId, contactId: c[contact]!.id, status, ...more });
  await ctx.db.insert(campaignRecipients).values([
    row('ana', 'replied', { sentAt: at(0), readAt: at(70), statusAt: at(200) }),
    row('bob', 'read', { sentAt: at(5), readAt: at(250), statusAt: at(250) }),
    row('blank', 'delivered', { sentAt: at(15), statusAt: at(30) }),
    row('zoe', 'sent', { sentAt: at(25), statusAt: at(25) }),
    // Failed after it was sent (a delivery failure): counts as sent and as failed.
    row('dora', 'failed', {
      sentAt: at(20),
      statusAt: at(40),
      errorCode: 131049,
      error: 'Message not delivered to maintain healthy ecosystem engagement.',
    }),
    row('carla', 'failed', {
      statusAt: at(10),
      errorCode: 131026,
      error: 'Message undeliverable.',
    }),
    row('eve', 'failed', { statusAt: at(12), errorCode: 130429, error: 'Rate limit hit.', retryable: true }),
    row('formula', 'failed', { statusAt: at(13), errorCode: 131000, error: '@SUM(1)' }),
    row('quinn', 'queued', { statusAt: at(1) }),
    row('quentin', 'sending', { statusAt: at(2) }),
    row('sam', 'skipped', { statusAt: at(3), error: 'Opted out of marketing messages' }),
  ]);

  // Another team's campaign, with a recipient of its own.
  const [otherContact] = await ctx.db
    .select()
    .from(contacts)
    .where(eq(contacts.profileName, 'Ana Elsewhere'));
  otherCampaignId = await insertCampaign('Theirs', 'sending', otherContact!.accountId);
  await ctx.db.insert(campaignRecipients).values({
    campaignId: otherCampaignId,
    accountId: otherContact!.accountId,
    contactId: otherContact!.id,
    status: 'read',
    sentAt: at(0),
    readAt: at(5),
  });
  return { f, c, campaignId, draftId, otherCampaignId };
}
