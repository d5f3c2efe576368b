import { CONSENT_SYSTEM_TEXT } from '@common/api/consent';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { consentKeywords, contacts, messages } from '../db/schema';
import { collectEvents } from '../test/events';
import { signUpOwnerWithAccount } from '../test/factories';
import { createTestContext, type TestContext } from '../test/harness';
import { inboundText } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';
import { FIXTURE_ACCOUNTS } from '../whatsapp/fixtures';

let ctx: TestContext;
let accountId: string;
let ownerCookie: string;
let n = 0;
let clock = 1_780_000_000;
beforeAll(async () => {
  ctx = await createTestContext();
  const team = await signUpOwnerWithAccount(ctx, FIXTURE_ACCOUNTS.primary);
  accountId = team.account.id;
  ownerCookie = team.owner.cookie;
});
afterAll(() => ctx.close());

const newCustomer = () => `1555900${String(++n).padStart(4, '0')}`;

async function customerSays(from: string, body: string, wamid = `wamid.CONSENT${++clock}`) {
  const res = await postWebhook(ctx.app, inboundText({ wamid, from, name: 'Ada', body, at: ++clock }));
  expect(res.statusCode).toBe(200);
  await ctx.webhooks.drain();
  return wamid;
}
async function contactOf(waId: string) {
  const [row] = await ctx.db
    .select()
    .from(contacts)
    .where(and(eq(contacts.accountId, accountId), eq(contacts.waId, waId)));
  return row!;
}
async function thread(contactId: string) {
  return ctx.db
    .select()
    .from(messages)
    .where(eq(messages.contactId, contactId))
    .orderBy(asc(messages.timestamp), asc(messages.id));
}

describe('consent keywords from the customer', () => {
  it('STOP opts out with a system line in the chat that is not unread and leaves the preview alone', async () => {
    const waId = newCustomer();
    await customerSays(waId, 'Hi there');
    const events = collectEvents(ctx.events);
    const wamid = await customerSays(waId, 'STOP');
    events.stop();

    const contact = await contactOf(waId);
    expect(contact.consent).toBe('opted_out');
    expect(contact.consentSource).toBe('keyword');
    expect(contact.consentChangedBy).toBeNull();
    expect(contact.consentChangedAt?.getTime()).toBe(clock * 1000);
    expect(contact.unreadCount).toBe(2);
    expect(contact.lastMessagePreview).toBe('STOP');

    const rows = await thread(contact.id);
    expect(rows.map((m) => m.body)).toEqual(['Hi there', 'STOP', CONSENT_SYSTEM_TEXT.opted_out]);
    const line = rows[2]!;
    expect(line).toMatchObject({ type: 'system', status: 'read', externalId: `consent:${wamid}` });
    expect(line.content).toMatchObject({ kind: 'system', body: 'Opted out of marketing messages' });
    expect(events.seen).toContainEqual({ kind: 'contact.updated', accountId, contactId: contact.id });
    expect(events.seen).toContainEqual({
      kind: 'message.created',
      accountId,
      contactId: contact.id,
      messageId: line.id,
    });

    // The conversation shows it as a system line nobody marks read; the contact says how it changed.
    const conversation = await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${contact.id}/messages`,
      headers: { cookie: ownerCookie },
    });
    const body = conversation.json();
    expect(body.messages[0]).toMatchObject({
      body: CONSENT_SYSTEM_TEXT.opted_out,
      content: { kind: 'system' },
      abilities: { markRead: false },
    });
    expect(body.contact.consent).toMatchObject({ state: 'opted_out', source: 'keyword', changedBy: null });
  });

  it('matches the whole trimmed text in any letter case, never part of a sentence', async () => {
    for (const text of ['stop', ' Stop ', 'UnSubscribe']) {
      const waId = newCustomer();
      await customerSays(waId, text);
      expect((await contactOf(waId)).consent, text).toBe('opted_out');
    }
    for (const text of ['please stop', 'STOP!', 'stop it', 'Stopping']) {
      const waId = newCustomer();
      await customerSays(waId, text);
      const contact = await contactOf(waId);
      expect(contact.consent, text).toBe('unknown');
      expect(
        (await thread(contact.id)).filter((m) => m.type === 'system'),
        text,
      ).toHaveLength(0);
    }
  });

  it('START opts back in; a redelivered webhook adds no second line', async () => {
    const waId = newCustomer();
    const stop = await customerSays(waId, 'STOP');
    await customerSays(waId, 'STOP', stop); // Meta delivers it again
    await customerSays(waId, 'Stop'); // already opted out: no new line
    let contact = await contactOf(waId);
    expect(contact.consent).toBe('opted_out');
    expect((await thread(contact.id)).filter((m) => m.type === 'system')).toHaveLength(1);

    const start = await customerSays(waId, 'start');
    await customerSays(waId, 'start', start);
    contact = await contactOf(waId);
    expect(contact.consent).toBe('opted_in');
    expect(contact.consentSource).toBe('keyword');
    const lines = (await thread(contact.id)).filter((m) => m.type === 'system').map((m) => m.body);
    expect(lines).toEqual([CONSENT_SYSTEM_TEXT.opted_out, CONSENT_SYSTEM_TEXT.opted_in]);
  });

  it('the owner’s own lists replace the defaults', async () => {
    await ctx.db
      .insert(consentKeywords)
      .values({ accountId, optOut: ['Basta', 'Halt bitte'], optIn: ['Weiter'] })
      .onConflictDoUpdate({
        target: consentKeywords.accountId,
        set: { optOut: ['Basta', 'Halt bitte'], optIn: ['Weiter'] },
      });
    const waId = newCustomer();
    await customerSays(waId, 'STOP');
    expect((await contactOf(waId)).consent).toBe('unknown');
    await customerSays(waId, 'halt BITTE');
    expect((await contactOf(waId)).consent).toBe('opted_out');
    await customerSays(waId, 'WEITER');
    expect((await contactOf(waId)).consent).toBe('opted_in');
    await ctx.db.delete(consentKeywords).where(eq(consentKeywords.accountId, accountId));
  });

  it('a teammate’s later choice wins over a late keyword; in one batch the latest keyword counts', async () => {
    const waId = newCustomer();
    await customerSays(waId, 'Hello');
    const contact = await contactOf(waId);
    await ctx.db
      .update(contacts)
      .set({ consent: 'opted_in', consentSource: 'manual', consentChangedAt: new Date((clock + 100) * 1000) })
      .where(eq(contacts.id, contact.id));
    await customerSays(waId, 'STOP'); // sent before the teammate's change
    expect((await contactOf(waId)).consent).toBe('opted_in');

    const other = newCustomer();
    const at = clock + 1000;
    clock += 2000;
    for (const [i, body] of ['STOP', 'START', 'thanks'].entries())
      await postWebhook(
        ctx.app,
        inboundText({ wamid: `wamid.BATCH${i}`, from: other, name: 'Bo', body, at: at + i }),
      );
    await ctx.webhooks.drain();
    const batched = await contactOf(other);
    expect(batched.consent).toBe('opted_in');
  });
});
