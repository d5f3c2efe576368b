import type { MessageResponse } from '@common/api/inbox';
import { INTERACTIVE_MSG } from '@common/api/interactive';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, jobs, messages } from '../db/schema';
import {
  connectSandboxTeam,
  contactOf,
  customerWrites,
  messagesAtMeta,
  runInboxJobs,
  type SandboxTeam,
  settle,
} from '../test/outbound';
import { type ListeningContext, listeningTestContext, phoneApi } from '../test/sandbox';

/**
 * Issue 17 over the sandbox, nothing mocked: reply buttons, a list, a link button, a location and a
 * contact card go out from the text route, the sandbox (Meta's stand-in) accepts each, statuses come
 * back, and the inbox stores and presents them; a tap on the phone comes back quoting the message.
 */

let ctx: ListeningContext;
let team: SandboxTeam;
let ref = 0;
const clientRef = () => `temp-rich-${Date.now()}-${++ref}`;

const send = (contactId: string, payload: Record<string, unknown>) =>
  ctx.app.inject({
    method: 'POST',
    url: `/api/contacts/${contactId}/messages`,
    headers: { cookie: team.member.cookie },
    payload: { clientRef: clientRef(), ...payload },
  });

const conversation = async (contactId: string) =>
  (
    await ctx.app.inject({
      method: 'GET',
      url: `/api/contacts/${contactId}/messages`,
      headers: { cookie: team.member.cookie },
    })
  ).json() as { messages: MessageResponse['message'][] };

const chatPath = (waId: string) => `/phone-numbers/${team.phoneNumberId}/customers/${waId}`;

/** Sends, runs the send job and the status webhooks; returns the message as the chat presents it. */
async function sendAndSettle(waId: string, payload: Record<string, unknown>) {
  const contact = await contactOf(ctx, team, waId);
  const res = await send(contact.id, payload);
  expect(res.statusCode, res.body).toBe(202);
  const { message } = res.json() as MessageResponse;
  expect(message.status).toBe('pending');
  await runInboxJobs(ctx);
  await settle(ctx);
  const shown = (await conversation(contact.id)).messages.find((m) => m.id === message.id)!;
  return { contact, created: message, shown };
}

beforeAll(async () => {
  ctx = await listeningTestContext();
  team = await connectSandboxTeam(ctx);
});
afterAll(() => ctx.close());

describe('sending the rich types', () => {
  it('reply buttons: accepted by the sandbox with server-made ids, delivered, and a tap comes back quoting them', async () => {
    const waId = '16505550401';
    await customerWrites(ctx, team, waId, 'Can you deliver?');
    const { contact, shown } = await sendAndSettle(waId, {
      type: 'buttons',
      header: 'Delivery',
      body: 'Shall we deliver tomorrow?',
      footer: 'Lucky Shrub',
      buttons: [{ title: 'Yes' }, { title: 'Pick another day' }],
    });
    expect(shown).toMatchObject({
      type: 'interactive',
      direction: 'outgoing',
      status: 'delivered',
      body: 'Shall we deliver tomorrow?',
      preview: '🔘 Shall we deliver tomorrow?',
      content: {
        kind: 'buttons',
        header: { type: 'text', text: 'Delivery' },
        footer: 'Lucky Shrub',
        buttons: [{ title: 'Yes' }, { title: 'Pick another day' }],
      },
      abilities: { react: true },
    });
    const content = shown.content as { buttons: { id: string }[] };
    const [atMeta] = await messagesAtMeta(ctx, team, waId);
    expect(atMeta!.wamid).toBe(shown.externalId);
    // What the sandbox understood (Meta's wire shape is in rich-content.test.ts).
    expect(atMeta!.payload).toMatchObject({
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Delivery' },
        body: 'Shall we deliver tomorrow?',
        footer: 'Lucky Shrub',
        buttons: [
          { id: content.buttons[0]!.id, title: 'Yes' },
          { id: content.buttons[1]!.id, title: 'Pick another day' },
        ],
      },
    });
    const [listed] = await ctx.db.select().from(contacts).where(eq(contacts.id, contact.id));
    expect(listed!.lastMessagePreview).toBe('🔘 Shall we deliver tomorrow?');

    // The customer taps the second button on the phone: it arrives quoting the message, with its title.
    const tapped = await phoneApi<{ id: string }>(ctx.origin, 'POST', `${chatPath(waId)}/messages`, {
      type: 'interactive_reply',
      messageId: shown.externalId,
      optionId: content.buttons[1]!.id,
    });
    expect(tapped.status, JSON.stringify(tapped.body)).toBe(201);
    await settle(ctx);
    const reply = (await conversation(contact.id)).messages.find((m) => m.externalId === tapped.body.id);
    expect(reply).toMatchObject({
      direction: 'incoming',
      type: 'interactive',
      body: 'Pick another day',
      preview: 'Pick another day',
      content: { kind: 'interactive', reply: { type: 'button_reply', id: content.buttons[1]!.id } },
      replyTo: { externalId: shown.externalId, messageId: shown.id, type: 'interactive', deleted: false },
    });
  });

  it('a list: sections and rows accepted with their ids, a picked row comes back quoting it', async () => {
    const waId = '16505550402';
    await customerWrites(ctx, team, waId, 'What plants do you have?');
    const { contact, shown } = await sendAndSettle(waId, {
      type: 'list',
      body: 'Which plant?',
      button: 'Plants',
      sections: [
        { title: 'Big', rows: [{ title: 'Monstera', description: 'Big leaves' }] },
        { title: 'Small', rows: [{ title: 'Pilea' }, { title: 'Fern' }] },
      ],
    });
    expect(shown).toMatchObject({ type: 'interactive', status: 'delivered', preview: '📋 Which plant?' });
    const { sections } = shown.content as { sections: { rows: { id: string }[] }[] };
    const ids = sections.flatMap((s) => s.rows.map((r) => r.id));
    expect(new Set(ids).size).toBe(3);
    const [atMeta] = await messagesAtMeta(ctx, team, waId);
    expect(atMeta!.payload).toMatchObject({
      interactive: {
        type: 'list',
        body: 'Which plant?',
        list: {
          button: 'Plants',
          sections: [
            { title: 'Big', rows: [{ id: ids[0], title: 'Monstera', description: 'Big leaves' }] },
            {
              title: 'Small',
              rows: [
                { id: ids[1], title: 'Pilea' },
                { id: ids[2], title: 'Fern' },
              ],
            },
          ],
        },
      },
    });

    const picked = await phoneApi<{ id: string }>(ctx.origin, 'POST', `${chatPath(waId)}/messages`, {
      type: 'interactive_reply',
      messageId: shown.externalId,
      optionId: ids[0],
    });
    expect(picked.status).toBe(201);
    await settle(ctx);
    const reply = (await conversation(contact.id)).messages.find((m) => m.externalId === picked.body.id);
    expect(reply).toMatchObject({
      body: 'Monstera',
      content: { reply: { type: 'list_reply', id: ids[0], title: 'Monstera', description: 'Big leaves' } },
      replyTo: { messageId: shown.id },
    });
  });

  it('a link button, a location (quoting a message) and a contact card are accepted, delivered and presented; a rich message takes a reaction', async () => {
    const waId = '16505550403';
    await customerWrites(ctx, team, waId, 'Where are you, and who do I call?');
    const link = await sendAndSettle(waId, {
      type: 'cta_url',
      body: 'Track your order here',
      displayText: 'Track order',
      url: 'https://shop.example/track/42',
    });
    expect(link.shown).toMatchObject({
      type: 'interactive',
      status: 'delivered',
      preview: '🔗 Track your order here',
      content: { kind: 'cta_url', displayText: 'Track order', url: 'https://shop.example/track/42' },
    });
    const place = await sendAndSettle(waId, {
      type: 'location',
      latitude: '37.4419',
      longitude: -122.143,
      name: 'Lucky Shrub',
      address: '1 Garden Way, Palo Alto',
      replyToMessageId: link.shown.id,
    });
    expect(place.shown).toMatchObject({
      type: 'location',
      status: 'delivered',
      body: '',
      preview: '📍 Lucky Shrub',
      content: { kind: 'location', latitude: 37.4419, longitude: -122.143, name: 'Lucky Shrub' },
      replyTo: { messageId: link.shown.id },
    });
    const card = await sendAndSettle(waId, {
      type: 'contacts',
      cards: [
        {
          name: 'Sam Lee',
          phones: [{ phone: '+1 650 555 0199', type: 'WORK', waId: '16505550199' }],
          emails: [{ email: 'sam@shop.example' }],
          org: { company: 'Lucky Shrub' },
        },
      ],
    });
    expect(card.shown).toMatchObject({
      type: 'contacts',
      status: 'delivered',
      preview: '👤 Contact: Sam Lee',
      content: {
        kind: 'contacts',
        cards: [{ formattedName: 'Sam Lee', phones: [{ phone: '+1 650 555 0199', waId: '16505550199' }] }],
      },
    });

    const atMeta = await messagesAtMeta(ctx, team, waId);
    expect(atMeta.map((m) => m.payload)).toMatchObject([
      {
        interactive: {
          type: 'cta_url',
          body: 'Track your order here',
          cta: { displayText: 'Track order', url: 'https://shop.example/track/42' },
        },
      },
      {
        context: { message_id: link.shown.externalId },
        location: {
          latitude: 37.4419,
          longitude: -122.143,
          name: 'Lucky Shrub',
          address: '1 Garden Way, Palo Alto',
        },
      },
      {
        contacts: [
          {
            name: { formatted_name: 'Sam Lee', first_name: 'Sam' },
            phones: [{ phone: '+1 650 555 0199', type: 'WORK', wa_id: '16505550199' }],
            emails: [{ email: 'sam@shop.example' }],
            org: { company: 'Lucky Shrub' },
          },
        ],
      },
    ]);

    // Reacting to a rich message works like on text.
    const react = await ctx.app.inject({
      method: 'POST',
      url: `/api/messages/${place.shown.id}/reactions`,
      headers: { cookie: team.member.cookie },
      payload: { emoji: '👍' },
    });
    expect(react.statusCode, react.body).toBe(202);
    await runInboxJobs(ctx);
    expect(JSON.stringify(await messagesAtMeta(ctx, team, waId))).toContain(place.shown.externalId!);
  });
});

describe('refusals, before anything is stored or sent', () => {
  it('an agent’s mistake is a 400 in our words', async () => {
    const waId = '16505550404';
    await customerWrites(ctx, team, waId, 'Hi');
    const contact = await contactOf(ctx, team, waId);
    const cases: [Record<string, unknown>, string, string][] = [
      [
        { type: 'buttons', body: 'Pick', buttons: [{ title: 'x'.repeat(21) }] },
        INTERACTIVE_MSG.buttonTitleTooLong,
        'buttons.0.title',
      ],
      [
        {
          type: 'list',
          body: 'Pick',
          button: 'Open',
          sections: [{ title: 'A', rows: Array(11).fill({ title: 'r' }) }],
        },
        INTERACTIVE_MSG.rowsTooMany,
        'sections',
      ],
      [
        { type: 'cta_url', body: 'Go', displayText: 'Open', url: 'javascript:alert(1)' },
        INTERACTIVE_MSG.ctaUrlInvalid,
        'url',
      ],
      [{ type: 'location', latitude: 91, longitude: 0 }, INTERACTIVE_MSG.latitudeInvalid, 'latitude'],
      [
        { type: 'contacts', cards: [{ name: 'Sam', phones: [] }] },
        INTERACTIVE_MSG.contactPhoneRequired,
        'cards.0.phones',
      ],
    ];
    for (const [payload, message, field] of cases) {
      const res = await send(contact.id, payload);
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({ error: 'validation_failed', message, field });
    }
    expect(await ctx.db.$count(messages, eq(messages.contactId, contact.id))).toBe(1);
  });

  it('the 24-hour window closed: 409 like text, nothing queued or sent', async () => {
    const waId = '16505550405';
    await customerWrites(ctx, team, waId, 'Hello?');
    const contact = await contactOf(ctx, team, waId);
    await ctx.db
      .update(contacts)
      .set({ lastIncomingAt: sql`${contacts.lastIncomingAt} - interval '24 hours 1 second'` })
      .where(eq(contacts.id, contact.id));
    const jobsBefore = await ctx.db.$count(jobs, sql`${jobs.name} = 'message.send'`);
    for (const payload of [
      { type: 'buttons', body: 'Still there?', buttons: [{ title: 'Yes' }] },
      { type: 'location', latitude: 1, longitude: 2 },
    ]) {
      const res = await send(contact.id, payload);
      expect(res.statusCode).toBe(409);
      expect(res.json()).toMatchObject({ error: 'window_closed' });
    }
    expect(await ctx.db.$count(jobs, sql`${jobs.name} = 'message.send'`)).toBe(jobsBefore);
    expect(await messagesAtMeta(ctx, team, waId)).toEqual([]);
  });
});
