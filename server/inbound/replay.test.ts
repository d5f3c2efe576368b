import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, webhookEvents } from '../db/schema';
import { collectEvents } from '../test/events';
import { signUpOwnerWithAccount } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { inboundText, outboundStatus } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';
import { statusRank } from '../whatsapp/status-order';

let ctx: TestContext;
let accountId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  ({
    account: { id: accountId },
  } = await signUpOwnerWithAccount(ctx, FIXTURE_ACCOUNTS.primary));
});
afterAll(() => ctx.close());

// A seeded generator, so a failure can be replayed exactly.
function random(seed: number) {
  return () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff;
  };
}
function shuffle<T>(items: T[], next: () => number): T[] {
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(next() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

describe('replayed, shuffled deliveries', () => {
  it('leave exactly one row per message and no status that went backwards', async () => {
    const next = random(20261121);
    const customers = Array.from({ length: 40 }, (_, i) => `1555${String(1_000_000 + i)}`);
    const base = 1_780_000_000;

    // 300 business messages already sent, waiting for their statuses.
    const contactIds = new Map<string, string>();
    for (const waId of customers) {
      const [row] = await ctx.db
        .insert(contacts)
        .values({ accountId, waId, phone: waId, profileName: '' })
        .returning();
      contactIds.set(waId, row!.id);
    }
    const outgoing = Array.from({ length: 300 }, (_, i) => ({
      wamid: `wamid.OUT${i}`,
      to: customers[i % customers.length]!,
    }));
    await ctx.db.insert(messages).values(
      outgoing.map((m, i) => ({
        accountId,
        contactId: contactIds.get(m.to)!,
        direction: 'outgoing' as const,
        type: 'text',
        body: `reply ${i}`,
        externalId: m.wamid,
        status: 'pending' as const,
        timestamp: new Date((base + i) * 1000),
      })),
    );

    // 1,000 deliveries: 400 customer messages and 600 statuses (each message: sent, then delivered or read or failed).
    const deliveries: unknown[] = [];
    for (let i = 0; i < 400; i++) {
      const from = customers[i % customers.length]!;
      deliveries.push(
        inboundText({
          wamid: `wamid.IN${i}`,
          from,
          name: `Customer ${from}`,
          body: `hello ${i}`,
          at: base + i,
        }),
      );
    }
    const expected = new Map<string, string>();
    for (const [i, m] of outgoing.entries()) {
      const last = ['delivered', 'read', 'failed'][i % 3]!;
      deliveries.push(outboundStatus({ wamid: m.wamid, to: m.to, status: 'sent', at: base + 1000 + i }));
      deliveries.push(outboundStatus({ wamid: m.wamid, to: m.to, status: last, at: base + 2000 + i }));
      expected.set(m.wamid, last === 'failed' ? 'failed' : last);
    }
    expect(deliveries).toHaveLength(1000);

    // Three replays of everything, each in its own random order, processed as they arrive.
    const seen = new Map<string, number>();
    for (let round = 0; round < 3; round++) {
      const order = shuffle(deliveries, next);
      for (let i = 0; i < order.length; i += 100) {
        for (const body of order.slice(i, i + 100))
          expect((await postWebhook(ctx.app, body)).statusCode).toBe(200);
        await ctx.webhooks.drain();
        const rows = await ctx.db
          .select({ externalId: messages.externalId, status: messages.status })
          .from(messages)
          .where(eq(messages.direction, 'outgoing'));
        for (const row of rows) {
          const rank = statusRank(row.status);
          expect(rank, `${row.externalId} went backwards`).toBeGreaterThanOrEqual(
            seen.get(row.externalId!) ?? -1,
          );
          seen.set(row.externalId!, rank);
        }
      }
    }

    const incoming = await ctx.db.select().from(messages).where(eq(messages.direction, 'incoming'));
    expect(incoming).toHaveLength(400);
    expect(new Set(incoming.map((m) => m.externalId)).size).toBe(400);

    const outRows = await ctx.db.select().from(messages).where(eq(messages.direction, 'outgoing'));
    expect(outRows).toHaveLength(300);
    for (const row of outRows) expect(row.status, row.externalId!).toBe(expected.get(row.externalId!));

    // Each customer's unread count and last message reflect exactly their 10 messages.
    const rows = await ctx.db.select().from(contacts).where(eq(contacts.accountId, accountId));
    for (const row of rows) {
      expect(row.unreadCount).toBe(10);
      const newest = 400 - customers.length + customers.indexOf(row.waId);
      expect(row.lastMessagePreview).toBe(`hello ${newest}`);
    }
  }, 240_000);
});

describe('a batch of customer messages', () => {
  let batchAccountId: string;
  beforeAll(async () => {
    // Its own number, so the shuffled replay's per-customer counts stay its own.
    ({
      account: { id: batchAccountId },
    } = await signUpOwnerWithAccount(ctx, FIXTURE_ACCOUNTS.secondary));
  });

  const CUSTOMER = '16505550190';
  const AT = 1_790_000_000;
  /** One delivery carrying several messages, as Meta batches them. */
  const delivery = (messages: { wamid: string; body: string; at: number }[]) => {
    const parts = messages.map((m) =>
      inboundText({ ...m, from: CUSTOMER, name: 'Ines', number: FIXTURE_ACCOUNTS.secondary }),
    );
    return { ...parts[0]!, entry: parts.flatMap((p) => p.entry) };
  };

  it('moves the contact to its newest message (the later one on a tie), counts each new one once and unarchives it', async () => {
    const { seen, stop } = collectEvents(ctx.events);
    try {
      const first = delivery([
        { wamid: 'wamid.B1', body: 'one', at: AT },
        { wamid: 'wamid.B2', body: 'two', at: AT + 5 },
        { wamid: 'wamid.B3', body: 'three', at: AT + 5 },
      ]);
      expect((await postWebhook(ctx.app, first)).statusCode).toBe(200);
      await ctx.webhooks.drain();
      const [contact] = await ctx.db
        .select()
        .from(contacts)
        .where(and(eq(contacts.accountId, batchAccountId), eq(contacts.waId, CUSTOMER)));
      expect(contact).toMatchObject({ profileName: 'Ines', unreadCount: 3, lastMessagePreview: 'three' });
      expect(contact!.lastMessageAt).toEqual(new Date((AT + 5) * 1000));
      const created = seen.flatMap((c) => (c.kind === 'message.created' ? [c.messageId] : []));
      const stored = await ctx.db.select().from(messages).where(eq(messages.contactId, contact!.id));
      const idOf = new Map(stored.map((m) => [m.externalId, m.id]));
      expect(created).toEqual(['wamid.B1', 'wamid.B2', 'wamid.B3'].map((w) => idOf.get(w)));

      // Archived meanwhile; Meta sends the same delivery again plus an older message that was late.
      await ctx.db.update(contacts).set({ archivedAt: new Date() }).where(eq(contacts.id, contact!.id));
      const again = delivery([
        { wamid: 'wamid.B3', body: 'three', at: AT + 5 },
        { wamid: 'wamid.B0', body: 'zero', at: AT - 60 },
      ]);
      expect((await postWebhook(ctx.app, again)).statusCode).toBe(200);
      await ctx.webhooks.drain();
      const [after] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact!.id));
      expect(after).toMatchObject({ unreadCount: 4, lastMessagePreview: 'three', archivedAt: null });
      expect(after!.lastMessageAt).toEqual(new Date((AT + 5) * 1000));
      expect(await ctx.db.select().from(messages).where(eq(messages.contactId, contact!.id))).toHaveLength(4);
      const pending = await ctx.db.select().from(webhookEvents).where(eq(webhookEvents.status, 'pending'));
      expect(pending).toEqual([]);
    } finally {
      stop();
    }
  });
});
