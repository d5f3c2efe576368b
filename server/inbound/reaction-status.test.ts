import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, reactions } from '../db/schema';
import { collectEvents } from '../test/events';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { outboundStatus } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe("a status webhook for the team's own reaction", () => {
  it('moves the reaction to failed and tells teammates live', async () => {
    const owner = await signUpUser(ctx.app);
    const { account } = await connectTestAccount(
      ctx,
      { id: owner.body.user.id, email: owner.email },
      FIXTURE_ACCOUNTS.primary,
    );
    const [contact] = await ctx.db
      .insert(contacts)
      .values({ accountId: account.id, waId: '16505550100', phone: '16505550100' })
      .returning();
    await ctx.db.insert(messages).values({
      accountId: account.id,
      contactId: contact!.id,
      direction: 'incoming',
      type: 'text',
      body: 'hi',
      externalId: 'wamid.TARGET',
      status: 'read',
      timestamp: new Date(),
    });
    await ctx.db.insert(reactions).values({
      accountId: account.id,
      targetExternalId: 'wamid.TARGET',
      reactor: 'business',
      emoji: '👍',
      direction: 'outgoing',
      externalId: 'wamid.REACTION',
      status: 'sent',
      timestamp: new Date(),
    });

    const { seen, stop } = collectEvents(ctx.events);
    await postWebhook(
      ctx.app,
      outboundStatus({ wamid: 'wamid.REACTION', to: '16505550100', status: 'failed', at: 1_790_000_000 }),
    );
    await ctx.webhooks.drain();
    stop();

    const [row] = await ctx.db.select().from(reactions).where(eq(reactions.externalId, 'wamid.REACTION'));
    expect(row?.status).toBe('failed');
    expect(seen).toContainEqual({
      kind: 'reaction.changed',
      accountId: account.id,
      contactId: contact!.id,
      targetExternalId: 'wamid.TARGET',
    });
  });
});
