import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../db/schema';
import { collectEvents } from '../test/events';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, buildMessage, type TestUser } from '../test/inbox-factories';
import { runInboxJobs } from '../test/outbound';
import { outboundStatus } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';

/** Meta's 131050, "user has stopped marketing messages", from a stub Graph API and in a status webhook. */
let stub: Server;
let ctx: TestContext;
let member: TestUser;
let accountId: string;
let ref = 0;

beforeAll(async () => {
  stub = createServer((request, response) => {
    request.resume();
    request.on('end', () => {
      response.statusCode = 400;
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({
          error: {
            message: '(#131050) Unable to deliver the message',
            type: 'OAuthException',
            code: 131050,
            error_data: { messaging_product: 'whatsapp', details: 'User has stopped marketing messages' },
            fbtrace_id: 'A1',
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => stub.listen(0, '127.0.0.1', resolve));
  const { port } = stub.address() as AddressInfo;
  ctx = await createTestContext({
    env: { META_GRAPH_URL: `http://127.0.0.1:${port}/v22.0`, META_APP_SECRET: 'x'.repeat(32) },
  });
  const team = await buildInboxTeam(ctx);
  member = team.member;
  accountId = team.account.id;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => stub.close(resolve));
});

const consentOf = async (id: string) => (await ctx.db.select().from(contacts).where(eq(contacts.id, id)))[0]!;

describe('Meta’s error 131050', () => {
  it('on a send: the message fails and the contact is opted out (source meta)', async () => {
    const contact = await buildContact(ctx.db, accountId, {
      lastIncomingAt: new Date(),
      lastMessageAt: new Date(),
      consent: 'opted_in',
      consentSource: 'manual',
      consentChangedAt: new Date(Date.now() - 60_000),
    });
    const res = await ctx.app.inject({
      method: 'POST',
      url: `/api/contacts/${contact.id}/messages`,
      headers: { cookie: member.cookie },
      payload: { clientRef: `temp-consent-${++ref}`, text: 'Our sale starts today' },
    });
    expect(res.statusCode, res.body).toBe(202);
    const events = collectEvents(ctx.events);
    await runInboxJobs(ctx);
    events.stop();
    const row = await consentOf(contact.id);
    expect(row.consent).toBe('opted_out');
    expect(row.consentSource).toBe('meta');
    expect(row.consentChangedBy).toBeNull();
    expect(events.seen).toContainEqual({ kind: 'contact.updated', accountId, contactId: contact.id });
  });

  it('in a failed status webhook: the contact of that message is opted out, once', async () => {
    const contact = await buildContact(ctx.db, accountId);
    const message = await buildMessage(ctx.db, contact, {
      direction: 'outgoing',
      externalId: 'wamid.MARKETING1',
      status: 'sent',
    });
    const body = outboundStatus({
      wamid: 'wamid.MARKETING1',
      to: contact.waId,
      status: 'failed',
      at: 1_790_000_000,
    });
    const status = body.entry[0]!.changes[0]!.value as unknown as {
      statuses: { errors: { code: number }[] }[];
    };
    status.statuses[0]!.errors[0]!.code = 131050;
    expect((await postWebhook(ctx.app, body)).statusCode).toBe(200);
    await ctx.webhooks.drain();
    const row = await consentOf(contact.id);
    expect(row).toMatchObject({ consent: 'opted_out', consentSource: 'meta' });
    expect(row.consentChangedAt?.getTime()).toBe(1_790_000_000_000);
    expect(message.id).toBeTruthy();

    // Another failure (131026) elsewhere changes nothing.
    const other = await buildContact(ctx.db, accountId);
    await buildMessage(ctx.db, other, { direction: 'outgoing', externalId: 'wamid.OTHER1', status: 'sent' });
    await postWebhook(
      ctx.app,
      outboundStatus({ wamid: 'wamid.OTHER1', to: other.waId, status: 'failed', at: 1_790_000_001 }),
    );
    await ctx.webhooks.drain();
    expect((await consentOf(other.id)).consent).toBe('unknown');
  });
});
