import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { templates } from '../db/schema';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS, webhookFixtures } from '../whatsapp/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('message_template_status_update', () => {
  it("moves the stored template to Meta's verdict at once", async () => {
    const owner = await signUpUser(ctx.app);
    const { account } = await connectTestAccount(
      ctx,
      { id: owner.body.user.id, email: owner.email },
      FIXTURE_ACCOUNTS.primary,
    );
    const approvedId = String(
      webhookFixtures['template-status-approved'].entry[0]!.changes[0]!.value.message_template_id,
    );
    const rejectedId = String(
      webhookFixtures['template-status-rejected'].entry[0]!.changes[0]!.value.message_template_id,
    );
    await ctx.db.insert(templates).values([
      {
        accountId: account.id,
        providerId: approvedId,
        name: 'order_update',
        language: 'en_US',
        category: 'UTILITY',
        status: 'pending',
      },
      {
        accountId: account.id,
        providerId: rejectedId,
        name: 'big_sale',
        language: 'en_US',
        category: 'MARKETING',
        status: 'pending',
      },
    ]);

    await postWebhook(ctx.app, webhookFixtures['template-status-approved']);
    await postWebhook(ctx.app, webhookFixtures['template-status-rejected']);
    await ctx.webhooks.drain();

    const [approved] = await ctx.db.select().from(templates).where(eq(templates.providerId, approvedId));
    const [rejected] = await ctx.db.select().from(templates).where(eq(templates.providerId, rejectedId));
    expect(approved?.status).toBe('approved');
    expect(rejected?.status).toBe('rejected');
    expect(rejected?.rejectedReason).toBeTruthy();
  });
});
