import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contacts, messages } from '../db/schema';
import { signUpUser } from '../test/factories';
import {
  type ListeningContext,
  listeningSandbox,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
} from '../test/sandbox';

/**
 * A business sends reply buttons and a list; on the sandbox phone the customer taps a button and
 * picks a row. Each tap reaches the app as Meta's `interactive` webhook (button_reply / list_reply
 * with id and title, `context.id` = the tapped message's wamid) and is stored in the inbox quoting
 * the message it answers.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let accountId: string;
let token: string;
const CUSTOMER = '16505552020';
const phoneId = () => signup.data.phone_number_id;
const chat = () => `/phone-numbers/${phoneId()}/customers/${CUSTOMER}`;

async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();
    await ctx.runner.drain();
  }
}

async function businessSends(message: Record<string, unknown>): Promise<string> {
  const response = await fetch(`${ctx.origin}/sandbox/graph/v22.0/${phoneId()}/messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ messaging_product: 'whatsapp', to: CUSTOMER, ...message }),
  });
  const body = (await response.json()) as { messages?: { id: string }[] };
  expect(response.status, JSON.stringify(body)).toBe(200);
  return body.messages![0]!.id;
}

const tap = (messageId: string, optionId: string) =>
  phoneApi<{ id: string; message?: string }>(ctx.origin, 'POST', `${chat()}/messages`, {
    type: 'interactive_reply',
    messageId,
    optionId,
  });

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Priya Raman' }));
  const owner = await signUpUser(ctx.app);
  const connected = await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/connect/embedded',
    headers: { cookie: owner.cookie },
    payload: {
      code: signup.code,
      wabaId: signup.data.waba_id,
      phoneNumberId: phoneId(),
      businessId: signup.data.business_id,
    },
  });
  expect(connected.statusCode, connected.body).toBe(201);
  accountId = connected.json().accountId;
  const issued = await phoneApi<{ accessToken: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId()}/token`,
  );
  token = issued.body.accessToken;
  await phoneApi(ctx.origin, 'POST', `${chat()}/messages`, { type: 'text', text: 'What do you have?' });
  await settle();
});
afterAll(() => ctx.close());

async function appMessage(externalId: string) {
  const [row] = await ctx.db
    .select()
    .from(messages)
    .where(and(eq(messages.accountId, accountId), eq(messages.externalId, externalId)));
  return row;
}

describe('taps on the sandbox phone', () => {
  it('a reply-button tap and a list pick reach the inbox as replies quoting the right messages', async () => {
    const question = await businessSends({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Shall we deliver tomorrow?' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: 'deliver-yes', title: 'Yes' } },
            { type: 'reply', reply: { id: 'deliver-no', title: 'Pick another day' } },
          ],
        },
      },
    });
    const menu = await businessSends({
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Which plant?' },
        action: {
          button: 'Plants',
          sections: [
            { title: 'Big', rows: [{ id: 'monstera', title: 'Monstera', description: 'Big leaves' }] },
            { title: 'Small', rows: [{ id: 'pilea', title: 'Pilea' }] },
          ],
        },
      },
    });
    await settle();

    const button = await tap(question, 'deliver-no');
    const row = await tap(menu, 'monstera');
    expect(button.status).toBe(201);
    expect(row.status).toBe(201);
    await settle();

    const buttonReply = await appMessage(button.body.id);
    expect(buttonReply).toMatchObject({
      direction: 'incoming',
      type: 'interactive',
      body: 'Pick another day',
      replyToExternalId: question,
    });
    expect(buttonReply!.content).toMatchObject({
      reply: { type: 'button_reply', id: 'deliver-no', title: 'Pick another day' },
    });
    const listReply = await appMessage(row.body.id);
    expect(listReply).toMatchObject({ type: 'interactive', body: 'Monstera', replyToExternalId: menu });
    expect(listReply!.content).toMatchObject({
      reply: { type: 'list_reply', id: 'monstera', title: 'Monstera', description: 'Big leaves' },
    });
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, listReply!.contactId));
    expect(contact?.waId).toBe(CUSTOMER);

    // The phone shows the taps as the customer's replies quoting the business messages.
    const shown = await phoneApi<{
      messages: { id: string; text: string; context: { id: string } | null }[];
    }>(ctx.origin, 'GET', `${chat()}/messages`);
    expect(shown.body.messages.find((m) => m.id === button.body.id)).toMatchObject({
      text: 'Pick another day',
      context: { id: question },
    });
  });

  it('refuses a tap on an option the message does not have, or on a message without buttons', async () => {
    const question = await businessSends({
      type: 'interactive',
      interactive: {
        type: 'button',
        body: { text: 'Ready?' },
        action: { buttons: [{ type: 'reply', reply: { id: 'ready', title: 'Ready' } }] },
      },
    });
    const plain = await businessSends({ type: 'text', text: { body: 'Just text' } });
    expect((await tap(question, 'nope')).status).toBe(400);
    expect((await tap(plain, 'ready')).status).toBe(404);
  });
});
