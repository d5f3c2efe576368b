import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MessageResponse } from '@common/api/inbox';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { messages } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, type TestUser } from '../test/inbox-factories';
import { runInboxJobs } from '../test/outbound';
import { GraphApiError, GraphNetworkError } from '../whatsapp/graph-errors';
import { classifySendFailure } from './send-errors';

/**
 * Failures the sandbox cannot produce, from a stub Graph API at the HTTP boundary: an answer without a
 * message id, a connection dropped after the request went out, no answer at all (the client's 15 s
 * timeout), and nothing listening at all.
 */

type Mode = 'no-id' | 'drop' | 'hang';
let mode: Mode = 'no-id';
let requests = 0;
let stub: Server;
let ctx: TestContext;
let member: TestUser;
let contactId: string;
let ref = 0;

beforeAll(async () => {
  stub = createServer((request, response) => {
    // Read the whole request first: the failure comes after Meta would have had the message.
    request.resume();
    request.on('end', () => {
      requests += 1;
      if (mode === 'drop') {
        request.socket.destroy();
        return;
      }
      if (mode === 'hang') return; // never answers; the socket closes with the server
      response.setHeader('content-type', 'application/json');
      response.end(
        JSON.stringify({ messaging_product: 'whatsapp', contacts: [{ wa_id: '1' }], messages: [] }),
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
  const contact = await buildContact(ctx.db, team.account.id, {
    lastIncomingAt: new Date(),
    lastMessageAt: new Date(),
  });
  contactId = contact.id;
});
afterAll(async () => {
  await ctx.close();
  await new Promise((resolve) => stub.close(resolve));
});
beforeEach(() => {
  requests = 0;
});

async function send(text: string) {
  const res = await ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/messages`,
    headers: { cookie: member.cookie },
    payload: { clientRef: `temp-stub-${++ref}`, text },
  });
  expect(res.statusCode, res.body).toBe(202);
  return (res.json() as MessageResponse).message.id;
}
const rowOf = async (id: string) => (await ctx.db.select().from(messages).where(eq(messages.id, id)))[0]!;

describe('send failures at the HTTP boundary', () => {
  it('an OK answer without a message id fails with the spec’s words', async () => {
    mode = 'no-id';
    const id = await send('No id please');
    await runInboxJobs(ctx);
    const row = await rowOf(id);
    expect(row.status).toBe('failed');
    expect(row.error).toMatchObject({ message: 'Failed to send message: No message ID received' });
    expect(requests).toBe(1);
  });

  it('a connection dropped after the request went out is never resent: one request, then failed', async () => {
    mode = 'drop';
    const id = await send('Did it arrive?');
    await runInboxJobs(ctx);
    const row = await rowOf(id);
    expect(requests).toBe(1);
    expect(row.status).toBe('failed');
    expect(row.sendStartedAt).toBeNull();
    expect((row.error as { message: string }).message).toContain('may or may not have arrived');
  });

  it('a request Meta never answers times out, is not resent, and fails as "may or may not have arrived"', async () => {
    mode = 'hang';
    const id = await send('Anyone there?');
    const started = Date.now();
    await runInboxJobs(ctx);
    expect(Date.now() - started).toBeGreaterThanOrEqual(14_000); // the Graph client's 15 s timeout
    const row = await rowOf(id);
    expect(requests).toBe(1);
    expect(row.status).toBe('failed');
    expect(row.sendStartedAt).toBeNull();
    expect((row.error as { message: string }).message).toBe(
      'Failed to send message: WhatsApp did not confirm it in time, so it may or may not have arrived. Check the chat before sending it again.',
    );
  }, 40_000);
});

describe('classifying send failures', () => {
  const apiError = (httpStatus: number, code: number | null) =>
    new GraphApiError({
      message: 'x',
      httpStatus,
      code,
      subcode: null,
      type: null,
      details: null,
      fbtraceId: null,
      isTransient: false,
      userTitle: null,
      userMessage: null,
    });
  it.each([
    ['HTTP 429', apiError(429, 130429), 'retry'],
    ['HTTP 500', apiError(500, 131000), 'retry'],
    ['pair rate limit 131056', apiError(400, 131056), 'retry'],
    ['re-engagement 131047', apiError(400, 131047), 'fail'],
    ['invalid parameter 100', apiError(400, 100), 'fail'],
    [
      'connection refused',
      new GraphNetworkError('x', { isTimeout: false, causeCode: 'ECONNREFUSED' }),
      'retry',
    ],
    ['DNS failure', new GraphNetworkError('x', { isTimeout: false, causeCode: 'ENOTFOUND' }), 'retry'],
    ['timeout', new GraphNetworkError('x', { isTimeout: true, causeCode: null }), 'ambiguous'],
    [
      'connection reset',
      new GraphNetworkError('x', { isTimeout: false, causeCode: 'ECONNRESET' }),
      'ambiguous',
    ],
    [
      'socket closed',
      new GraphNetworkError('x', { isTimeout: false, causeCode: 'UND_ERR_SOCKET' }),
      'ambiguous',
    ],
    ['anything else', new Error('boom'), 'fail'],
  ])('%s → %s', (_label, error, expected) => {
    expect(classifySendFailure(error)).toBe(expected);
  });
});
