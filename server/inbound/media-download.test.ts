import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, media, messages } from '../db/schema';
import { loadEnv } from '../env';
import { jobDefinitions } from '../jobs/registry';
import { JobRunner } from '../jobs/runner';
import { signUpUser } from '../test/factories';
import {
  type ListeningContext,
  listeningTestContext,
  phoneApi,
  runSandboxJobs,
  sandboxSignup,
  solidPng,
} from '../test/sandbox';

let ctx: ListeningContext;
let cookie: string;
let chat: string;
beforeAll(async () => {
  ctx = await listeningTestContext();
  const owner = await signUpUser(ctx.app);
  cookie = owner.cookie;
  const signup = await sandboxSignup(ctx.origin);
  await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/connect/embedded',
    headers: { cookie },
    payload: { code: signup.code },
  });
  chat = `/phone-numbers/${signup.data.phone_number_id}/customers/16505550123`;
  await phoneApi(ctx.origin, 'POST', `/phone-numbers/${signup.data.phone_number_id}/customers`, {
    waId: '16505550123',
    name: 'Ana',
  });
});
afterAll(() => ctx.close());

describe("a customer's photo while Meta is unreachable", () => {
  it('is retried with backoff and then stored and served, never lost', async () => {
    const png = solidPng(4, 4, [37, 211, 102]);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'leaf.png');
    const sent = await fetch(`${ctx.origin}/sandbox/api${chat}/media`, { method: 'POST', body: form });
    const { id: wamid } = (await sent.json()) as { id: string };
    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();

    // Meta unreachable: the download fails and is scheduled again, the media stays pending.
    const offline = loadEnv({
      DATA_DIR: ctx.env.dataDir,
      SECRET_KEY: ctx.env.secretKey,
      META_GRAPH_URL: 'http://127.0.0.1:9/v22.0',
    });
    await new JobRunner({
      db: ctx.db,
      env: offline,
      log: pino({ level: 'silent' }),
      definitions: jobDefinitions,
      events: ctx.events,
    }).runDue();
    const [message] = await ctx.db.select().from(messages).where(eq(messages.externalId, wamid));
    const [pending] = await ctx.db.select().from(media).where(eq(media.id, message!.mediaId!));
    expect(pending?.status).toBe('pending');
    const [job] = await ctx.db.select().from(jobs).where(eq(jobs.name, 'media.download'));
    expect(job).toMatchObject({ status: 'queued', attempts: 1 });
    expect(job!.runAt.getTime()).toBeGreaterThan(Date.now());

    // Back online when the retry comes due.
    await ctx.db.update(jobs).set({ runAt: sql`now()` }).where(eq(jobs.id, job!.id));
    await ctx.runner.drain();
    const [ready] = await ctx.db.select().from(media).where(eq(media.id, message!.mediaId!));
    expect(ready).toMatchObject({ status: 'ready', mimeType: 'image/png', fileSize: png.length });

    const file = await ctx.app.inject({ method: 'GET', url: `/api/media/${ready!.id}`, headers: { cookie } });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(Buffer.compare(file.rawPayload, png)).toBe(0);

    const stranger = await signUpUser(ctx.app);
    const denied = await ctx.app.inject({
      method: 'GET',
      url: `/api/media/${ready!.id}`,
      headers: { cookie: stranger.cookie },
    });
    expect(denied.statusCode).toBe(403);
  });
});
