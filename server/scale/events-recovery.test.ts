import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { domainEvents, messages } from '../db/schema';
import type { ServerProcess } from '../test/server-process';
import { inboundText } from '../test/webhook-builders';
import {
  type Cluster,
  type ConnectedNumber,
  connectSandboxNumber,
  createCluster,
  isDead,
  messageCreated,
  openLiveSocket,
  postSignedWebhook,
  signUp,
  until,
} from './harness';

/**
 * Durable domain events: a process that dies between committing a change and dispatching its events
 * loses nothing. The events were recorded in the change's transaction (the outbox); after a restart the
 * process finds them and the browser still gets its live frame.
 */

const DIE_BEFORE_DISPATCH = 'server/scale/die-before-dispatch.ts';

let cluster: Cluster;
let owner: { cookie: string };
let number: ConnectedNumber;

beforeAll(async () => {
  cluster = await createCluster();
  const setup = await cluster.start();
  owner = await signUp(setup.url);
  number = await connectSandboxNumber(setup.url, owner.cookie);
  await stop(setup);
});

afterAll(() => cluster?.close());

async function stop(server: ServerProcess): Promise<void> {
  server.child.kill('SIGKILL');
  await until(() => isDead(server), 'the process to exit');
}

describe('a crash between commit and dispatch', () => {
  it('re-dispatches the committed event after a restart, and the browser gets its frame', async () => {
    const doomed = await cluster.start({ preload: [DIE_BEFORE_DISPATCH] });
    const wamid = `wamid.OUTBOX-${Date.now()}`;
    const status = await postSignedWebhook(
      doomed.url,
      inboundText({
        wamid,
        from: '15550003333',
        name: 'Late Frame',
        body: 'Still here?',
        at: 1_780_000_000,
        number,
      }),
      cluster.webhookSecret,
    );
    expect(status).toBe(200);
    // The message was committed, then the process died before any subscriber had the event.
    await until(() => isDead(doomed), 'the process to die at dispatch', 15_000);
    const { db } = cluster.database;
    const [stored] = await db.select().from(messages).where(eq(messages.externalId, wamid));
    expect(stored).toMatchObject({ body: 'Still here?', direction: 'incoming' });
    const [outbox] = await db.select().from(domainEvents);
    expect(outbox?.events).toEqual(
      expect.arrayContaining([expect.objectContaining({ kind: 'message.created', messageId: stored!.id })]),
    );

    // Restarted: a browser connects, and the event nobody dispatched arrives as its live frame.
    const restarted = await cluster.start();
    const socket = await openLiveSocket(restarted.url, owner.cookie);
    const frame = await socket.waitFor(messageCreated(wamid), 25_000);
    expect(frame.data.message).toMatchObject({ id: stored!.id, body: 'Still here?' });
    // Dispatched once, then marked done.
    await until(async () => (await db.$count(domainEvents)) === 0, 'the outbox to empty');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(socket.frames.filter(messageCreated(wamid))).toHaveLength(1);
    socket.close();
  });
});
