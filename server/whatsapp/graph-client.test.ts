import { describe, expect, it } from 'vitest';
import {
  APP_ID,
  APP_SECRET,
  caught,
  client,
  graph,
  jsonBody,
  only,
  PHONE,
  type Recorded,
  reply,
  serveFakeGraph,
  TOKEN,
  WABA,
  WAMID,
} from './graph-client-fixture';
import { GraphConfigError, GraphResponseError } from './graph-errors';
import {
  buildAudioMessage,
  buildDocumentMessage,
  buildImageMessage,
  buildReactionMessage,
  buildStickerMessage,
  buildTemplateMessage,
  buildTextMessage,
  buildVideoMessage,
} from './message-builders';

serveFakeGraph();

describe('tokens and onboarding', () => {
  it('exchanges a short-lived token for a 60-day one with the exact query Meta expects', async () => {
    reply([200, { access_token: 'EAAGlongLived9876543210', token_type: 'bearer', expires_in: 5_183_944 }]);
    const result = await client({ accessToken: undefined }).exchangeToken('EAAGshortLived0000000');
    expect(result).toEqual({
      accessToken: 'EAAGlongLived9876543210',
      tokenType: 'bearer',
      expiresIn: 5_183_944,
    });
    const request = only();
    expect(request.method).toBe('GET');
    expect(request.path).toBe('/v22.0/oauth/access_token');
    expect(request.query).toEqual({
      grant_type: 'fb_exchange_token',
      client_id: APP_ID,
      client_secret: APP_SECRET,
      set_token_expires_in_60_days: 'true',
      fb_exchange_token: 'EAAGshortLived0000000',
    });
    expect(request.headers.authorization).toBeUndefined();
  });

  it('assumes 60 days when Meta does not say, and fails clearly without a token in the answer', async () => {
    reply([200, { access_token: 'EAAGlongLived9876543210' }], [200, { token_type: 'bearer' }]);
    expect((await client().exchangeToken('EAAGshort1111111')).expiresIn).toBe(60 * 24 * 60 * 60);
    const error = await caught(client().exchangeToken('EAAGshort1111111'));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('No access token in response');
  });

  it('exchanges an embedded-signup code with a form-encoded POST', async () => {
    reply([200, { access_token: 'EAAGbusinessToken1234567', token_type: 'bearer' }]);
    const result = await client({ accessToken: undefined }).exchangeCode('AQD-code-xyz');
    expect(result).toEqual({ accessToken: 'EAAGbusinessToken1234567', tokenType: 'bearer', expiresIn: null });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v22.0/oauth/access_token');
    expect(request.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(Object.fromEntries(new URLSearchParams(request.body.toString()))).toEqual({
      client_id: APP_ID,
      client_secret: APP_SECRET,
      code: 'AQD-code-xyz',
    });
    expect(request.query).toEqual({});
  });

  it('refuses token calls without app credentials', async () => {
    const error = await caught(client({ appSecret: undefined }).exchangeCode('AQD-code'));
    expect(error).toBeInstanceOf(GraphConfigError);
    expect(graph.requests).toHaveLength(0);
  });

  it('debugs a token and reads its WABA ids and expiry', async () => {
    reply([
      200,
      {
        data: {
          app_id: APP_ID,
          application: 'Switchboard',
          type: 'SYSTEM_USER',
          is_valid: true,
          expires_at: 0,
          data_access_expires_at: 1_760_000_000,
          scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
          granular_scopes: [
            { scope: 'whatsapp_business_management', target_ids: [WABA, '100000000000001'] },
            { scope: 'whatsapp_business_messaging', target_ids: [WABA] },
          ],
          user_id: '10222270944537964',
        },
      },
    ]);
    const info = await client().debugToken('EAAGinputToken123456');
    expect(info).toEqual({
      isValid: true,
      appId: APP_ID,
      application: 'Switchboard',
      type: 'SYSTEM_USER',
      userId: '10222270944537964',
      expiresAt: null,
      dataAccessExpiresAt: new Date(1_760_000_000_000),
      scopes: ['whatsapp_business_management', 'whatsapp_business_messaging'],
      granularScopes: [
        { scope: 'whatsapp_business_management', targetIds: [WABA, '100000000000001'] },
        { scope: 'whatsapp_business_messaging', targetIds: [WABA] },
      ],
      wabaIds: [WABA, '100000000000001'],
    });
    const request = only();
    expect(request.path).toBe('/v22.0/debug_token');
    expect(request.query).toEqual({ input_token: 'EAAGinputToken123456' });
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('uses the app token for debug_token when it has no account token', async () => {
    reply([200, { data: { is_valid: false, expires_at: 1_700_000_000 } }]);
    const info = await client({ accessToken: undefined }).debugToken('EAAGinputToken123456');
    expect(info).toMatchObject({ isValid: false, expiresAt: new Date(1_700_000_000_000), wabaIds: [] });
    expect(only().headers.authorization).toBe(`Bearer ${APP_ID}|${APP_SECRET}`);
  });

  it('reads a phone number, a WABA, and subscribes the app', async () => {
    reply(
      [
        200,
        {
          verified_name: 'Linen & Co',
          code_verification_status: 'VERIFIED',
          display_phone_number: '+1 555-010-1234',
          quality_rating: 'GREEN',
          platform_type: 'CLOUD_API',
          throughput: { level: 'STANDARD' },
          id: PHONE,
        },
      ],
      [
        200,
        {
          id: WABA,
          name: 'Linen & Co',
          currency: 'USD',
          timezone_id: '1',
          message_template_namespace: 'ab12cd34_ef56',
        },
      ],
      [200, { success: true }],
    );
    const api = client();
    expect(await api.getPhoneNumber(PHONE)).toEqual({
      id: PHONE,
      displayPhoneNumber: '+1 555-010-1234',
      verifiedName: 'Linen & Co',
      qualityRating: 'GREEN',
      codeVerificationStatus: 'VERIFIED',
      status: null,
      platformType: 'CLOUD_API',
      messagingLimitTier: null,
      throughputLevel: 'STANDARD',
    });
    expect(await api.getWaba(WABA)).toEqual({
      id: WABA,
      name: 'Linen & Co',
      currency: 'USD',
      timezoneId: '1',
      messageTemplateNamespace: 'ab12cd34_ef56',
    });
    expect(await api.subscribeApp(WABA)).toEqual({ success: true });

    const [phone, waba, subscribe] = graph.requests;
    expect(phone).toMatchObject({ method: 'GET', path: `/v22.0/${PHONE}` });
    expect(phone?.query.fields?.split(',')).toEqual(
      expect.arrayContaining(['id', 'display_phone_number', 'verified_name', 'quality_rating']),
    );
    expect(phone?.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(waba).toMatchObject({
      method: 'GET',
      path: `/v22.0/${WABA}`,
      query: { fields: 'id,name,currency,timezone_id,message_template_namespace' },
    });
    expect(subscribe).toMatchObject({ method: 'POST', path: `/v22.0/${WABA}/subscribed_apps`, query: {} });
    expect(subscribe?.body.length).toBe(0);
  });

  it('lists phone numbers across pages', async () => {
    reply(
      [
        200,
        {
          data: [{ id: '1', display_phone_number: '+1 555-000-0001' }],
          paging: {
            cursors: { before: 'B1', after: 'A1' },
            next: `${graph.baseUrl}/${WABA}/phone_numbers?after=A1`,
          },
        },
      ],
      [
        200,
        {
          data: [{ id: '2', display_phone_number: '+1 555-000-0002' }],
          paging: { cursors: { before: 'B2', after: 'A2' } },
        },
      ],
    );
    const numbers = await client().listPhoneNumbers(WABA);
    expect(numbers.map((n) => n.id)).toEqual(['1', '2']);
    expect(graph.requests.map((r) => [r.path, r.query.after])).toEqual([
      [`/v22.0/${WABA}/phone_numbers`, undefined],
      [`/v22.0/${WABA}/phone_numbers`, 'A1'],
    ]);
  });
});

describe('sending', () => {
  it('sends a text with the exact body Meta expects and strips the leading +', async () => {
    reply([
      200,
      {
        messaging_product: 'whatsapp',
        contacts: [{ input: '16505550142', wa_id: '16505550142' }],
        messages: [{ id: WAMID }],
      },
    ]);
    const result = await client().sendMessage(PHONE, buildTextMessage('+16505550142', 'Hello there'));
    expect(result).toEqual({ externalId: WAMID, waId: '16505550142', messageStatus: null });
    const request = only();
    expect(request.method).toBe('POST');
    expect(request.path).toBe(`/v22.0/${PHONE}/messages`);
    expect(request.headers.authorization).toBe(`Bearer ${TOKEN}`);
    expect(request.headers['content-type']).toBe('application/json');
    expect(jsonBody(request)).toEqual({
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      to: '16505550142',
      type: 'text',
      text: { preview_url: false, body: 'Hello there' },
    });
  });

  it('strips the + even from a hand-built body', async () => {
    reply([200, { messages: [{ id: WAMID }] }]);
    const body = buildTextMessage('16505550142', 'x');
    await client().sendMessage(PHONE, { ...body, to: '+16505550142' });
    expect(jsonBody(only())).toMatchObject({ to: '16505550142' });
  });

  it('builds every message type the inbox sends', () => {
    const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '16505550142' };
    expect(
      buildTemplateMessage('+16505550142', {
        name: 'order_shipped',
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maya' }] }],
      }),
    ).toEqual({
      ...envelope,
      type: 'template',
      template: {
        name: 'order_shipped',
        language: { code: 'en_US' },
        components: [{ type: 'body', parameters: [{ type: 'text', text: 'Maya' }] }],
      },
    });
    expect(buildTemplateMessage('16505550142', { name: 'hello_world', languageCode: 'pt_BR' })).toEqual({
      ...envelope,
      type: 'template',
      template: { name: 'hello_world', language: { code: 'pt_BR' } },
    });
    expect(buildImageMessage('+16505550142', { mediaId: '111', caption: 'Look' })).toEqual({
      ...envelope,
      type: 'image',
      image: { id: '111', caption: 'Look' },
    });
    expect(buildImageMessage('16505550142', { mediaId: '111' })).toEqual({
      ...envelope,
      type: 'image',
      image: { id: '111' },
    });
    expect(buildVideoMessage('16505550142', { mediaId: '222', caption: 'Clip' })).toEqual({
      ...envelope,
      type: 'video',
      video: { id: '222', caption: 'Clip' },
    });
    expect(
      buildDocumentMessage('16505550142', { mediaId: '333', filename: 'invoice.pdf', caption: 'Invoice' }),
    ).toEqual({
      ...envelope,
      type: 'document',
      document: { id: '333', filename: 'invoice.pdf', caption: 'Invoice' },
    });
    expect(buildAudioMessage('16505550142', { mediaId: '444' })).toEqual({
      ...envelope,
      type: 'audio',
      audio: { id: '444' },
    });
    expect(buildAudioMessage('16505550142', { mediaId: '444', voice: true })).toEqual({
      ...envelope,
      type: 'audio',
      audio: { id: '444', voice: true },
    });
    expect(buildStickerMessage('16505550142', { mediaId: '555' })).toEqual({
      ...envelope,
      type: 'sticker',
      sticker: { id: '555' },
    });
    expect(buildReactionMessage('16505550142', { targetExternalId: WAMID, emoji: '👍' })).toEqual({
      ...envelope,
      type: 'reaction',
      reaction: { message_id: WAMID, emoji: '👍' },
    });
    expect(buildReactionMessage('16505550142', { targetExternalId: WAMID, emoji: '' })).toMatchObject({
      reaction: { message_id: WAMID, emoji: '' },
    });
    expect(
      buildTextMessage('16505550142', 'Sure!', { replyToExternalId: WAMID, bizOpaqueCallbackData: 'msg-42' }),
    ).toEqual({
      ...envelope,
      context: { message_id: WAMID },
      biz_opaque_callback_data: 'msg-42',
      type: 'text',
      text: { preview_url: false, body: 'Sure!' },
    });
    expect(buildImageMessage('16505550142', { mediaId: '1' }, { replyToExternalId: WAMID })).toMatchObject({
      context: { message_id: WAMID },
    });
  });

  it('fails with the spec text when Meta answers without a message id', async () => {
    reply([200, { messaging_product: 'whatsapp', messages: [] }]);
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('Failed to send message: No message ID received');
    expect((error as GraphResponseError).isRetryable).toBe(false);
  });

  it('marks a message read', async () => {
    reply([200, { success: true }]);
    expect(await client().markAsRead(PHONE, WAMID)).toEqual({ success: true });
    expect(jsonBody(only())).toEqual({ messaging_product: 'whatsapp', status: 'read', message_id: WAMID });
    reply([200, { success: true }]);
    await client().markAsRead(PHONE, WAMID, { showTyping: true });
    expect(jsonBody(graph.requests[1] as Recorded)).toEqual({
      messaging_product: 'whatsapp',
      status: 'read',
      message_id: WAMID,
      typing_indicator: { type: 'text' },
    });
  });

  it('refuses to send without an access token, with the spec text', async () => {
    const error = await caught(
      client({ accessToken: undefined }).sendMessage(PHONE, buildTextMessage('1', 'x')),
    );
    expect(error).toBeInstanceOf(GraphConfigError);
    expect(error.message).toBe('WhatsApp access token not found. Please reconnect your WhatsApp account.');
    expect(graph.requests).toHaveLength(0);
  });

  it('encodes ids as single path segments', async () => {
    reply([200, { messages: [{ id: WAMID }] }]);
    await client().sendMessage('../evil', buildTextMessage('1', 'x'));
    expect(only().path).toBe('/v22.0/..%2Fevil/messages');
  });
});
