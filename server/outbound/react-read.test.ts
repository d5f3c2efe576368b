import type { ConversationResponse, MessageResponse } from '@common/api/inbox';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobs, messages, reactions, sandboxMessages } from '../db/schema';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';

let ctx: ListeningContext;
let team: SandboxTeam;

const post = (url: string, payload?: Record<string, unknown>, cookie = team.member.cookie) =>
  payload === undefined
    ? ctx.app.inject({ method: 'POST', url, headers: { cookie } })
    : ctx.app.inject({ method: 'POST', url, headers: { cookie }, payload });
const messageByWamid = async (wamid: string) =>
  (await ctx.db.select().from(messages).where(eq(messages.externalId, wamid)))[0]!;
const conversation = async (contactId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${contactId}/messages`,
      headers: { cookie: team.owner.cookie },
    })
  ).json() as ConversationResponse;

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
});
afterAll(() => ctx.close());

describe('reactions', () => {
  it('one business reaction per message: sent to Meta, replaced on change, removed with an empty emoji', async () => {
    const wamid = await customerWrites(ctx, team, '16505550401', 'Look at my new plant!');
    const target = await messageByWamid(wamid);
    const url = `/api/messages/${target.id}/reactions`;

    const res = await post(url, { emoji: '👍' });
    expect(res.statusCode, res.body).toBe(202);
    expect((res.json() as MessageResponse).message.reactions).toEqual([
      expect.objectContaining({ emoji: '👍', reactor: 'business', direction: 'outgoing', status: 'pending' }),
    ]);
    await runInboxJobs(ctx);
    const [sent] = await ctx.db.select().from(reactions).where(eq(reactions.targetExternalId, wamid));
    expect(sent).toMatchObject({ emoji: '👍', status: 'sent', sentBy: team.member.id });
    expect(sent!.externalId).toMatch(/^wamid\./);

    await post(url, { emoji: '❤️' });
    await runInboxJobs(ctx);
    const rows = await ctx.db.select().from(reactions).where(eq(reactions.targetExternalId, wamid));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ emoji: '❤️', status: 'sent' });

    await post(url, { emoji: '' });
    await runInboxJobs(ctx);
    const atMeta = (await messagesAtMeta(ctx, team, '16505550401')).map(
      (m) => (m.payload as { reaction: { message_id: string; emoji: string } }).reaction,
    );
    expect(atMeta).toEqual([
      { message_id: wamid, emoji: '👍' },
      { message_id: wamid, emoji: '❤️' },
      { message_id: wamid, emoji: '' },
    ]);

    // Reactions live on their target; they never show up as messages of their own.
    const page = await conversation(target.contactId);
    expect(page.messages.map((m) => m.type)).toEqual(['text']);
    expect(page.messages[0]!.reactions).toEqual([]);
  });

  it('the same emoji twice sends nothing the second time', async () => {
    const wamid = await customerWrites(ctx, team, '16505550402', 'Thanks!');
    const target = await messageByWamid(wamid);
    await post(`/api/messages/${target.id}/reactions`, { emoji: '🙏' });
    await post(`/api/messages/${target.id}/reactions`, { emoji: '🙏' });
    await runInboxJobs(ctx);
    expect(await messagesAtMeta(ctx, team, '16505550402')).toHaveLength(1);
  });

  it('refuses a target without a provider id, and reactions outside the window', async () => {
    await customerWrites(ctx, team, '16505550403', 'Hi');
    const contact = await contactOf(ctx, team, '16505550403');
    const pending = await post(`/api/contacts/${contact.id}/messages`, {
      clientRef: 'temp-react-1',
      text: 'Hold on',
    });
    const pendingId = (pending.json() as MessageResponse).message.id;
    const res = await post(`/api/messages/${pendingId}/reactions`, { emoji: '😂' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toBe('Cannot react to non-existent message');

    const [incoming] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.contactId, contact.id), eq(messages.direction, 'incoming')));
    await ctx.db
      .update(contacts)
      .set({ lastIncomingAt: sql`now() - interval '25 hours'` })
      .where(eq(contacts.id, contact.id));
    const closed = await post(`/api/messages/${incoming!.id}/reactions`, { emoji: '😂' });
    expect(closed.statusCode).toBe(409);
    expect(closed.json().error).toBe('window_closed');
  });
});

describe('read receipts', () => {
  it('marks the message and every earlier one read, clears the unread count, and sends one receipt', async () => {
    const first = await customerWrites(ctx, team, '16505550501', 'One');
    const second = await customerWrites(ctx, team, '16505550501', 'Two');
    const contact = await contactOf(ctx, team, '16505550501');
    expect(contact.unreadCount).toBe(2);
    const latest = await messageByWamid(second);

    const res = await post(`/api/messages/${latest.id}/read`);
    expect(res.statusCode, res.body).toBe(200);
    expect((res.json() as MessageResponse).message).toMatchObject({
      status: 'read',
      abilities: { markRead: false },
    });
    expect((await messageByWamid(first)).status).toBe('read');
    expect((await contactOf(ctx, team, '16505550501')).unreadCount).toBe(0);

    const again = await post(`/api/messages/${latest.id}/read`);
    expect(again.statusCode).toBe(200);
    const queued = await ctx.db.$count(
      jobs,
      sql`${jobs.name} = 'message.read' and ${jobs.payload}->>'messageId' = ${latest.id}`,
    );
    expect(queued).toBe(1);

    await runInboxJobs(ctx);
    const atMeta = await ctx.db
      .select({ wamid: sandboxMessages.wamid, status: sandboxMessages.status })
      .from(sandboxMessages)
      .where(eq(sandboxMessages.customerWaId, '16505550501'))
      .orderBy(sandboxMessages.id);
    expect(atMeta).toEqual([
      { wamid: first, status: 'read' },
      { wamid: second, status: 'read' },
    ]);
  });

  it('refuses outgoing messages', async () => {
    await customerWrites(ctx, team, '16505550502', 'Hey');
    const contact = await contactOf(ctx, team, '16505550502');
    const sent = await post(`/api/contacts/${contact.id}/messages`, {
      clientRef: 'temp-read-1',
      text: 'Hi!',
    });
    const res = await post(`/api/messages/${(sent.json() as MessageResponse).message.id}/read`);
    expect(res.statusCode).toBe(409);
  });
});
