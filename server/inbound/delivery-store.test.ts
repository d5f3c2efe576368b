import { eq } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { messages, webhookEvents } from '../db/schema';
import { connectTestAccount, signUpUser } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { inboundText } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { DeliveryStore } from './delivery-store';
import { type StoredDelivery, WebhookProcessor } from './webhook-processor';

let ctx: TestContext;
let processor: WebhookProcessor | undefined;
beforeAll(async () => {
  ctx = await createTestContext();
  const owner = await signUpUser(ctx.app);
  await connectTestAccount(ctx, { id: owner.body.user.id, email: owner.email });
});
afterEach(async () => {
  await processor?.stop();
  processor = undefined;
  await ctx.db.delete(webhookEvents);
});
afterAll(() => ctx.close());

/** Counts the INSERT statements sent through the database handle. */
function countingInserts(): { db: typeof ctx.db; inserts: () => number } {
  let inserts = 0;
  const db = new Proxy(ctx.db, {
    get(target, key, receiver) {
      if (key !== 'execute') return Reflect.get(target, key, receiver);
      return (...args: Parameters<typeof ctx.db.execute>) => {
        inserts += 1;
        return target.execute(...args);
      };
    },
  });
  return { db, inserts: () => inserts };
}

describe('storing webhook deliveries', () => {
  it('stores deliveries that arrive together with one INSERT, each acknowledged only once stored', async () => {
    const { db, inserts } = countingInserts();
    const store = new DeliveryStore(db);
    const bodies = Array.from({ length: 40 }, (_, i) => `{"delivery":${i}}`);

    await Promise.all(bodies.map((body) => store.store(body)));

    // The first goes alone (nothing to wait for); the 39 that came meanwhile share the next INSERT.
    expect(inserts()).toBe(2);
    const rows = await ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id);
    expect(rows.map((r) => r.body)).toEqual(bodies);
    expect(rows.every((r) => r.status === 'pending' && r.lockedUntil === null)).toBe(true);
  });

  it('hands each stored row, leased, to the running processor with its own body', async () => {
    processor = new WebhookProcessor({
      db: ctx.db,
      log: pino({ level: 'silent' }),
      events: ctx.events,
      pollMs: 600_000,
    });
    processor.start();
    const handed: StoredDelivery[] = [];
    processor.accept = (delivery) => handed.push(delivery);
    const store = new DeliveryStore(ctx.db);
    const bodies = Array.from({ length: 25 }, (_, i) => `{"handed":${i}}`);

    await Promise.all(bodies.map((body) => store.store(body)));

    const rows = await ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id);
    expect(handed.map((d) => [d.id, d.body])).toEqual(rows.map((r) => [r.id, r.body]));
    expect(rows.map((r) => r.body)).toEqual(bodies);
    for (const row of rows) {
      expect(row.attempts).toBe(1);
      expect(row.lockedUntil!.getTime()).toBeGreaterThan(Date.now());
    }
  });

  it('a row the database refuses fails alone; its neighbours are stored and answered', async () => {
    const store = new DeliveryStore(ctx.db);
    const good = Array.from({ length: 5 }, (_, i) => `{"good":${i}}`);
    // PostgreSQL cannot store NUL in text (the route refuses it first; here it stands for any bad row).
    const results = await Promise.allSettled([
      store.store('{"first":true}'),
      ...good.slice(0, 2).map((b) => store.store(b)),
      store.store('{"bad":"\u0000"}'),
      ...good.slice(2).map((b) => store.store(b)),
    ]);

    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
      'fulfilled',
      'fulfilled',
    ]);
    const bodies = (await ctx.db.select().from(webhookEvents).orderBy(webhookEvents.id)).map((r) => r.body);
    expect(bodies).toEqual(['{"first":true}', ...good]);
  });

  it('through the route, a burst of deliveries ends as one message each', async () => {
    processor = new WebhookProcessor({ db: ctx.db, log: pino({ level: 'silent' }), events: ctx.events });
    processor.start();
    const wamids = Array.from({ length: 30 }, (_, i) => `wamid.GROUP${i}`);
    const answers = await Promise.all(
      wamids.map((wamid, i) =>
        postWebhook(
          ctx.app,
          inboundText({ wamid, from: `1555000${1000 + i}`, name: 'Group', body: wamid, at: 1_780_000_000 }),
        ),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    await processor.drain();
    for (const wamid of wamids) {
      const rows = await ctx.db.select().from(messages).where(eq(messages.externalId, wamid));
      expect(rows).toHaveLength(1);
    }
  });
});
