import type { AuditEntry } from '@common/api/team';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts } from '../db/schema';
import { createTestContext, type TestContext } from '../test/harness';
import { buildContact, buildInboxTeam, type TestUser } from '../test/inbox-factories';
import { recordAudit } from './audit-log';

/** The team activity names the contact an entry is about, as the inbox shows it now. */
let ctx: TestContext;
let owner: TestUser;
let member: TestUser;
let accountId: string;
let teamId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  const team = await buildInboxTeam(ctx);
  ({ owner, member } = team);
  accountId = team.account.id;
  teamId = team.team.id;
});
afterAll(() => ctx.close());

const activity = async () => {
  const res = await ctx.app.inject({
    method: 'GET',
    url: '/api/team/audit-log',
    headers: { cookie: owner.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().entries as AuditEntry[];
};

describe('the team activity’s contact names', () => {
  it('labels a paused chat and the AI bot’s hand-over with the contact’s name; a renamed contact shows its new name, a deleted one none', async () => {
    const sam = await buildContact(ctx.db, accountId, { profileName: 'Sam Lee' });
    const noName = await buildContact(ctx.db, accountId, { phone: '351912345678', profileName: '' });
    const paused = await ctx.app.inject({
      method: 'PUT',
      url: `/api/contacts/${sam.id}/bot`,
      headers: { cookie: member.cookie },
      payload: { paused: true },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    // The bot hands a chat over as the system (no actor), as server/ai/bot/chat-state.ts records it.
    await recordAudit(ctx.db, {
      actorId: null,
      teamId,
      action: 'ai_bot.handed_over',
      subjectType: 'contact',
      subjectId: noName.id,
      details: { reason: 'asked_for_person' },
    });

    let entries = await activity();
    expect(entries.find((e) => e.action === 'ai_bot.paused')).toMatchObject({
      actor: { id: member.id },
      subjectType: 'contact',
      subjectId: sam.id,
      subjectLabel: 'Sam Lee',
    });
    expect(entries.find((e) => e.action === 'ai_bot.handed_over')).toMatchObject({
      actor: null,
      subjectLabel: '+351912345678',
      details: { reason: 'asked_for_person' },
    });
    // Entries about anything but a contact carry no subject label.
    expect(entries.filter((e) => e.subjectType !== 'contact').every((e) => e.subjectLabel === null)).toBe(
      true,
    );

    await ctx.db.update(contacts).set({ customName: 'Samuel (wholesale)' }).where(eq(contacts.id, sam.id));
    await ctx.db.delete(contacts).where(eq(contacts.id, noName.id));
    entries = await activity();
    expect(entries.find((e) => e.action === 'ai_bot.paused')?.subjectLabel).toBe('Samuel (wholesale)');
    expect(entries.find((e) => e.action === 'ai_bot.handed_over')?.subjectLabel).toBeNull();
  });
});
