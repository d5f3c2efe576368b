import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { graphForAccount } from '../accounts/graph';
import { contacts, media, messageStatusEvents, messages, whatsappAccounts } from '../db/schema';
import { signUpUser } from '../test/factories';
import {
  type ListeningContext,
  listeningSandbox,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
  solidPng,
} from '../test/sandbox';
import { buildTextMessage } from '../whatsapp/message-builders';

/**
 * The whole loop with nothing mocked: the app connects a sandbox number through its own connect
 * endpoint (code → token → debug_token → WABA → numbers over HTTP), a customer writes from the phone
 * API, the signed webhook lands in the app's database, and the app's sends come back as statuses.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let accountId: string;
const CUSTOMER = '16505550199';

/** Delivers everything the sandbox queued, lets the app apply it, then runs the app's own jobs. */
async function settle(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await runSandboxJobs(ctx);
    await ctx.webhooks.drain();
    await ctx.runner.drain();
  }
}

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Maya Patel' }));
  const owner = await signUpUser(ctx.app);
  const connected = await ctx.app.inject({
    method: 'POST',
    url: '/api/whatsapp/connect/embedded',
    headers: { cookie: owner.cookie },
    payload: {
      code: signup.code,
      wabaId: signup.data.waba_id,
      phoneNumberId: signup.data.phone_number_id,
      businessId: signup.data.business_id,
    },
  });
  expect(connected.statusCode, connected.body).toBe(201);
  accountId = connected.json().accountId;
});
afterAll(() => ctx.close());

const chat = () => `/phone-numbers/${signup.data.phone_number_id}/customers/${CUSTOMER}`;

describe('sandbox ↔ app', () => {
  it('connects the sandbox number with the business name and phone number', async () => {
    const [account] = await ctx.db.select().from(whatsappAccounts).where(eq(whatsappAccounts.id, accountId));
    expect(account).toMatchObject({
      wabaId: signup.data.waba_id,
      phoneNumberId: signup.data.phone_number_id,
      displayPhoneNumber: signup.phoneNumber.displayPhoneNumber,
      businessName: 'Lucky Shrub',
    });
    expect(account!.tokenExpiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);
  });

  it('a customer text sent from the phone lands as a message row in the app', async () => {
    const sent = await phoneApi<{ id: string }>(ctx.origin, 'POST', `${chat()}/messages`, {
      type: 'text',
      text: 'Hi! Is the monstera still available?',
    });
    expect(sent.status).toBe(201);
    await settle();

    const [row] = await ctx.db
      .select()
      .from(messages)
      .where(and(eq(messages.accountId, accountId), eq(messages.externalId, sent.body.id)));
    expect(row).toMatchObject({
      direction: 'incoming',
      type: 'text',
      body: 'Hi! Is the monstera still available?',
    });
    const [contact] = await ctx.db.select().from(contacts).where(eq(contacts.id, row!.contactId));
    expect(contact).toMatchObject({ waId: CUSTOMER, profileName: 'Maya Patel' });
  });

  it('a customer photo is downloaded by the app through GET /{media-id} and the signed URL', async () => {
    const png = solidPng(3, 3, [18, 140, 126]);
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'plant.png');
    form.set('caption', 'This one');
    const res = await fetch(`${ctx.origin}/sandbox/api${chat()}/media`, { method: 'POST', body: form });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    await settle();

    const [row] = await ctx.db.select().from(messages).where(eq(messages.externalId, id));
    expect(row).toMatchObject({ type: 'image', body: 'This one' });
    const [file] = await ctx.db.select().from(media).where(eq(media.id, row!.mediaId!));
    expect(file).toMatchObject({ status: 'ready', mimeType: 'image/png', fileSize: png.length });
  });

  it('the app’s sends come back as sent, delivered and (once the customer reads) read statuses', async () => {
    const graph = await graphForAccount(ctx.db, ctx.env, accountId);
    const sent = await graph!.client.sendMessage(
      signup.data.phone_number_id,
      buildTextMessage(CUSTOMER, 'Yes! Want me to hold one for you?'),
    );
    await settle();
    await phoneApi(ctx.origin, 'POST', `${chat()}/read`);
    await settle();
    const seen = await ctx.db
      .select({ status: messageStatusEvents.status })
      .from(messageStatusEvents)
      .where(eq(messageStatusEvents.externalId, sent.externalId));
    expect(seen.map((s) => s.status).sort()).toEqual(['delivered', 'read', 'sent']);
  });

  it('the manual path: a system-user token from the sandbox connects a second user', async () => {
    const other = await sandboxSignup(ctx.origin, 'Second Shop');
    const token = await phoneApi<{ accessToken: string }>(
      ctx.origin,
      'POST',
      `/phone-numbers/${other.data.phone_number_id}/token`,
    );
    expect(token.status).toBe(201);
    const user = await signUpUser(ctx.app);
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/whatsapp/connect/manual',
      headers: { cookie: user.cookie },
      payload: {
        wabaId: other.data.waba_id,
        phoneNumberId: other.data.phone_number_id,
        accessToken: token.body.accessToken,
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
