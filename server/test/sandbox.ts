import type { AddressInfo } from 'node:net';
import { crc32, deflateSync } from 'node:zlib';
import { and, eq, like, sql } from 'drizzle-orm';
import { jobs } from '../db/schema';
import { setSelfOrigin } from '../lib/self-origin';
import { GraphApiError } from '../whatsapp/graph-errors';
import { createTestContext, type TestContext } from './harness';

/**
 * Test helpers for the sandbox: the whole app listening on 127.0.0.1 (so the Graph client and the
 * webhook jobs talk over real HTTP), and a way to run the sandbox's scheduled jobs without sleeping.
 */

export type ListeningContext = TestContext & { origin: string };

export async function listeningTestContext(): Promise<ListeningContext> {
  const ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = ctx.app.server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  setSelfOrigin(origin);
  return Object.assign(ctx, { origin });
}

/**
 * Runs every queued sandbox job now, including ones scheduled for later (delivered statuses, batch
 * flushes, template reviews, delivery retries), until none is left; returns how many ran.
 */
export async function runSandboxJobs(ctx: Pick<TestContext, 'db' | 'runner'>, rounds = 25): Promise<number> {
  let total = 0;
  for (let i = 0; i < rounds; i++) {
    await ctx.db
      .update(jobs)
      .set({ runAt: sql`now()` })
      .where(and(eq(jobs.status, 'queued'), like(jobs.name, 'sandbox.%')));
    const ran = await ctx.runner.drain();
    total += ran;
    if (ran === 0) break;
  }
  return total;
}

/** A real PNG of one solid colour (for uploads that should look like images). */
export { oggOpus } from './ogg-opus-bytes';

export function solidPng(width: number, height: number, rgb: [number, number, number]): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 3).map((_, i) => rgb[i % 3]!)]);
  const pixels = Buffer.concat(Array.from({ length: height }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Calls the customer phone API of a listening test app. */
export async function phoneApi<T = Record<string, unknown>>(
  origin: string,
  method: 'GET' | 'POST' | 'PUT',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${origin}/sandbox/api${path}`, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

export type SignupResult = {
  code: string;
  data: { phone_number_id: string; waba_id: string; business_id: string };
  phoneNumber: { displayPhoneNumber: string };
};

/** Meta's side of embedded signup through the phone API: a new WABA, number and single-use code. */
export async function sandboxSignup(origin: string, businessName = 'Lucky Shrub'): Promise<SignupResult> {
  const { status, body } = await phoneApi<SignupResult>(origin, 'POST', '/signup', { businessName });
  if (status !== 201) throw new Error(`signup failed: ${status}`);
  return body;
}

/** Adds a customer (a WhatsApp user who can write and be written to) to a sandbox number. */
export async function addSandboxCustomer(
  origin: string,
  phoneNumberId: string,
  customer: { waId: string; name: string },
): Promise<void> {
  const { status } = await phoneApi(origin, 'POST', `/phone-numbers/${phoneNumberId}/customers`, customer);
  if (status !== 201) throw new Error(`adding customer ${customer.waId} failed: ${status}`);
}

/**
 * The usual sandbox test setup: the whole app listening, Meta's side of embedded signup done for a
 * new business (not yet connected to the app), and one customer on its number.
 */
export async function listeningSandbox(
  businessName: string,
  customer: { waId: string; name: string },
): Promise<{ ctx: ListeningContext; signup: SignupResult }> {
  const ctx = await listeningTestContext();
  const signup = await sandboxSignup(ctx.origin, businessName);
  await addSandboxCustomer(ctx.origin, signup.data.phone_number_id, customer);
  return { ctx, signup };
}

/** Awaits a call that must fail with a GraphApiError and returns that error. */
export async function graphError(promise: Promise<unknown>): Promise<GraphApiError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof GraphApiError)) throw new Error(`expected a GraphApiError, got ${String(error)}`);
  return error;
}
