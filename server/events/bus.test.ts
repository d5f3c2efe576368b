import { eq, sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { domainEvents } from '../db/schema';
import { createTestDatabase } from '../test/harness';
import { until } from '../test/until';
import { EventBus } from './bus';
import { recordEvents } from './outbox';
import type { DeliveredEvent, DomainEvent } from './types';

let handle: Awaited<ReturnType<typeof createTestDatabase>>;
const log = pino({ level: 'silent' });
const db = () => handle.database.db;
const ACCOUNT = '00000000-0000-4000-8000-00000000000a';
const updated = (messageId: string): DomainEvent => ({
  kind: 'message.updated',
  accountId: ACCOUNT,
  messageId,
});

beforeAll(async () => {
  handle = await createTestDatabase();
});
afterAll(() => handle.drop());
beforeEach(async () => {
  await db().delete(domainEvents);
});

function listen(bus: EventBus): DeliveredEvent[] {
  const seen: DeliveredEvent[] = [];
  bus.subscribe((events) => seen.push(...events));
  return seen;
}

const outboxRows = () => db().$count(domainEvents);

describe('the event bus', () => {
  it('records events in the transaction, dispatches them after commit with stable ids, then marks them done', async () => {
    const bus = new EventBus({ db: db(), log });
    const seen = listen(bus);
    let inside = -1;
    await bus.transaction(async (tx, emit) => {
      emit(updated('m-1'), updated('m-2'));
      // Nothing reaches a subscriber while the transaction is open.
      inside = seen.length;
      await tx.execute(sql`select 1`);
    });
    expect(inside).toBe(0);
    expect(seen.map((e) => ('messageId' in e ? e.messageId : null))).toEqual(['m-1', 'm-2']);
    const [first, second] = seen;
    expect(first!.id).toMatch(/^\d+\.0$/);
    expect(second!.id).toBe(first!.id.replace(/\.0$/, '.1'));
    await until(async () => (await outboxRows()) === 0, 'the outbox row to be deleted');
    await bus.stop();
  });

  it('records and dispatches nothing when the transaction fails', async () => {
    const bus = new EventBus({ db: db(), log });
    const seen = listen(bus);
    await expect(
      bus.transaction(async (_tx, emit) => {
        emit(updated('m-lost'));
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    expect(seen).toEqual([]);
    expect(await outboxRows()).toBe(0);
    await bus.stop();
  });

  it('leaves an event nobody dispatched to recovery, once its lease is due, and delivers it once', async () => {
    // A process that committed and died before dispatching: the row is all that is left.
    const recorded = await db().transaction((tx) => recordEvents(tx, [updated('m-orphan')]));
    const first = new EventBus({ db: db(), log });
    const second = new EventBus({ db: db(), log });
    const seenFirst = listen(first);
    const seenSecond = listen(second);

    // Not yet: a committing process gets 10 s to dispatch and delete its own rows.
    expect(await first.recoverOnce()).toBe(0);
    await db()
      .update(domainEvents)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(eq(domainEvents.id, recorded!.outboxId));

    const [a, b] = await Promise.all([first.recoverOnce(), second.recoverOnce()]);
    expect(a + b).toBe(1);
    const delivered = [...seenFirst, ...seenSecond];
    expect(delivered).toEqual([{ ...updated('m-orphan'), id: `${recorded!.outboxId}.0` }]);
    await until(async () => (await outboxRows()) === 0, 'the recovered row to be deleted');
    expect(await first.recoverOnce()).toBe(0);
    await Promise.all([first.stop(), second.stop()]);
  });

  it('keeps delivering to the other subscribers when one throws', async () => {
    const bus = new EventBus({ db: db(), log });
    bus.subscribe(() => {
      throw new Error('a broken consumer');
    });
    const seen = listen(bus);
    await bus.transaction(async (_tx, emit) => emit(updated('m-3')));
    expect(seen.map((e) => ('messageId' in e ? e.messageId : null))).toEqual(['m-3']);
    await bus.stop();
  });

  it("keeps the row until a subscriber's own work for it is done, and delivers it again when that work failed", async () => {
    const bus = new EventBus({ db: db(), log });
    const attempts: string[] = [];
    let release: () => void = () => undefined;
    let fail = true;
    bus.subscribe(async (events) => {
      attempts.push(events[0]!.id);
      if (fail) throw new Error('could not queue the job');
      await new Promise<void>((resolve) => {
        release = resolve;
      });
    });
    const seen = listen(bus);
    await bus.transaction(async (_tx, emit) => emit(updated('m-4')));
    const [row] = await db().select().from(domainEvents);
    // The work failed: the row stays, and recovery delivers the same event again once its lease is due.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxRows()).toBe(1);
    fail = false;
    await db()
      .update(domainEvents)
      .set({ availableAt: sql`now() - interval '1 second'` })
      .where(eq(domainEvents.id, row!.id));
    expect(await bus.recoverOnce()).toBe(1);
    expect(attempts).toEqual([`${row!.id}.0`, `${row!.id}.0`]);
    expect(seen).toHaveLength(2);
    // Still working: the row is held until the work finishes.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outboxRows()).toBe(1);
    release();
    await until(async () => (await outboxRows()) === 0, 'the row to be deleted once the work is done');
    await bus.stop();
  });
});
