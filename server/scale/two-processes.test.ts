import { and, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs } from '../db/schema';
import { enqueue } from '../jobs/queue';
import { schedules } from '../jobs/registry';
import type { ServerProcess } from '../test/server-process';
import { inboundText } from '../test/webhook-builders';
import {
  type Cluster,
  type ConnectedNumber,
  connectSandboxNumber,
  createCluster,
  messageCreated,
  openLiveSocket,
  PROBE_PRELOAD,
  postSignedWebhook,
  readyz,
  scaleServices,
  signUp,
  until,
} from './harness';
import { PROBE_TABLE, probeJob } from './probe-job';

/**
 * Must-show 1 of issue 7: two app processes on one PostgreSQL and the machine's Redis. A webhook
 * received by one reaches a browser connected to the other, and 1,000 queued jobs run exactly once
 * between them.
 */

let cluster: Cluster;
let a: ServerProcess;
let b: ServerProcess;
let owner: { cookie: string };
let number: ConnectedNumber;

beforeAll(async () => {
  cluster = await createCluster({ redisUrl: scaleServices().redisUrl });
  [a, b] = await Promise.all([
    cluster.start({ preload: [PROBE_PRELOAD] }),
    cluster.start({ preload: [PROBE_PRELOAD] }),
  ]);
  owner = await signUp(a.url);
  number = await connectSandboxNumber(a.url, owner.cookie);
});

afterAll(() => cluster?.close());

describe('two processes, one PostgreSQL, Redis between them', () => {
  it('both report the Redis fan-out connected', async () => {
    for (const server of [a, b]) {
      const ready = await until(async () => {
        const r = await readyz(server.url);
        return r.body?.live?.connected ? r : undefined;
      }, 'the Redis fan-out to connect');
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', live: { fanout: 'redis' } } });
    }
  });

  it('a signed webhook POSTed to process A reaches a WebSocket client of process B', async () => {
    // A browser on each process; the same session works on both (sessions live in PostgreSQL).
    const onB = await openLiveSocket(b.url, owner.cookie);
    const onA = await openLiveSocket(a.url, owner.cookie);
    const wamid = `wamid.SCALE-FANOUT-${Date.now()}`;
    const status = await postSignedWebhook(
      a.url,
      inboundText({
        wamid,
        from: '15550002222',
        name: 'Fan Out',
        body: 'Hello B',
        at: 1_780_000_000,
        number,
      }),
      cluster.webhookSecret,
    );
    expect(status).toBe(200);
    // Whichever process applies the delivery publishes it once; the other gets it only through Redis.
    // Both browsers getting it proves the fan-out in one direction at least, and B's is the claim.
    const [seenOnB, seenOnA] = await Promise.all([
      onB.waitFor(messageCreated(wamid)),
      onA.waitFor(messageCreated(wamid)),
    ]);
    expect(seenOnB.data.message).toMatchObject({ body: 'Hello B', direction: 'incoming' });
    expect(seenOnA.data.message.id).toBe(seenOnB.data.message.id);
    // Exactly once on each socket: no echo of the publisher's own frame.
    await new Promise((r) => setTimeout(r, 300));
    expect(onB.frames.filter(messageCreated(wamid))).toHaveLength(1);
    expect(onA.frames.filter(messageCreated(wamid))).toHaveLength(1);
    onA.close();
    onB.close();
  });

  it('1,000 queued jobs run exactly once between the two processes', async () => {
    const { db } = cluster.database;
    await db.execute(sql.raw(`create table ${PROBE_TABLE} (n int not null, pid int not null)`));
    const started = Date.now();
    await db.transaction(async (tx) => {
      for (let n = 0; n < 1000; n++) await enqueue(tx, probeJob, { n });
    });
    await until(
      async () => {
        const [row] = await db
          .select({ left: sql<number>`count(*)::int` })
          .from(jobs)
          .where(sql`${jobs.name} = 'test.probe' and ${jobs.status} in ('queued', 'running')`);
        return row!.left === 0;
      },
      'the probe jobs to finish',
      60_000,
      200,
    );
    const elapsed = Date.now() - started;
    const { rows: runs } = await cluster.database.pool!.query<{ n: number; pid: number }>(
      `select n, pid from ${PROBE_TABLE}`,
    );
    const perJob = new Map<number, number>();
    for (const run of runs) perJob.set(run.n, (perJob.get(run.n) ?? 0) + 1);
    expect(runs).toHaveLength(1000);
    expect(perJob.size).toBe(1000);
    expect([...perJob.values()].every((count) => count === 1)).toBe(true);
    // Both processes took a share (each job row also says it was claimed once and finished).
    const byProcess = new Map<number, number>();
    for (const run of runs) byProcess.set(run.pid, (byProcess.get(run.pid) ?? 0) + 1);
    expect([...byProcess.keys()].sort()).toEqual([a.child.pid, b.child.pid].sort());
    const [claims] = await db
      .select({
        done: sql<number>`count(*) filter (where ${jobs.status} = 'done' and ${jobs.attempts} = 1)::int`,
      })
      .from(jobs)
      .where(sql`${jobs.name} = 'test.probe'`);
    expect(claims!.done).toBe(1000);
    console.warn(
      `1,000 jobs in ${elapsed} ms: ${[...byProcess.entries()].map(([pid, n]) => `pid ${pid} ran ${n}`).join(', ')}`,
    );
  });

  it('scheduled work runs once per interval, not once per process', async () => {
    // Both schedulers ticked at start (and every 15 s since): one row per schedule and time slot,
    // claimed once and done.
    const names = schedules.map((s) => s.job.name);
    await until(async () => {
      const [row] = await cluster.database.db
        .select({ open: sql<number>`count(*)::int` })
        .from(jobs)
        .where(and(inArray(jobs.name, names), inArray(jobs.status, ['queued', 'running'])));
      return row!.open === 0;
    }, 'the scheduled jobs to finish');
    const rows = await cluster.database.db
      .select({ name: jobs.name, dedupeKey: jobs.dedupeKey, status: jobs.status, attempts: jobs.attempts })
      .from(jobs)
      .where(inArray(jobs.name, names));
    expect(new Set(rows.map((r) => r.name))).toEqual(new Set(names));
    expect(new Set(rows.map((r) => r.dedupeKey)).size).toBe(rows.length);
    for (const row of rows) expect(row).toMatchObject({ status: 'done', attempts: 1 });
  });
});
