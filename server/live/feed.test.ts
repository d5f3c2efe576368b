import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EventBus } from '../events/bus';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, buildMessage } from '../test/inbox-factories';
import { until } from '../test/until';
import { type BrokerFrame, InProcessBroker } from './broker';
import { startLiveFeed } from './feed';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the live feed as an event consumer', () => {
  it('presents an event once even when it is delivered twice (a recovery after a crash)', async () => {
    const { account } = await buildInboxTeam(ctx);
    const contact = await buildContact(ctx.db, account.id);
    const message = await buildMessage(ctx.db, contact, { body: 'Only once, please' });

    const log = pino({ level: 'silent' });
    const events = new EventBus({ db: ctx.db, log });
    const broker = new InProcessBroker();
    const frames: BrokerFrame[] = [];
    broker.subscribe((_room, frame) => frames.push(frame));
    const stop = startLiveFeed({ db: ctx.db, clock: ctx.app.clock, broker, log, events });

    const recorded = {
      outboxId: 424242,
      events: [
        {
          kind: 'message.created' as const,
          accountId: account.id,
          contactId: contact.id,
          messageId: message.id,
        },
      ],
    };
    events.publish(recorded);
    await until(() => frames.length > 0, 'the first frame');
    events.publish(recorded);
    // A new event about the same message still goes out: only the repeated id is skipped.
    events.publish({ ...recorded, outboxId: 424243 });
    await until(() => frames.length > 1, 'the second event’s frame');
    await new Promise((resolve) => setTimeout(resolve, 200));

    const created = frames.filter((f) => f.type === 'event' && f.event === 'message.created');
    expect(created).toHaveLength(2);
    stop();
    await events.stop();
  });

  it('turns contacts.changed (a bulk action over many contacts) into its frame for the account', async () => {
    const { account } = await buildInboxTeam(ctx, {
      phoneNumberId: '100000000000555',
      wabaId: '200000000000555',
    });
    const log = pino({ level: 'silent' });
    const events = new EventBus({ db: ctx.db, log });
    const broker = new InProcessBroker();
    const frames: { room: string; frame: BrokerFrame }[] = [];
    broker.subscribe((room, frame) => frames.push({ room, frame }));
    const stop = startLiveFeed({ db: ctx.db, clock: ctx.app.clock, broker, log, events });
    events.publish({
      outboxId: 525252,
      events: [{ kind: 'contacts.changed', accountId: account.id, count: 1200 }],
    });
    await until(() => frames.length > 0, 'the contacts.changed frame');
    expect(frames[0]!.frame).toMatchObject({
      type: 'event',
      event: 'contacts.changed',
      data: { accountId: account.id, count: 1200 },
    });
    expect(frames[0]!.room).toContain(account.id);
    stop();
    await events.stop();
  });
});
