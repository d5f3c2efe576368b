import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { reactions } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, buildMessage } from '../test/inbox-factories';
import { loadMessageExtras } from './message';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('message extras', () => {
  it('lists a message’s reactions first to last on every load, whatever order they were stored in', async () => {
    const { account } = await buildInboxTeam(ctx);
    const contact = await buildContact(ctx.db, account.id, { profileName: 'Lena' });
    const message = await buildMessage(ctx.db, contact, { externalId: 'wamid.REACTED' });
    const at = (minute: number) => new Date(Date.UTC(2026, 10, 21, 9, minute));
    const reaction = { accountId: account.id, targetExternalId: 'wamid.REACTED', status: 'sent' } as const;
    // Stored newest first: the team's reaction came in before the customer's older one was applied.
    await ctx.db.insert(reactions).values([
      { ...reaction, reactor: 'business', emoji: '👍', direction: 'outgoing', timestamp: at(5) },
      {
        ...reaction,
        reactor: `customer:${contact.waId}`,
        emoji: '❤️',
        direction: 'incoming',
        timestamp: at(1),
      },
    ]);

    // More loads than PostgreSQL's five planned calls, so the kept plan is checked too.
    for (let load = 0; load < 8; load++) {
      const extras = await loadMessageExtras(ctx.db, account.id, [message]);
      expect(extras.reactions.get('wamid.REACTED')!.map((r) => r.emoji)).toEqual(['❤️', '👍']);
    }
  });
});
