import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, messages, sandboxMessages } from '../db/schema';
import { phoneApi } from '../test/sandbox';
import type { ServerProcess } from '../test/server-process';
import {
  type Cluster,
  type ConnectedNumber,
  connectSandboxNumber,
  createCluster,
  scaleServices,
  signUp,
  until,
} from './harness';

/**
 * Issue 16: the AI bot with two processes on one PostgreSQL and Redis. A customer's message is
 * delivered twice (the sandbox's duplicate deliveries, run by either process), both processes
 * subscribe to new messages and both run jobs: the bot answers exactly once, and Meta receives
 * exactly one reply.
 */

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let owner: { cookie: string };
let number: ConnectedNumber;

async function api(origin: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie: owner.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

beforeAll(async () => {
  cluster = await createCluster({ redisUrl: scaleServices().redisUrl });
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  owner = await signUp(a.url);
  number = await connectSandboxNumber(a.url, owner.cookie);
  const ai = await api(a.url, 'PUT', '/api/ai/settings', {
    instructions: 'We are open Monday to Friday, 9:00 to 17:00.',
  });
  expect(ai.status).toBe(200);
  const bot = await api(b.url, 'PUT', '/api/ai/bot', { enabled: true, when: 'always' });
  expect(bot.status).toBe(200);
});

afterAll(() => cluster?.close());

describe('the AI bot across two processes', () => {
  it('answers one customer message exactly once', { timeout: 60_000 }, async () => {
    const { db } = cluster.database;
    const waId = '15550007777';
    // Meta delivers every webhook twice (at-least-once); the two copies are sandbox jobs either process may run.
    expect((await phoneApi(a.url, 'PUT', '/settings', { duplicateDeliveries: true })).status).toBe(200);
    await phoneApi(a.url, 'POST', `/phone-numbers/${number.phoneNumberId}/customers`, {
      waId,
      name: 'Twice Delivered',
    });
    const sent = await phoneApi<{ id: string }>(
      b.url,
      'POST',
      `/phone-numbers/${number.phoneNumberId}/customers/${waId}/messages`,
      { type: 'text', text: 'When are you open?' },
    );
    expect(sent.status).toBe(201);
    const wamid = sent.body.id;

    const [inbound] = await until(async () => {
      const rows = await db.select().from(messages).where(eq(messages.externalId, wamid));
      return rows.length > 0 ? rows : undefined;
    }, 'the customer message to be stored');
    const replies = await until(async () => {
      const rows = await db
        .select()
        .from(messages)
        .where(and(eq(messages.contactId, inbound!.contactId), eq(messages.sentByBot, true)));
      return rows.length > 0 && rows.every((r) => r.status !== 'pending') ? rows : undefined;
    }, 'the bot reply to be sent');
    expect(replies).toHaveLength(1);
    expect(replies[0]).toMatchObject({
      body: 'Hi Twice! We are open Monday to Friday, 9:00 to 17:00.',
      status: expect.stringMatching(/sent|delivered|read/),
    });

    // Give a second answer every chance to appear, then count again, here and at Meta.
    await new Promise((r) => setTimeout(r, 3_000));
    const again = await db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, inbound!.contactId), eq(messages.sentByBot, true)));
    expect(again).toHaveLength(1);
    const atMeta = await db
      .select()
      .from(sandboxMessages)
      .where(and(eq(sandboxMessages.customerWaId, waId), eq(sandboxMessages.direction, 'to_customer')));
    expect(atMeta).toHaveLength(1);
    const botJobs = await db.select().from(jobs).where(eq(jobs.name, 'ai-bot.reply'));
    expect(botJobs.filter((j) => j.dedupeKey === `ai-bot.reply:${inbound!.id}`)).toHaveLength(1);
  });
});
