import { once } from 'node:events';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../db/schema';
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
 * Issue 15: a campaign of 2,000 recipients across two processes, the one sending it killed with
 * SIGKILL mid-campaign. The other takes the number's send lease once it runs out
 * (`JOB_LEASE_SECONDS`, 5 s here), sends the rest, and the sends the dead one left without an answer
 * are settled by their status webhooks when the sandbox had them, or sent again when it never did
 * (after `CAMPAIGN_CONFIRM_SECONDS`, 5 s here, but never sooner than a live sender's call to Meta can
 * last: 20 s). Every recipient is sent exactly once.
 */

const RECIPIENTS = 2_000;
/** 2,000 at 200/s: about ten seconds of sending, long enough to kill the sender in the middle. */
const SEND_RATE = 200;
/** The sender is killed once this many recipients are sent. */
const KILL_AFTER = 300;
const SENT_OR_FURTHER = `('sent', 'delivered', 'read')`;

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let owner: { cookie: string };
let number: ConnectedNumber;

beforeAll(async () => {
  cluster = await createCluster({
    redisUrl: scaleServices().redisUrl,
    env: { CAMPAIGN_CONFIRM_SECONDS: '5' },
  });
  [a, b] = await Promise.all([cluster.start(), cluster.start()]);
  owner = await signUp(b.url);
  number = await connectSandboxNumber(b.url, owner.cookie);
});

afterAll(() => cluster?.close());

async function api<T>(origin: string, method: string, path: string, body?: unknown) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { cookie: owner.cookie, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

describe('a campaign across two processes, the sending one killed mid-campaign', () => {
  it('sends every one of 2,000 recipients exactly once', { timeout: 180_000 }, async () => {
    const { db } = cluster.database;
    const pool = cluster.database.pool!;
    const query = async <R extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
      (await pool.query<R>(text, values)).rows;

    // Statuses come back as Meta's do at volume: sent 0.2–1 s after the send, delivered 1–3 s later,
    // swept in bulk and posted up to 100 per webhook.
    expect((await phoneApi(b.url, 'PUT', '/settings', { statusDelays: 'realistic' })).status).toBe(200);

    // The sandbox's approved hello_world, read into the app's templates.
    const listed = await api<{ templates: { id: string; name: string; status: string }[] }>(
      b.url,
      'GET',
      '/api/templates?refresh=1',
    );
    expect(listed.status).toBe(200);
    const template = listed.body.templates.find((t) => t.name === 'hello_world');
    expect(template?.status).toBe('approved');

    // 2,000 opted-in contacts in one statement; the sandbox takes a template to any number.
    const waIds = Array.from({ length: RECIPIENTS }, (_, i) => `1555300${String(i).padStart(4, '0')}`);
    await db.insert(contacts).values(
      waIds.map((waId, i) => ({
        accountId: number.accountId,
        waId,
        phone: waId,
        customName: `Recipient ${i}`,
        consent: 'opted_in' as const,
      })),
    );

    const made = await api<{ campaign: { id: string } }>(a.url, 'POST', '/api/campaigns', {
      name: 'Scale: 2,000 across two processes',
      templateId: template!.id,
      audience: { kind: 'opted_in' },
      sendRate: SEND_RATE,
    });
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const campaignId = made.body.campaign.id;
    const started = performance.now();
    const scheduled = await api(a.url, 'POST', `/api/campaigns/${campaignId}/schedule`, { sendAt: null });
    expect(scheduled.status, JSON.stringify(scheduled.body)).toBe(200);

    // Whichever process's sender took the number's lease first is the one sending (its owner starts
    // with its pid); that one is killed, the other carries on.
    const leaseOwner = await until(
      async () =>
        (
          await query<{ owner: string }>('select owner from campaign_send_leases where account_id = $1', [
            number.accountId,
          ])
        )[0]?.owner,
      'a process to take the number’s send lease',
    );
    const [sender, survivor] = leaseOwner.startsWith(`${a.child.pid}-`) ? [a, b] : [b, a];
    expect(leaseOwner.startsWith(`${sender.child.pid}-`)).toBe(true);

    const byStatus = async () => {
      const rows = await query<{ status: string; n: number }>(
        'select status, count(*)::int as n from campaign_recipients where campaign_id = $1 group by status',
        [campaignId],
      );
      return Object.fromEntries(rows.map((r) => [r.status, r.n])) as Record<string, number>;
    };
    const sentCount = async () =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from campaign_recipients where campaign_id = $1 and status in ${SENT_OR_FURTHER}`,
          [campaignId],
        )
      )[0]!.n;
    const atSandbox = async () =>
      (
        await query<{ n: number }>(
          `select count(*)::int as n from sandbox_messages where phone_number_id = $1 and direction = 'to_customer'`,
          [number.phoneNumberId],
        )
      )[0]!.n;

    await until(async () => (await sentCount()) >= KILL_AFTER, `${KILL_AFTER} recipients sent`, 60_000, 10);
    const exited = once(sender.child, 'exit');
    sender.child.kill('SIGKILL');
    await exited;
    const killedAt = performance.now();
    // Only the lease holder claims, so every recipient `sending` now is one the dead process took and
    // never stored an answer for (the survivor's webhooks may settle some of them from here on).
    const inFlight = await query<{ id: string }>(
      `select id from campaign_recipients where campaign_id = $1 and status = 'sending'`,
      [campaignId],
    );
    const atKill = await byStatus();
    const sentAtKill = (atKill.sent ?? 0) + (atKill.delivered ?? 0) + (atKill.read ?? 0);
    const sandboxAtKill = await atSandbox();
    expect(sentAtKill).toBeGreaterThanOrEqual(1);
    expect(sentAtKill).toBeLessThan(RECIPIENTS);

    // The survivor takes the number's lease once it runs out, and finishes the campaign.
    await until(
      async () =>
        (
          await query<{ owner: string }>('select owner from campaign_send_leases where account_id = $1', [
            number.accountId,
          ])
        )[0]?.owner.startsWith(`${survivor.child.pid}-`),
      'the surviving process to take the number’s send lease',
      30_000,
    );
    await until(
      async () =>
        (await query<{ status: string }>('select status from campaigns where id = $1', [campaignId]))[0]
          ?.status === 'completed',
      'the campaign to complete',
      120_000,
      250,
    );
    const finished = performance.now();

    // Every recipient ends sent or further; none queued, sending, failed or skipped.
    const statuses = await byStatus();
    expect(Object.keys(statuses).filter((s) => !['sent', 'delivered', 'read'].includes(s))).toEqual([]);
    expect(Object.values(statuses).reduce((sum, n) => sum + n, 0)).toBe(RECIPIENTS);

    // The sandbox received exactly one message for each recipient: none twice, none missing.
    const received = await query<{ wa_id: string; n: number; wamids: string[] }>(
      `select customer_wa_id as wa_id, count(*)::int as n, array_agg(wamid) as wamids from sandbox_messages
        where phone_number_id = $1 and direction = 'to_customer' group by customer_wa_id`,
      [number.phoneNumberId],
    );
    const twice = received.filter((r) => r.n > 1);
    expect(twice.map((r) => `${r.wa_id} ×${r.n}`)).toEqual([]);
    expect(received.map((r) => r.wa_id).sort()).toEqual([...waIds].sort());

    // Each recipient's message in the app carries the wamid the sandbox gave it, and no wamid repeats.
    const sent = await query<{ wa_id: string; external_id: string | null; attempts: number }>(
      `select c.wa_id, m.external_id, r.attempts from campaign_recipients r
        join messages m on m.id = r.message_id join contacts c on c.id = r.contact_id
        where r.campaign_id = $1`,
      [campaignId],
    );
    expect(sent).toHaveLength(RECIPIENTS);
    const [outgoing] = await query<{ n: number }>(
      `select count(*)::int as n from messages where account_id = $1 and direction = 'outgoing'`,
      [number.accountId],
    );
    expect(outgoing!.n).toBe(RECIPIENTS); // a resend reuses its recipient's message
    expect(sent.filter((m) => !m.external_id).map((m) => m.wa_id)).toEqual([]);
    expect(new Set(sent.map((m) => m.external_id)).size).toBe(RECIPIENTS);
    const wamidOf = new Map(received.map((r) => [r.wa_id, r.wamids[0]]));
    expect(sent.filter((m) => wamidOf.get(m.wa_id) !== m.external_id).map((m) => m.wa_id)).toEqual([]);

    // Of those in flight at the kill: settled by their status webhooks (one claim), or sent again.
    const inFlightIds = new Set(inFlight.map((r) => r.id));
    const resent = await query<{ n: number }>(
      'select count(*)::int as n from campaign_recipients where id = any($1::uuid[]) and attempts > 1',
      [[...inFlightIds]],
    );
    console.warn(
      `campaign: ${RECIPIENTS} recipients at ${SEND_RATE}/s; ${sender === a ? 'A' : 'B'} killed with ${sentAtKill} sent, ${inFlight.length} in flight (${sandboxAtKill} at the sandbox); ${inFlight.length - resent[0]!.n} of those settled by status webhooks, ${resent[0]!.n} sent again; completed ${((finished - killedAt) / 1000).toFixed(1)} s after the kill, ${((finished - started) / 1000).toFixed(1)} s after it started`,
    );
  });
});
