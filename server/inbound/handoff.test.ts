import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, webhookEvents } from '../db/schema';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { until } from '../test/until';
import { inboundText } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';
import { WebhookProcessor } from './webhook-processor';

let ctx: TestContext;
let processor: WebhookProcessor | undefined;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await signUpUser(ctx.app);
  await connectTestAccount(ctx, { id: owner.body.user.id, email: owner.email }, FIXTURE_ACCOUNTS.primary);
});
afterEach(async () => {
  await processor?.stop();
  processor = undefined;
});
afterAll(() => ctx.close());

const delivery = (wamid: string) =>
  inboundText({ wamid, from: '15550001111', name: 'Handoff', body: `hello ${wamid}`, at: 1_780_000_000 });

async function messageCount(wamid: string): Promise<number> {
  return (await ctx.db.select().from(messages).where(eq(messages.externalId, wamid))).length;
}

describe('a delivery stored while this process runs a processor', () => {
  it('is applied at once, without waiting for the table to be polled', async () => {
    // A poll interval far longer than the test: only the in-memory handover can apply the message.
    processor = new WebhookProcessor({
      db: ctx.db,
      log: pino({ level: 'silent' }),
      events: ctx.events,
      pollMs: 600_000,
    });
    processor.start();
    await new Promise((r) => setTimeout(r, 50)); // the first (empty) claim is behind us

    const res = await postWebhook(ctx.app, delivery('wamid.HANDOFF1'));
    expect(res.statusCode).toBe(200);
    await until(
      async () => (await messageCount('wamid.HANDOFF1')) === 1,
      'the handed-over message',
      5_000,
      20,
    );
    expect(await messageCount('wamid.HANDOFF1')).toBe(1);
    const [row] = await ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id).limit(1);
    expect(row).toMatchObject({ status: 'processed', attempts: 1 });
  });

  it('is stored leased: when its process dies first, another applies it once the lease ends', async () => {
    processor = new WebhookProcessor({
      db: ctx.db,
      log: pino({ level: 'silent' }),
      events: ctx.events,
      pollMs: 600_000,
    });
    processor.start();
    // The process "dies" between answering 200 and applying: what it was handed is lost with it.
    processor.accept = () => {};

    const res = await postWebhook(ctx.app, delivery('wamid.HANDOFF2'));
    expect(res.statusCode).toBe(200);
    const [stored] = await ctx.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.status, 'pending'))
      .orderBy(webhookEvents.id);
    expect(stored!.lockedUntil!.getTime()).toBeGreaterThan(Date.now());

    // Another process finds nothing to claim while the lease holds…
    const other = new WebhookProcessor({ db: ctx.db, log: pino({ level: 'silent' }), events: ctx.events });
    expect(await other.drain()).toBe(0);
    expect(await messageCount('wamid.HANDOFF2')).toBe(0);

    // …and applies it, exactly once, when the lease has run out. The dead process claims nothing more:
    // stopping it first keeps its own first poll, however late it runs, from taking the expired row.
    await processor.stop();
    await ctx.db
      .update(webhookEvents)
      .set({ lockedUntil: new Date(Date.now() - 1_000) })
      .where(eq(webhookEvents.id, stored!.id));
    expect(await other.drain()).toBe(1);
    expect(await messageCount('wamid.HANDOFF2')).toBe(1);
  });
});
