import type { ContactListItem, ContactListResponse } from '@common/api/inbox';
import type { ServerEventFrame } from '@common/realtime';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages, userProfiles, whatsappAccounts } from '../db/schema';
import type { BrokerFrame } from '../live/broker';
import { firstName } from '../presenters/users';
import type { TestUser } from '../test/inbox-factories';
import { connectSandboxTeam, contactOf, customerWrites, type SandboxTeam } from '../test/outbound';
import { type ListeningContext, listeningTestContext } from '../test/sandbox';
import { until } from '../test/until';
import { inboundText } from '../test/webhook-builders';
import { postWebhook } from '../test/webhooks';

/**
 * Who sent a contact's last message (the list's 'Sam:' instead of 'You:'): stored on the contact by the
 * send, cleared by the customer's next message, on the list rows and on the live feed's rows.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let ref = 0;
const frames: BrokerFrame[] = [];

const sendText = (user: TestUser, contactId: string, text: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/messages`,
    headers: { cookie: user.cookie },
    payload: { clientRef: `temp-${Date.now()}-${++ref}`, text },
  });

async function listed(user: TestUser, contactId: string): Promise<ContactListItem> {
  const res = await ctx.app.inject({ method: 'GET', url: '/api/contacts', headers: { cookie: user.cookie } });
  const row = (res.json() as ContactListResponse).contacts.find((c) => c.id === contactId);
  if (!row) throw new Error('contact not in the unassigned tab');
  return row;
}

/** The newest live row of the contact that says `preview`. */
async function liveRow(contactId: string, preview: string): Promise<ContactListItem> {
  const rowOf = (frame: BrokerFrame) => {
    if (frame.type !== 'event') return null;
    const data = (frame as ServerEventFrame).data as { contact?: ContactListItem | null };
    return data.contact?.id === contactId && data.contact.lastMessagePreview === preview
      ? data.contact
      : null;
  };
  await until(() => frames.some(rowOf), `a live row saying '${preview}'`);
  return frames.map(rowOf).filter(Boolean).at(-1)!;
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
  ctx.app.liveBroker.subscribe((_room, frame) => frames.push(frame));
});
afterAll(() => ctx.close());

describe('the sender of the last message', () => {
  it('is the teammate who sent it, with their first name, until the customer writes again', async () => {
    await customerWrites(ctx, team, '16505550111', 'Do you deliver on Sundays?');
    const contact = await contactOf(ctx, team, '16505550111');
    expect(await listed(team.owner, contact.id)).toMatchObject({
      lastMessageDirection: 'incoming',
      lastMessageSentBy: null,
    });

    // The member has a profile: its first word. The owner has none: the start of the e-mail.
    await ctx.db.insert(userProfiles).values({
      userId: team.member.id,
      name: '  Sam  Lee ',
      companyName: 'Lucky Shrub',
      phoneNumber: '+16505550100',
    });
    const byMember = await sendText(team.member, contact.id, 'We do, until noon.');
    expect(byMember.statusCode, byMember.body).toBe(202);
    const [row] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(row?.lastMessageSentBy).toBe(team.member.id);
    const samSees = { id: team.member.id, firstName: 'Sam' };
    expect(await listed(team.owner, contact.id)).toMatchObject({
      lastMessagePreview: 'We do, until noon.',
      lastMessageDirection: 'outgoing',
      lastMessageSentBy: samSees,
    });
    expect((await liveRow(contact.id, 'We do, until noon.')).lastMessageSentBy).toEqual(samSees);

    await sendText(team.owner, contact.id, 'Sam is right.');
    expect((await listed(team.member, contact.id)).lastMessageSentBy).toEqual({
      id: team.owner.id,
      firstName: firstName(null, team.owner.email),
    });

    // Meta stamps messages to the second: the reply must come in a later second than the send.
    await new Promise((resolve) => setTimeout(resolve, 1100));
    await customerWrites(ctx, team, '16505550111', 'Great, thanks!');
    expect(await listed(team.owner, contact.id)).toMatchObject({
      lastMessagePreview: 'Great, thanks!',
      lastMessageDirection: 'incoming',
      lastMessageSentBy: null,
    });
    expect((await liveRow(contact.id, 'Great, thanks!')).lastMessageSentBy).toBeNull();
  });

  it('a customer message delivered late, older than the reply, leaves the reply and its sender', async () => {
    await customerWrites(ctx, team, '16505550112', 'Hello?');
    const contact = await contactOf(ctx, team, '16505550112');
    await sendText(team.member, contact.id, 'Hi! How can we help?');
    const [account] = await ctx.db
      .select()
      .from(whatsappAccounts)
      .where(eq(whatsappAccounts.id, team.accountId));
    const late = inboundText({
      wamid: 'wamid.late-one',
      from: '16505550112',
      name: 'Maya Patel',
      body: 'Are you there?',
      at: Math.floor(Date.now() / 1000) - 3600,
      number: {
        wabaId: account!.wabaId!,
        phoneNumberId: account!.phoneNumberId,
        displayPhoneNumber: account!.displayPhoneNumber ?? '',
      },
    });
    expect((await postWebhook(ctx.app, late)).statusCode).toBe(200);
    await ctx.webhooks.drain();
    const [stored] = await ctx.db.select().from(messages).where(eq(messages.externalId, 'wamid.late-one'));
    expect(stored?.contactId).toBe(contact.id);
    expect(await listed(team.owner, contact.id)).toMatchObject({
      lastMessagePreview: 'Hi! How can we help?',
      lastMessageDirection: 'outgoing',
      lastMessageSentBy: { id: team.member.id, firstName: 'Sam' },
    });
  });

  it('falls back to the start of the e-mail, capitalised, without a profile name', () => {
    expect(firstName(null, 'sam.lee@example.com')).toBe('Sam');
    expect(firstName('', 'jo_ann+inbox@example.com')).toBe('Jo');
    expect(firstName('Priya', 'p@example.com')).toBe('Priya');
  });
});
