import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactFields, contactFieldValues, savedMessages } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, buildMessage, buildTag } from '../test/inbox-factories';
import { AI_HISTORY_MESSAGES, loadChatContext } from './context';

/** What a prompt reads about one chat (README "What is sent to the model"), from one statement. */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('the chat context a prompt reads', () => {
  it("has the contact's tags, fields, notes and last messages oldest first, and the team's saved text replies", async () => {
    const { account, team, owner } = await buildInboxTeam(ctx);
    const maya = await buildContact(ctx.db, account.id, {
      profileName: 'Maya',
      notes: '  Prefers mornings  ',
    });
    const other = await buildContact(ctx.db, account.id, { profileName: 'Omar' });
    await buildTag(ctx.db, account.id, 'VIP', [maya.id]);
    await buildTag(ctx.db, account.id, 'Berlin', [maya.id]);
    await buildTag(ctx.db, account.id, 'Wholesale', [other.id]);
    const [tier, city] = await ctx.db
      .insert(contactFields)
      .values([
        { accountId: account.id, key: 'tier', label: 'Tier', type: 'text', position: 2 },
        { accountId: account.id, key: 'city', label: 'City', type: 'text', position: 1 },
      ])
      .returning();
    await ctx.db.insert(contactFieldValues).values([
      { contactId: maya.id, fieldId: tier!.id, value: 'Gold' },
      { contactId: maya.id, fieldId: city!.id, value: 'Berlin' },
      { contactId: other.id, fieldId: tier!.id, value: 'Bronze' },
    ]);
    const start = Date.now() - 60 * 60_000;
    for (let i = 1; i <= AI_HISTORY_MESSAGES + 5; i++)
      await buildMessage(ctx.db, maya, {
        body: `Message ${i}`,
        direction: i % 2 ? 'incoming' : 'outgoing',
        timestamp: new Date(start + i * 60_000),
      });
    await buildMessage(ctx.db, other, { body: 'Not Maya', timestamp: new Date() });
    await ctx.db.insert(savedMessages).values([
      { teamId: team.id, name: 'Hours', content: 'We open at 9.' },
      { teamId: team.id, name: 'Empty', content: '   ' },
      { teamId: team.id, userId: owner.id, name: 'Mine', content: 'Only for me.' },
    ]);

    const context = await loadChatContext(ctx.db, maya, team.id);

    expect(context.name).toBe('Maya');
    expect(context.notes).toBe('Prefers mornings');
    expect(context.tags).toEqual(['Berlin', 'VIP']);
    expect(context.fields).toEqual([
      { label: 'City', value: 'Berlin' },
      { label: 'Tier', value: 'Gold' },
    ]);
    expect(context.history).toHaveLength(AI_HISTORY_MESSAGES);
    expect(context.history[0]).toEqual({ from: 'team', text: 'Message 6' });
    expect(context.history.at(-1)).toEqual({ from: 'customer', text: 'Message 25' });
    expect(context.savedReplies).toEqual([{ name: 'Hours', content: 'We open at 9.' }]);
  });

  it('reads messages Meta stamped with the same second in the order they arrived', async () => {
    const { account, team } = await buildInboxTeam(ctx);
    const maya = await buildContact(ctx.db, account.id, { profileName: 'Maya' });
    // Meta's timestamps are whole seconds: a burst of messages shares one. Stored a millisecond apart,
    // as separate webhooks store them; random ids must not reorder them.
    const second = new Date(Math.floor(Date.now() / 1000) * 1000 - 60_000);
    const bodies = ['Hi', 'When are you open?', 'I want to talk to a person', 'Actually, on Monday?'];
    for (const [i, body] of bodies.entries())
      await buildMessage(ctx.db, maya, {
        body,
        timestamp: second,
        createdAt: new Date(second.getTime() + i),
      });

    const context = await loadChatContext(ctx.db, maya, team.id);

    expect(context.history.map((m) => m.text)).toEqual(bodies);
  });
});
