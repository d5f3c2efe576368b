import type { MessageResponse } from '@common/api/inbox';
import { eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { messages, webhookEvents } from '../db/schema';
import type { DomainEvent } from '../events/types';
import { enqueue } from '../jobs/queue';
import { messageSendJob } from '../outbound/message-send.job';
import { ambiguousSendError } from '../outbound/send-errors';
import type { MessagePayload } from '../sandbox/state/messages';
import { collectEvents } from '../test/events';
import { signUpOwnerWithAccount } from '../test/factories';
import { buildContact, buildMessage } from '../test/inbox-factories';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
  settle,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext, runSandboxJobs } from '../test/sandbox';
import { outboundStatus } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

/**
 * A send whose answer was lost (the process died mid-call, or the call timed out after Meta took the
 * message) is settled by its status webhooks: they carry our message id in biz_opaque_callback_data,
 * so the unknown wamid is attached to the message and its status applies, in the bulk path and in
 * the one-by-one fallback. Never across accounts, never over another wamid.
 */

// The processor's batch apply fails while this is on, so deliveries go the one-by-one way.
const fallback = vi.hoisted(() => ({ failBatches: false, careful: 0 }));
vi.mock('./apply-batch', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./apply-batch')>();
  return {
    ...actual,
    applyDeliveriesInBulk: (...args: Parameters<typeof actual.applyDeliveriesInBulk>) => {
      if (fallback.failBatches && args[1].length > 1) throw new Error('batch apply failed (test)');
      if (fallback.failBatches) fallback.careful += 1;
      return actual.applyDeliveriesInBulk(...args);
    },
  };
});

let ctx: ListeningContext;
let accountId: string;
let otherAccountId: string;
const CUSTOMER = '16505550177';
let contact: { id: string; accountId: string };
let otherContact: { id: string; accountId: string };
let at = 1_790_000_000;

beforeAll(async () => {
  ctx = await listeningTestContext();
  ({
    account: { id: accountId },
  } = await signUpOwnerWithAccount(ctx, FIXTURE_ACCOUNTS.primary));
  ({
    account: { id: otherAccountId },
  } = await signUpOwnerWithAccount(ctx, FIXTURE_ACCOUNTS.secondary));
  contact = await buildContact(ctx.db, accountId, { waId: CUSTOMER, phone: CUSTOMER });
  otherContact = await buildContact(ctx.db, otherAccountId, { waId: CUSTOMER, phone: CUSTOMER });
});
afterAll(() => ctx.close());

/** A status webhook to the fixture's primary number, echoing `callback` as Meta does. */
function statusWebhook(wamid: string, status: string, callback: string | null) {
  const body = outboundStatus({ wamid, to: CUSTOMER, status, at: at++ });
  const value = body.entry[0]!.changes[0]!.value as unknown as { statuses: Record<string, unknown>[] };
  if (callback !== null) value.statuses[0]!.biz_opaque_callback_data = callback;
  return body;
}

/** Posts the webhooks, applies them, and returns the changes published for them. */
async function deliver(...bodies: unknown[]): Promise<DomainEvent[]> {
  for (const body of bodies) expect((await postWebhook(ctx.app, body)).statusCode).toBe(200);
  const { seen, stop } = collectEvents(ctx.events);
  try {
    await ctx.webhooks.drain();
  } finally {
    stop();
  }
  expect(await ctx.db.$count(webhookEvents, eq(webhookEvents.status, 'pending'))).toBe(0);
  return seen;
}

/** An outgoing text whose send never got Meta's answer: failed "may or may not have arrived". */
const uncertain = (owner = contact) =>
  buildMessage(ctx.db, owner, {
    direction: 'outgoing',
    status: 'failed',
    error: ambiguousSendError('text'),
    externalId: null,
  });
const rowOf = async (id: string) => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('a status webhook for an unknown wamid naming our message in biz_opaque_callback_data', () => {
  it('attaches the wamid to a failed-uncertain message, clears the guess and applies the status', async () => {
    const message = await uncertain();
    const changes = await deliver(
      statusWebhook('wamid.CB-1', 'sent', message.id),
      statusWebhook('wamid.CB-1', 'delivered', message.id),
    );
    const row = await rowOf(message.id);
    expect(row).toMatchObject({
      externalId: 'wamid.CB-1',
      status: 'delivered',
      error: null,
      sendStartedAt: null,
    });
    expect(changes).toContainEqual({ kind: 'message.updated', accountId, messageId: message.id });

    // From now on the wamid is known: later statuses take the normal path.
    await deliver(statusWebhook('wamid.CB-1', 'read', message.id));
    expect((await rowOf(message.id)).status).toBe('read');
  });

  it('applies statuses in order from pending up: a late `sent` does not undo `delivered`, Meta’s own failure stays', async () => {
    const first = await uncertain();
    await deliver(statusWebhook('wamid.CB-2', 'delivered', first.id));
    await deliver(statusWebhook('wamid.CB-2', 'sent', first.id));
    expect(await rowOf(first.id)).toMatchObject({ externalId: 'wamid.CB-2', status: 'delivered' });

    const second = await uncertain();
    await deliver(
      statusWebhook('wamid.CB-3', 'sent', second.id),
      statusWebhook('wamid.CB-3', 'failed', second.id),
    );
    const row = await rowOf(second.id);
    expect(row).toMatchObject({ externalId: 'wamid.CB-3', status: 'failed' });
    expect(row.error).toEqual([expect.objectContaining({ code: 131026 })]);
  });

  it('settles a send still marked mid-call, and the job run after the lease neither fails nor resends it', async () => {
    const message = await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'pending',
      externalId: null,
      sendStartedAt: new Date(),
    });
    await deliver(statusWebhook('wamid.CB-4', 'sent', message.id));
    expect(await rowOf(message.id)).toMatchObject({
      externalId: 'wamid.CB-4',
      status: 'sent',
      sendStartedAt: null,
    });

    await enqueue(ctx.db, messageSendJob, { messageId: message.id });
    await runInboxJobs(ctx);
    expect(await rowOf(message.id)).toMatchObject({ externalId: 'wamid.CB-4', status: 'sent', error: null });
  });

  it('never crosses accounts: a callback naming another account’s message changes nothing', async () => {
    const theirs = await uncertain(otherContact);
    const changes = await deliver(statusWebhook('wamid.FORGED-1', 'delivered', theirs.id));
    expect(await rowOf(theirs.id)).toEqual(theirs);
    expect(await ctx.db.select().from(messages).where(eq(messages.externalId, 'wamid.FORGED-1'))).toEqual([]);
    expect(changes).toEqual([]);
  });

  it('never gives a message a second wamid', async () => {
    const sent = await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'sent',
      externalId: 'wamid.FIRST-1',
    });
    // Pending with a wamid: Meta's answer is stored and nothing else yet.
    const pending = await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'pending',
      externalId: 'wamid.FIRST-2',
    });
    await deliver(
      statusWebhook('wamid.SECOND-1', 'read', sent.id),
      statusWebhook('wamid.SECOND-2', 'delivered', pending.id),
    );
    expect(await rowOf(sent.id)).toEqual(sent);
    expect(await rowOf(pending.id)).toEqual(pending);
    expect(await ctx.db.select().from(messages).where(like(messages.externalId, 'wamid.SECOND-%'))).toEqual(
      [],
    );
  });

  it('leaves alone definite failures, incoming messages, and callback data that is not a message id', async () => {
    const refused = await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      status: 'failed',
      externalId: null,
      error: { code: 131047, message: 'Failed to send message: 24 hours have passed', action: 'retry' },
    });
    const incoming = await buildMessage(ctx.db, contact, { direction: 'incoming', externalId: null });
    await deliver(
      statusWebhook('wamid.NOPE-1', 'delivered', refused.id),
      statusWebhook('wamid.NOPE-2', 'delivered', incoming.id),
      statusWebhook('wamid.NOPE-3', 'delivered', 'msg-42'),
      statusWebhook('wamid.NOPE-4', 'delivered', `${refused.id}'`),
    );
    expect(await rowOf(refused.id)).toEqual(refused);
    expect(await rowOf(incoming.id)).toEqual(incoming);
    expect(await ctx.db.select().from(messages).where(like(messages.externalId, 'wamid.NOPE-%'))).toEqual([]);
  });

  it('works the same when the batch fails and deliveries are applied one by one', async () => {
    const message = await uncertain();
    const theirs = await uncertain(otherContact);
    fallback.failBatches = true;
    fallback.careful = 0;
    try {
      await deliver(
        statusWebhook('wamid.CB-5', 'sent', message.id),
        statusWebhook('wamid.CB-5', 'delivered', message.id),
        statusWebhook('wamid.FORGED-2', 'read', theirs.id),
      );
    } finally {
      fallback.failBatches = false;
    }
    expect(fallback.careful).toBe(3);
    expect(await rowOf(message.id)).toMatchObject({
      externalId: 'wamid.CB-5',
      status: 'delivered',
      error: null,
    });
    expect(await rowOf(theirs.id)).toEqual(theirs);
  });
});

describe('against the sandbox', () => {
  let team: SandboxTeam;
  const WA_ID = '16505550188';
  const send = async (text: string) => {
    const target = await contactOf(ctx, team, WA_ID);
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${target.id}/messages`,
      headers: { cookie: team.member.cookie },
      payload: { clientRef: `temp-cb-${text}`, text },
    });
    expect(res.statusCode, res.body).toBe(202);
    return (res.json() as MessageResponse).message.id;
  };

  beforeAll(async () => {
    team = await connectSandboxTeam(ctx);
    await customerWrites(ctx, team, WA_ID, 'Is it in stock?');
  });

  it('echoes biz_opaque_callback_data, so a send whose answer was lost ends delivered, sent once', async () => {
    const lostMidCall = await send('first');
    const timedOut = await send('second');
    // The job reaches the sandbox; the sandbox's webhooks are stored but not applied yet.
    await runInboxJobs(ctx);
    const atMeta = await messagesAtMeta(ctx, team, WA_ID);
    const wamids = new Map(atMeta.map((m) => [(m.payload as MessagePayload).text?.body, m.wamid]));
    expect([...wamids.keys()].sort()).toEqual(['first', 'second']);

    // What the app would hold had it never seen Meta's answers: one run died mid-call, one timed out.
    await ctx.db
      .update(messages)
      .set({ externalId: null, status: 'pending', sendStartedAt: new Date(), error: null })
      .where(eq(messages.id, lostMidCall));
    await ctx.db
      .update(messages)
      .set({ externalId: null, status: 'failed', error: ambiguousSendError('text') })
      .where(eq(messages.id, timedOut));

    await runSandboxJobs(ctx);
    const bodies = (await ctx.db.select({ body: webhookEvents.body }).from(webhookEvents)).map((r) => r.body);
    for (const id of [lostMidCall, timedOut])
      expect(bodies.some((b) => b.includes(`"biz_opaque_callback_data":"${id}"`))).toBe(true);

    await ctx.webhooks.drain();
    expect(await rowOf(lostMidCall)).toMatchObject({ externalId: wamids.get('first'), sendStartedAt: null });
    // The send job comes back after its lease for the mid-call one: it must find it settled.
    await enqueue(ctx.db, messageSendJob, { messageId: lostMidCall });
    await settle(ctx);
    expect(await rowOf(lostMidCall)).toMatchObject({
      externalId: wamids.get('first'),
      status: 'delivered',
      error: null,
      sendStartedAt: null,
    });
    expect(await rowOf(timedOut)).toMatchObject({
      externalId: wamids.get('second'),
      status: 'delivered',
      error: null,
    });
    expect(await messagesAtMeta(ctx, team, WA_ID)).toHaveLength(2);
  });
});
