import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appGraphClient, resolveGraphUrl } from '../accounts/graph';
import {
  graphError,
  type ListeningContext,
  listeningSandbox,
  phoneApi,
  runSandboxJobs,
  type SignupResult,
  sandboxSignup,
  solidPng,
} from '../test/sandbox';
import type { GraphClient } from '../whatsapp/graph-client';
import {
  buildDocumentMessage,
  buildImageMessage,
  buildReactionMessage,
  buildTemplateMessage,
  buildTextMessage,
} from '../whatsapp/message-builders';

/**
 * The app's own Graph client (server/whatsapp/graph-client.ts) against the sandbox over real HTTP:
 * every call the app makes, and the error envelopes it must turn into GraphApiError.
 */

let ctx: ListeningContext;
let signup: SignupResult;
let token: string;
let graph: GraphClient;
const CUSTOMER = '16505551234';

/** The customer writes first, which opens the 24-hour window. */
async function customerSays(text: string): Promise<string> {
  const phoneId = signup.data.phone_number_id;
  const res = await phoneApi<{ id: string }>(
    ctx.origin,
    'POST',
    `/phone-numbers/${phoneId}/customers/${CUSTOMER}/messages`,
    {
      type: 'text',
      text,
    },
  );
  expect(res.status).toBe(201);
  return res.body.id;
}

beforeAll(async () => {
  ({ ctx, signup } = await listeningSandbox('Lucky Shrub', { waId: CUSTOMER, name: 'Sheena Nelson' }));
});
afterAll(() => ctx.close());

describe('embedded signup, Meta side', () => {
  it('resolves the Graph URL to this server’s sandbox', () => {
    expect(resolveGraphUrl(ctx.env)).toBe(`${ctx.origin}/sandbox/graph/v22.0`);
  });

  it('exchanges the code once for a business token, then debug_token, WABA and numbers', async () => {
    const app = appGraphClient(ctx.env);
    const exchanged = await app.exchangeCode(signup.code);
    expect(exchanged.accessToken).toMatch(/^EAA/);
    expect(exchanged.expiresIn).toBeGreaterThan(59 * 86_400);
    token = exchanged.accessToken;
    graph = appGraphClient(ctx.env, token);

    const again = await graphError(app.exchangeCode(signup.code));
    expect(again).toMatchObject({ code: 100, subcode: 36009, httpStatus: 400, isRetryable: false });

    const debug = await graph.debugToken(token);
    expect(debug).toMatchObject({ isValid: true, appId: 'sandbox-app', wabaIds: [signup.data.waba_id] });
    expect(debug.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 59 * 86_400_000);

    const numbers = await graph.listPhoneNumbers(signup.data.waba_id);
    expect(numbers).toEqual([
      expect.objectContaining({
        id: signup.data.phone_number_id,
        displayPhoneNumber: signup.phoneNumber.displayPhoneNumber,
        verifiedName: 'Lucky Shrub',
        qualityRating: 'GREEN',
        codeVerificationStatus: 'VERIFIED',
        platformType: 'CLOUD_API',
        throughputLevel: 'STANDARD',
      }),
    ]);
    expect(signup.phoneNumber.displayPhoneNumber).toMatch(/^\+1 555-\d{3}-\d{4}$/);
    expect(await graph.getPhoneNumber(signup.data.phone_number_id)).toMatchObject({ status: 'CONNECTED' });
    expect(await graph.getWaba(signup.data.waba_id)).toMatchObject({
      id: signup.data.waba_id,
      name: 'Lucky Shrub',
      currency: 'USD',
      timezoneId: '1',
    });
    expect(await graph.subscribeApp(signup.data.waba_id)).toEqual({ success: true });
    expect(await graph.registerPhoneNumber(signup.data.phone_number_id, '123456')).toEqual({ success: true });
  });

  it('debug_token with the app token reports an unknown token as invalid, not as an error', async () => {
    const app = appGraphClient(ctx.env);
    expect(await app.debugToken('EAAnot-a-real-token')).toMatchObject({ isValid: false });
  });

  it('turns a token into a new ~60-day one (fb_exchange_token)', async () => {
    const renewed = await appGraphClient(ctx.env).exchangeToken(token);
    expect(renewed.accessToken).not.toBe(token);
    expect(renewed.expiresIn).toBe(5_183_944);
    const debug = await appGraphClient(ctx.env, renewed.accessToken).debugToken(renewed.accessToken);
    expect(debug).toMatchObject({ isValid: true, type: 'USER', wabaIds: [signup.data.waba_id] });
  });

  it('refuses wrong app credentials, an unknown token (190, 401) and another WABA', async () => {
    const wrongApp = await graphError(
      appGraphClient({
        ...ctx.env,
        meta: { ...ctx.env.meta, webhookSecret: 'wrong-secret-0123' },
      }).exchangeCode('x'),
    );
    expect(wrongApp).toMatchObject({ code: 1, httpStatus: 400 });

    const unknown = await graphError(
      appGraphClient(ctx.env, 'EAAbogus-token-value').getPhoneNumber(signup.data.phone_number_id),
    );
    expect(unknown).toMatchObject({ code: 190, httpStatus: 401, type: 'OAuthException', isRetryable: false });
    expect(unknown.fbtraceId).toBeTruthy();

    const other = await sandboxSignup(ctx.origin, 'Other Shop');
    const denied = await graphError(graph.getWaba(other.data.waba_id));
    expect(denied).toMatchObject({ code: 200, httpStatus: 403 });
    const missing = await graphError(graph.getPhoneNumber('999999999999999'));
    expect(missing).toMatchObject({ code: 100, subcode: 33 });
  });
});

describe('messages', () => {
  const phoneId = () => signup.data.phone_number_id;

  it('sends text, a reply and a reaction, and marks a customer message read', async () => {
    const inbound = await customerSays('Does it come in another color?');
    const text = await graph.sendMessage(
      phoneId(),
      buildTextMessage(`+${CUSTOMER}`, 'Yes, in green and blue!'),
    );
    expect(text.externalId).toMatch(/^wamid\.[A-Za-z0-9+/=]+$/);
    expect(text.waId).toBe(CUSTOMER);

    const reply = await graph.sendMessage(
      phoneId(),
      buildTextMessage(CUSTOMER, 'Here is the green one', { replyToExternalId: inbound }),
    );
    const reaction = await graph.sendMessage(
      phoneId(),
      buildReactionMessage(CUSTOMER, { targetExternalId: inbound, emoji: '👍' }),
    );
    expect(await graph.markAsRead(phoneId(), inbound)).toEqual({ success: true });

    const chat = await phoneApi<{
      messages: { id: string; status: string; context: unknown; reactions: unknown[] }[];
    }>(ctx.origin, 'GET', `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`);
    const byId = new Map(chat.body.messages.map((m) => [m.id, m]));
    expect(byId.get(inbound)).toMatchObject({
      status: 'read',
      reactions: [{ emoji: '👍', from: 'business' }],
    });
    expect(byId.get(reply.externalId)).toMatchObject({ context: { id: inbound, from: 'customer' } });
    expect(byId.has(reaction.externalId)).toBe(false); // reactions fold into their target
  });

  it('sends approved templates with their parameters, and refuses unknown ones and wrong counts', async () => {
    const hello = await graph.sendMessage(phoneId(), buildTemplateMessage(CUSTOMER, { name: 'hello_world' }));
    expect(hello.externalId).toMatch(/^wamid\./);
    await graph.sendMessage(
      phoneId(),
      buildTemplateMessage(CUSTOMER, {
        name: 'order_update',
        components: [
          {
            type: 'body',
            parameters: [
              { type: 'text', text: 'Ana' },
              { type: 'text', text: '#1042' },
            ],
          },
        ],
      }),
    );
    const chat = await phoneApi<{ messages: { template: { body: string } | null }[] }>(
      ctx.origin,
      'GET',
      `/phone-numbers/${phoneId()}/customers/${CUSTOMER}/messages`,
    );
    expect(chat.body.messages.at(-1)?.template?.body).toBe(
      'Hi Ana, your order #1042 is on its way. Reply here if you have any questions.',
    );

    const missing = await graphError(
      graph.sendMessage(phoneId(), buildTemplateMessage(CUSTOMER, { name: 'nope' })),
    );
    expect(missing).toMatchObject({ code: 132001, httpStatus: 404 });
    expect(missing.details).toBe('template name (nope) does not exist in en_US');
    const count = await graphError(
      graph.sendMessage(
        phoneId(),
        buildTemplateMessage(CUSTOMER, {
          name: 'order_update',
          components: [{ type: 'body', parameters: [{ type: 'text', text: 'Ana' }] }],
        }),
      ),
    );
    expect(count).toMatchObject({ code: 132000, httpStatus: 400 });
  });

  it('uploads media, sends it by id, and serves it through GET /{id} and the URL with the token', async () => {
    const png = solidPng(4, 4, [37, 211, 102]);
    const { id } = await graph.uploadMedia(phoneId(), {
      data: png,
      filename: 'green.png',
      mimeType: 'image/png',
    });
    expect(id).toMatch(/^\d{15}$/);
    await graph.sendMessage(phoneId(), buildImageMessage(CUSTOMER, { mediaId: id, caption: 'Green' }));

    const info = await graph.getMediaUrl(id, { phoneNumberId: phoneId() });
    expect(info).toMatchObject({ id, mimeType: 'image/png', fileSize: png.length });
    expect(info.url.startsWith(ctx.origin)).toBe(true);
    const file = await graph.downloadMedia(info.url);
    expect(file.contentType).toBe('image/png');
    expect(file.data.equals(png)).toBe(true);
    const anonymous = await fetch(info.url);
    expect(anonymous.status).toBe(401);
    // The URL names where the request arrived, never a Host the caller made up.
    const forged = await ctx.app.inject({
      method: 'GET',
      url: `/sandbox/graph/v22.0/${id}?phone_number_id=${phoneId()}`,
      headers: {
        authorization: `Bearer ${token}`,
        host: 'evil.example',
        'x-forwarded-host': 'attacker.test',
      },
    });
    expect(forged.statusCode).toBe(200);
    expect(forged.json().url).not.toMatch(/evil\.example|attacker\.test/);

    const pdf = await graph.uploadMedia(phoneId(), {
      data: Buffer.from('%PDF-1.4 price list'),
      filename: 'prices.pdf',
      mimeType: 'application/pdf',
    });
    await graph.sendMessage(
      phoneId(),
      buildDocumentMessage(CUSTOMER, { mediaId: pdf.id, filename: 'prices.pdf' }),
    );

    const asImage = await graphError(
      graph.sendMessage(phoneId(), buildImageMessage(CUSTOMER, { mediaId: pdf.id })),
    );
    expect(asImage).toMatchObject({ code: 131053, httpStatus: 400 });
    const unknown = await graphError(
      graph.sendMessage(phoneId(), buildImageMessage(CUSTOMER, { mediaId: '123456789012345' })),
    );
    expect(unknown).toMatchObject({ code: 131053 });
    const gif = await graphError(
      graph.uploadMedia(phoneId(), { data: Buffer.from('GIF89a'), filename: 'a.gif', mimeType: 'image/gif' }),
    );
    expect(gif).toMatchObject({ code: 131053, httpStatus: 400 });
    const huge = await graphError(
      graph.uploadMedia(phoneId(), {
        data: Buffer.alloc(5 * 1024 * 1024 + 1),
        filename: 'big.png',
        mimeType: 'image/png',
      }),
    );
    expect(huge).toMatchObject({ code: 131053 });
  });

  it('closes the 24-hour window when the sandbox clock moves past it (131047), templates still go', async () => {
    await customerSays('One more question');
    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 25 * 3600 });
    const closed = await graphError(graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Late answer')));
    expect(closed).toMatchObject({ code: 131047, httpStatus: 400, isRetryable: false });
    expect(closed.message).toBe('(#131047) Re-engagement message');
    await expect(
      graph.sendMessage(phoneId(), buildTemplateMessage(CUSTOMER, { name: 'hello_world' })),
    ).resolves.toBeTruthy();

    await customerSays('I am back'); // a new customer message reopens the window
    await expect(
      graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Welcome back')),
    ).resolves.toBeTruthy();
    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: -25 * 3600 });
  });

  it('accepts a new recipient but only with a template (no window yet)', async () => {
    const fresh = await graphError(graph.sendMessage(phoneId(), buildTextMessage('+44 7700 900123', 'Hi')));
    expect(fresh.code).toBe(131047);
    const sent = await graph.sendMessage(
      phoneId(),
      buildTemplateMessage('+447700900123', { name: 'hello_world' }),
    );
    expect(sent.waId).toBe('447700900123');
  });
});

describe('templates', () => {
  it('creates templates (PENDING), lists them across pages, and the reviewer decides', async () => {
    await phoneApi(ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
    const ok = await graph.createTemplate(signup.data.waba_id, {
      name: 'shipping_notice',
      category: 'utility',
      language: 'en_US',
      components: [
        { type: 'BODY', text: 'Your parcel {{1}} ships today.', example: { body_text: [['#77']] } },
      ],
    });
    expect(ok).toMatchObject({ status: 'PENDING', category: 'UTILITY' });
    const bad = await graph.createTemplate(signup.data.waba_id, {
      name: 'spam_blast',
      category: 'MARKETING',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Please REJECT me' }],
    });
    const duplicate = await graphError(
      graph.createTemplate(signup.data.waba_id, {
        name: 'shipping_notice',
        category: 'UTILITY',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'Again' }],
      }),
    );
    expect(duplicate).toMatchObject({ code: 100, subcode: 2388024 });
    const noExample = await graphError(
      graph.createTemplate(signup.data.waba_id, {
        name: 'no_example',
        category: 'UTILITY',
        language: 'en_US',
        components: [{ type: 'BODY', text: 'Hi {{1}}' }],
      }),
    );
    expect(noExample.code).toBe(100);

    await runSandboxJobs(ctx);
    const listed = await graph.listTemplates(signup.data.waba_id);
    const status = Object.fromEntries(listed.map((t) => [t.name, t.status]));
    expect(status).toEqual({
      hello_world: 'APPROVED',
      order_update: 'APPROVED',
      shipping_notice: 'APPROVED',
      spam_blast: 'REJECTED',
    });
    expect(listed.find((t) => t.id === bad.id)?.category).toBe('MARKETING');

    // Paging as Meta does it: cursors on every page, `next` only while more follow.
    const url = `${ctx.origin}/sandbox/graph/v22.0/${signup.data.waba_id}/message_templates?limit=3&fields=name,status`;
    const first = await (await fetch(url, { headers: { authorization: `Bearer ${token}` } })).json();
    expect(first.data).toHaveLength(3);
    expect(Object.keys(first.data[0]).sort()).toEqual(['id', 'name', 'status']);
    expect(first.paging.cursors.after).toBeTruthy();
    const second = await (
      await fetch(first.paging.next, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    expect(second.data).toHaveLength(1);
    expect(second.paging.next).toBeUndefined();
  });
});

describe('expiry on the sandbox clock', () => {
  it('codes expire after 10 minutes and tokens after ~60 days (190 / 463)', async () => {
    const fresh = await sandboxSignup(ctx.origin, 'Late Shop');
    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 11 * 60 });
    const late = await graphError(appGraphClient(ctx.env).exchangeCode(fresh.code));
    expect(late).toMatchObject({ code: 100, subcode: 36007 });

    await phoneApi(ctx.origin, 'POST', '/clock/advance', { seconds: 61 * 86_400 });
    const expired = await graphError(graph.getPhoneNumber(signup.data.phone_number_id));
    expect(expired).toMatchObject({ code: 190, subcode: 463, httpStatus: 401, isRetryable: false });
    expect(await appGraphClient(ctx.env).debugToken(token)).toMatchObject({ isValid: false });
    await phoneApi(ctx.origin, 'PUT', '/settings', { clockOffsetSeconds: 0 });
    await expect(graph.getPhoneNumber(signup.data.phone_number_id)).resolves.toBeTruthy();
  });
});
