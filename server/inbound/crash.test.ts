import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../db/client';
import { messages, users, whatsappAccounts } from '../db/schema';
import { loadEnv, loadTestEnv } from '../env';
import { createTestDatabase } from '../test/harness';
import { startServerProcess, stopServerProcess } from '../test/server-process';
import { inboundText } from '../test/webhook-builders';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';
import { serializeWebhookBody, signPayload } from '../whatsapp/signature';

const SECRET_KEY = 'crash-test-secret-key-crash-test-secret-key';
const dataDir = mkdtempSync(path.join(tmpdir(), 'switchboard-crash-'));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups) await cleanup();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The database the server processes use: a fresh one on the external server, or an embedded folder. */
async function serverDatabaseEnv(): Promise<Record<string, string>> {
  if (loadTestEnv().target === 'postgres') {
    const { database, url, drop } = await createTestDatabase();
    await database.close();
    cleanups.push(drop);
    return { DATABASE_URL: url! };
  }
  return {};
}

async function withDatabase<T>(
  env: Record<string, string>,
  run: (db: Awaited<ReturnType<typeof openDatabase>>) => Promise<T>,
) {
  const handle = env.DATABASE_URL
    ? await openDatabase({ kind: 'postgres', url: env.DATABASE_URL })
    : await openDatabase({ kind: 'embedded', dataDir });
  try {
    return await run(handle);
  } finally {
    await handle.close();
  }
}

describe('a server killed while webhooks stream in', () => {
  it('loses no delivery it answered 200 to', async () => {
    const env = { ...(await serverDatabaseEnv()), DATA_DIR: dataDir, SECRET_KEY };
    const webhookSecret = loadEnv({ DATA_DIR: dataDir, SECRET_KEY }).meta.webhookSecret;

    // First start migrates; then connect an account for the fixture number.
    let server = await startServerProcess(env);
    await stopServerProcess(server);
    await withDatabase(env, async ({ db }) => {
      const [user] = await db
        .insert(users)
        .values({ email: 'owner@example.com', passwordHash: 'x' })
        .returning();
      await db.insert(whatsappAccounts).values({ userId: user!.id, ...FIXTURE_ACCOUNTS.primary });
    });

    server = await startServerProcess(env);
    const accepted: string[] = [];
    let sent = 0;
    const post = async (i: number) => {
      const wamid = `wamid.CRASH${i}`;
      const raw = serializeWebhookBody(
        inboundText({ wamid, from: '15550001111', name: 'Crash Test', body: `m${i}`, at: 1_780_000_000 + i }),
      );
      try {
        const res = await fetch(`${server.url}/webhooks/whatsapp`, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            'x-hub-signature-256': signPayload(raw, webhookSecret),
          },
          body: raw,
        });
        if (res.status === 200) accepted.push(wamid);
      } catch {
        // the process died under this request: Meta would retry it, and it was not acknowledged
      }
    };
    // Stream in 8 parallel lanes and kill the process mid-stream.
    const lanes = Array.from({ length: 8 }, async (_, lane) => {
      for (let i = lane; i < 4000; i += 8) {
        if (server.child.exitCode !== null || server.child.signalCode !== null) return;
        sent += 1;
        await post(i);
      }
    });
    const killer = (async () => {
      while (accepted.length < 300) await new Promise((r) => setTimeout(r, 5));
      server.child.kill('SIGKILL');
    })();
    await Promise.all([...lanes, killer]);
    expect(accepted.length).toBeGreaterThanOrEqual(300);
    expect(accepted.length).toBeLessThan(sent);

    // Restart: the new process applies whatever the dead one had stored but not processed.
    server = await startServerProcess(env);
    const deadline = Date.now() + 60_000;
    while (Date.now() < deadline) {
      const metrics = await fetch(`${server.url}/metrics`).then((r) => r.text());
      if (/^switchboard_webhook_backlog 0$/m.test(metrics)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    await stopServerProcess(server);

    const ids = await withDatabase(env, async ({ db }) =>
      (await db.select({ externalId: messages.externalId }).from(messages)).map((m) => m.externalId),
    );
    const missing = accepted.filter((wamid) => !ids.includes(wamid));
    expect(missing).toEqual([]);
    expect(new Set(ids).size).toBe(ids.length);
  }, 180_000);
});
