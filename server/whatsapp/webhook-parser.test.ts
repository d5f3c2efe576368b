import { describe, expect, it } from 'vitest';
import { FIXTURE_ACCOUNTS, type WebhookFixtureName, webhookFixtureNames, webhookFixtures } from './fixtures';
import type {
  AccountErrorEvent,
  InboundMessageEvent,
  MessageStatusEvent,
  TemplateStatusEvent,
  WebhookEvent,
} from './types';
import { isStatusForward, parseWebhook, statusRank } from './webhook-parser';

const NOW = new Date('2030-01-01T00:00:00Z');
const at = (offset: number) => new Date((1_750_000_000 + offset) * 1000);

function eventsOf(name: WebhookFixtureName): WebhookEvent[] {
  return parseWebhook(webhookFixtures[name], { now: NOW }).events;
}

function onlyMessage(name: WebhookFixtureName): InboundMessageEvent {
  const events = eventsOf(name);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== 'message.inbound') throw new Error(`${name}: expected one inbound message`);
  return event;
}

function onlyStatus(name: WebhookFixtureName): MessageStatusEvent {
  const events = eventsOf(name);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== 'message.status') throw new Error(`${name}: expected one status`);
  return event;
}

// What a person notices in the inbox for each single-message fixture.
const inboundTable: [WebhookFixtureName, { type: string; preview: string; text: string; offset: number }][] =
  [
    [
      'text',
      {
        type: 'text',
        preview: 'Hi! Do you have the linen shirt in blue?',
        text: 'Hi! Do you have the linen shirt in blue?',
        offset: 0,
      },
    ],
    [
      'text-referred-product',
      {
        type: 'text',
        preview: 'Is this still available in size M?',
        text: 'Is this still available in size M?',
        offset: 10,
      },
    ],
    [
      'text-empty-profile-name',
      {
        type: 'text',
        preview: 'Hallo, ich hätte eine Frage 🙂',
        text: 'Hallo, ich hätte eine Frage 🙂',
        offset: 20,
      },
    ],
    ['image', { type: 'image', preview: '📷 Foto do defeito 📸', text: 'Foto do defeito 📸', offset: 30 }],
    ['video', { type: 'video', preview: '🎥 Unboxing', text: 'Unboxing', offset: 40 }],
    ['document', { type: 'document', preview: '📄 receipt-0042.pdf', text: 'My receipt', offset: 50 }],
    ['audio', { type: 'audio', preview: '🎵 Audio', text: '', offset: 60 }],
    ['voice', { type: 'audio', preview: '🎤 Voice message', text: '', offset: 70 }],
    ['sticker', { type: 'sticker', preview: '🖼️ Sticker', text: '', offset: 80 }],
    ['sticker-animated', { type: 'sticker', preview: '🖼️ Animated sticker', text: '', offset: 90 }],
    ['location-bare', { type: 'location', preview: '📍 Location', text: '', offset: 100 }],
    ['location-named', { type: 'location', preview: '📍 Blue Bottle Coffee', text: '', offset: 110 }],
    ['contacts', { type: 'contacts', preview: '👤 Contact: Ana Beatriz Costa', text: '', offset: 120 }],
    ['interactive-button-reply', { type: 'interactive', preview: 'Confirm', text: 'Confirm', offset: 130 }],
    [
      'interactive-list-reply',
      { type: 'interactive', preview: 'Tuesday 10:00', text: 'Tuesday 10:00', offset: 140 },
    ],
    ['interactive-nfm-reply', { type: 'interactive', preview: 'Sent', text: 'Sent', offset: 150 }],
    ['button', { type: 'button', preview: 'Parar promoções', text: 'Parar promoções', offset: 160 }],
    ['reaction', { type: 'reaction', preview: 'Reacted ❤️', text: '❤️', offset: 170 }],
    ['reaction-removed-empty', { type: 'reaction', preview: 'Removed a reaction', text: '', offset: 175 }],
    ['reaction-removed-absent', { type: 'reaction', preview: 'Removed a reaction', text: '', offset: 180 }],
    ['order', { type: 'order', preview: '🛒 Order: 3 items', text: 'Please gift-wrap the mug', offset: 190 }],
    [
      'system-user-changed-number',
      {
        type: 'system',
        preview: 'User Maya Patel changed from 16505550142 to 16505550199',
        text: 'User Maya Patel changed from 16505550142 to 16505550199',
        offset: 200,
      },
    ],
    [
      'system-customer-identity-changed',
      {
        type: 'system',
        preview: "João Silva's security code changed",
        text: "João Silva's security code changed",
        offset: 210,
      },
    ],
    [
      'system-user-changed-user-id',
      {
        type: 'system',
        preview: 'User changed their user ID',
        text: 'User changed their user ID',
        offset: 220,
      },
    ],
    ['unsupported', { type: 'unsupported', preview: 'Unsupported message (edit)', text: '', offset: 230 }],
    ['unknown', { type: 'unknown', preview: 'Unsupported message', text: '', offset: 240 }],
    [
      'reply-context',
      {
        type: 'text',
        preview: 'Yes, Thursday works for me',
        text: 'Yes, Thursday works for me',
        offset: 250,
      },
    ],
    ['forwarded', { type: 'text', preview: 'Olha essa promoção!', text: 'Olha essa promoção!', offset: 260 }],
    ['frequently-forwarded', { type: 'image', preview: '📷 Photo', text: '', offset: 270 }],
    [
      'referral',
      {
        type: 'text',
        preview: 'Hi, I saw your ad about the summer sale',
        text: 'Hi, I saw your ad about the summer sale',
        offset: 280,
      },
    ],
    ['referral-video', { type: 'text', preview: 'Quero saber mais', text: 'Quero saber mais', offset: 290 }],
  ];

const statusTable: [WebhookFixtureName, { status: string; offset: number; errorCodes: number[] }][] = [
  ['status-sent', { status: 'sent', offset: 300, errorCodes: [] }],
  ['status-delivered', { status: 'delivered', offset: 302, errorCodes: [] }],
  ['status-read', { status: 'read', offset: 320, errorCodes: [] }],
  ['status-failed', { status: 'failed', offset: 330, errorCodes: [131047] }],
  ['status-played', { status: 'played', offset: 340, errorCodes: [] }],
];

const otherFixtures: WebhookFixtureName[] = [
  'value-errors',
  'errors-interactive',
  'template-status-approved',
  'template-status-rejected',
  'batch',
  'unknown-field',
];

describe('parseWebhook on every fixture', () => {
  it('has an expectation for every fixture in the catalogue', () => {
    const covered = [...inboundTable.map(([n]) => n), ...statusTable.map(([n]) => n), ...otherFixtures];
    expect([...covered].sort()).toEqual([...webhookFixtureNames].sort());
  });

  it.each(inboundTable)('reads %s as the inbox would show it', (name, expected) => {
    const event = onlyMessage(name);
    expect(event.type).toBe(expected.type);
    expect(event.preview).toBe(expected.preview);
    expect(event.text).toBe(expected.text);
    expect(event.timestamp).toEqual(at(expected.offset));
    expect(event.externalId).toMatch(/^wamid\./);
    expect(event.wabaId).toBe(FIXTURE_ACCOUNTS.primary.wabaId);
    expect(event.phoneNumberId).toBe(FIXTURE_ACCOUNTS.primary.phoneNumberId);
    expect(event.displayPhoneNumber).toBe(FIXTURE_ACCOUNTS.primary.displayPhoneNumber);
    expect(event.preview.length).toBeGreaterThan(0);
  });

  it.each(statusTable)('reads %s', (name, expected) => {
    const event = onlyStatus(name);
    expect(event.status).toBe(expected.status);
    expect(event.timestamp).toEqual(at(expected.offset));
    expect(event.errors.map((e) => e.code)).toEqual(expected.errorCodes);
    expect(event.recipientId).toBe('16505550142');
    expect(event.dedupeKey).toBe(`${event.externalId}:${expected.status}`);
    expect(event.phoneNumberId).toBe(FIXTURE_ACCOUNTS.primary.phoneNumberId);
  });

  it('ignores nothing in any fixture except the fields it does not handle', () => {
    for (const name of webhookFixtureNames) {
      const { ignored } = parseWebhook(webhookFixtures[name], { now: NOW });
      const expected =
        name === 'unknown-field'
          ? ['phone_number_quality_update']
          : name === 'batch'
            ? ['account_update']
            : [];
      expect(
        ignored.map((i) => i.field),
        name,
      ).toEqual(expected);
    }
  });
});

describe('inbound message details', () => {
  it('keeps the contact profile, and an empty profile name stays empty for the UI to show as Unknown', () => {
    expect(onlyMessage('text').contact).toEqual({
      waId: '16505550142',
      profileName: 'Maya Patel',
      userId: null,
      parentUserId: null,
      identityKeyHash: null,
    });
    const anonymous = onlyMessage('text-empty-profile-name');
    expect(anonymous.from).toBe('4915123456789');
    expect(anonymous.contact).toMatchObject({
      waId: '4915123456789',
      profileName: '',
      userId: 'DE.2749103847561029384',
    });
  });

  it('reads media ids, mime types, hashes, captions and file names', () => {
    const image = onlyMessage('image').content;
    expect(image).toEqual({
      kind: 'image',
      media: {
        id: '2093847561029384',
        mimeType: 'image/jpeg',
        sha256: 'q3Vh2m0v1Jt0rM3d9nKQpS1uV8xY2zA4bC6dE8fG0hI=',
        caption: 'Foto do defeito 📸',
        filename: null,
        url: null,
      },
    });
    expect(onlyMessage('document').content).toMatchObject({
      kind: 'document',
      media: {
        id: '2093847561029386',
        filename: 'receipt-0042.pdf',
        caption: 'My receipt',
        mimeType: 'application/pdf',
      },
    });
    expect(onlyMessage('voice').content).toMatchObject({
      kind: 'audio',
      isVoice: true,
      media: { mimeType: 'audio/ogg; codecs=opus' },
    });
    expect(onlyMessage('audio').content).toMatchObject({ kind: 'audio', isVoice: false });
    expect(onlyMessage('sticker-animated').content).toMatchObject({ kind: 'sticker', isAnimated: true });
    expect(onlyMessage('sticker').content).toMatchObject({ kind: 'sticker', isAnimated: false });
  });

  it('reads a location with and without a name', () => {
    expect(onlyMessage('location-bare').content).toEqual({
      kind: 'location',
      latitude: 51.5072178,
      longitude: -0.1275862,
      name: null,
      address: null,
      url: null,
    });
    expect(onlyMessage('location-named').content).toEqual({
      kind: 'location',
      latitude: 37.7749295,
      longitude: -122.4194155,
      name: 'Blue Bottle Coffee',
      address: '66 Mint St, San Francisco, CA 94103',
      url: 'https://bluebottlecoffee.com/',
    });
  });

  it('reads a contact card completely', () => {
    const content = onlyMessage('contacts').content;
    if (content.kind !== 'contacts') throw new Error('not contacts');
    expect(content.cards).toEqual([
      {
        formattedName: 'Ana Beatriz Costa',
        firstName: 'Ana',
        lastName: 'Costa',
        phones: [
          { phone: '+55 11 91234-5678', waId: '5511912345678', type: 'CELL' },
          { phone: '+55 11 3456-7890', waId: null, type: 'WORK' },
        ],
        emails: [{ email: 'ana.costa@example.com.br', type: 'WORK' }],
        org: { company: 'Padaria Estrela', department: 'Compras', title: 'Gerente' },
        urls: [{ url: 'https://padariaestrela.example.com.br', type: 'WORK' }],
        addresses: [
          {
            street: 'Rua Augusta, 1500',
            city: 'São Paulo',
            state: 'SP',
            zip: '01304-001',
            country: 'Brasil',
            countryCode: 'br',
            type: 'WORK',
          },
        ],
        birthday: '1988-04-12',
      },
    ]);
  });

  it('reads interactive replies with their ids, and parses a Flow response safely', () => {
    expect(onlyMessage('interactive-button-reply').content).toEqual({
      kind: 'interactive',
      reply: { type: 'button_reply', id: 'confirm-booking', title: 'Confirm' },
    });
    expect(onlyMessage('interactive-list-reply').content).toEqual({
      kind: 'interactive',
      reply: {
        type: 'list_reply',
        id: 'slot-tue-10',
        title: 'Tuesday 10:00',
        description: 'Downtown studio, 45 min',
      },
    });
    const nfm = onlyMessage('interactive-nfm-reply');
    expect(nfm.content).toMatchObject({
      kind: 'interactive',
      reply: {
        type: 'nfm_reply',
        name: 'flow',
        body: 'Sent',
        responseJson: { flow_token: 'flow-token-7f3a9c', size: 'M', color: 'blue', newsletter: true },
      },
    });
    expect(nfm.context?.replyToExternalId).toMatch(/^wamid\./);

    const broken = structuredClone(webhookFixtures['interactive-nfm-reply']) as {
      entry: {
        changes: { value: { messages: { interactive: { nfm_reply: { response_json: string } } }[] } }[];
      }[];
    };
    const message = broken.entry[0]?.changes[0]?.value.messages[0];
    if (!message) throw new Error('fixture shape changed');
    message.interactive.nfm_reply.response_json = '{not json';
    const [event] = parseWebhook(broken).events;
    expect(event).toMatchObject({
      kind: 'message.inbound',
      content: { reply: { type: 'nfm_reply', responseJson: null, responseJsonRaw: '{not json' } },
    });
  });

  it('reads a template quick-reply button with the business message it answers', () => {
    const event = onlyMessage('button');
    expect(event.content).toEqual({ kind: 'button', payload: 'STOP_PROMOS', text: 'Parar promoções' });
    expect(event.context).toMatchObject({
      from: '15550101234',
      replyToExternalId: expect.stringMatching(/^wamid\./),
    });
  });

  it('treats an empty and an absent emoji both as removing the reaction', () => {
    const added = onlyMessage('reaction');
    const removedEmpty = onlyMessage('reaction-removed-empty');
    const removedAbsent = onlyMessage('reaction-removed-absent');
    expect(added.content).toMatchObject({
      kind: 'reaction',
      emoji: '❤️',
      targetExternalId: expect.stringMatching(/^wamid\./),
    });
    expect(removedEmpty.content).toMatchObject({ kind: 'reaction', emoji: null });
    expect(removedAbsent.content).toMatchObject({ kind: 'reaction', emoji: null });
    if (added.content.kind !== 'reaction' || removedEmpty.content.kind !== 'reaction')
      throw new Error('not reactions');
    expect(removedEmpty.content.targetExternalId).toBe(added.content.targetExternalId);
  });

  it('gives a reaction and its removal distinct dedupe keys even when Meta reuses the wamid', () => {
    const added = onlyMessage('reaction');
    const removed = onlyMessage('reaction-removed-empty');
    expect(removed.externalId).toBe(added.externalId);
    expect(removed.dedupeKey).not.toBe(added.dedupeKey);
    expect(onlyMessage('reaction').dedupeKey).toBe(added.dedupeKey);
    expect(onlyMessage('text').dedupeKey).toBe(onlyMessage('text').externalId);
  });

  it('reads an order with its items', () => {
    expect(onlyMessage('order').content).toEqual({
      kind: 'order',
      catalogId: '771024385619842',
      text: 'Please gift-wrap the mug',
      items: [
        { productRetailerId: 'linen-shirt-blue-m', quantity: 2, itemPrice: 39.5, currency: 'USD' },
        { productRetailerId: 'ceramic-mug-sand', quantity: 1, itemPrice: 18, currency: 'USD' },
      ],
    });
  });

  it('reads system messages, including one without a sender', () => {
    const changed = onlyMessage('system-user-changed-number');
    expect(changed.contact).toBeNull();
    expect(changed.from).toBe('16505550142');
    expect(changed.content).toMatchObject({
      kind: 'system',
      systemType: 'user_changed_number',
      newWaId: '16505550199',
    });

    expect(onlyMessage('system-customer-identity-changed').content).toMatchObject({
      systemType: 'customer_identity_changed',
      customer: '5511987654321',
      identityHash: 'Jk3v9Qm2Xp7Ls4Tn8Rw1Yz6=',
    });

    const userId = onlyMessage('system-user-changed-user-id');
    expect(userId.from).toBeNull();
    expect(userId.content).toMatchObject({
      systemType: 'user_changed_user_id',
      userId: 'DE.5830192746501928374',
      previousUserId: 'DE.2749103847561029384',
    });
  });

  it('turns unsupported and unknown messages into a placeholder that carries Meta’s error', () => {
    const unsupported = onlyMessage('unsupported');
    expect(unsupported.content).toMatchObject({ kind: 'unsupported', unsupportedType: 'edit' });
    expect(unsupported.errors).toEqual([
      {
        code: 131051,
        title: 'Message type unknown',
        message: 'Message type unknown',
        details: 'Message type is currently not supported.',
        href: null,
      },
    ]);
    expect(onlyMessage('unknown').content).toMatchObject({
      kind: 'unsupported',
      unsupportedType: null,
      errors: [{ code: 131051 }],
    });
  });

  it('reads reply, forwarded and product contexts', () => {
    expect(onlyMessage('reply-context').context).toEqual({
      replyToExternalId: expect.stringMatching(/^wamid\./),
      from: '15550101234',
      isForwarded: false,
      isFrequentlyForwarded: false,
      referredProduct: null,
    });
    expect(onlyMessage('forwarded').context).toMatchObject({
      isForwarded: true,
      isFrequentlyForwarded: false,
      replyToExternalId: null,
    });
    expect(onlyMessage('frequently-forwarded').context).toMatchObject({
      isForwarded: false,
      isFrequentlyForwarded: true,
    });
    expect(onlyMessage('text-referred-product').context?.referredProduct).toEqual({
      catalogId: '771024385619842',
      productRetailerId: 'linen-shirt-blue-m',
    });
    expect(onlyMessage('text').context).toBeNull();
  });

  it('reads ad and post referrals', () => {
    expect(onlyMessage('referral').referral).toEqual({
      sourceUrl: 'https://fb.me/8sD2kL9qZ',
      sourceId: '120231847561029384',
      sourceType: 'ad',
      body: 'Summer linen is here — 20% off this week',
      headline: 'Chat with us on WhatsApp',
      mediaType: 'image',
      imageUrl: 'https://scontent.xx.fbcdn.net/v/t45.1600-4/summer-linen.jpg',
      videoUrl: null,
      thumbnailUrl: null,
      ctwaClid: 'ARAkLp0sQ2u9vX4yZ1bC3dE5fG7hJ9kL',
      welcomeMessageText: 'Hi there! How can we help you today?',
    });
    expect(onlyMessage('referral-video').referral).toMatchObject({
      sourceType: 'post',
      mediaType: 'video',
      videoUrl: expect.stringContaining('.mp4'),
      thumbnailUrl: expect.stringContaining('thumb'),
    });
    expect(onlyMessage('text').referral).toBeNull();
  });
});

describe('statuses, errors and templates', () => {
  it('reads conversation and pricing on a sent status', () => {
    expect(onlyStatus('status-sent')).toMatchObject({
      conversation: {
        id: '8c2f6a1e94b35d70c1e8f4a2b6d09e37',
        expiresAt: at(300 + 86_400),
        originType: 'service',
      },
      pricing: { billable: false, pricingModel: 'PMP', type: 'free_customer_service', category: 'service' },
      bizOpaqueCallbackData: null,
    });
    expect(onlyStatus('status-delivered').conversation).toMatchObject({ expiresAt: null });
    expect(onlyStatus('status-read')).toMatchObject({ conversation: null, pricing: null });
  });

  it('carries Meta’s error on a failed status', () => {
    expect(onlyStatus('status-failed').errors).toEqual([
      {
        code: 131047,
        title: 'Re-engagement message',
        message: 'Re-engagement message',
        details:
          'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
        href: '/documentation/business-messaging/whatsapp/support/error-codes',
      },
    ]);
  });

  it('reports value-level errors as account errors', () => {
    const events = eventsOf('value-errors');
    expect(events).toEqual<AccountErrorEvent[]>([
      {
        kind: 'account.error',
        wabaId: FIXTURE_ACCOUNTS.primary.wabaId,
        phoneNumberId: FIXTURE_ACCOUNTS.primary.phoneNumberId,
        displayPhoneNumber: FIXTURE_ACCOUNTS.primary.displayPhoneNumber,
        errors: [
          {
            code: 130429,
            title: 'Rate limit hit',
            message: 'Rate limit hit',
            details:
              'Message failed to send because there were too many messages sent from this phone number in a short period of time',
            href: '/documentation/business-messaging/whatsapp/support/error-codes',
          },
        ],
      },
    ]);
  });

  it('keeps a bodiless interactive message next to a value-level error', () => {
    const events = eventsOf('errors-interactive');
    expect(events.map((e) => e.kind)).toEqual(['account.error', 'message.inbound']);
    expect(events[1]).toMatchObject({
      preview: 'Interactive reply',
      content: { reply: { type: 'unknown', rawType: null } },
    });
  });

  it('reads template status updates with a string template id', () => {
    expect(eventsOf('template-status-approved')).toEqual<TemplateStatusEvent[]>([
      {
        kind: 'template.status',
        wabaId: FIXTURE_ACCOUNTS.primary.wabaId,
        phoneNumberId: null,
        displayPhoneNumber: null,
        templateId: '1730948271650394',
        name: 'order_shipped',
        language: 'en_US',
        category: 'UTILITY',
        event: 'APPROVED',
        reason: 'NONE',
        timestamp: at(400),
        rejectionInfo: null,
        otherInfo: null,
        disableDate: null,
      },
    ]);
    expect(eventsOf('template-status-rejected')[0]).toMatchObject({
      templateId: '1730948271650395',
      event: 'REJECTED',
      reason: 'INVALID_FORMAT',
      rejectionInfo: { reason: 'The template has a variable at the start of the body.' },
    });
  });
});

describe('batches and unknown input', () => {
  it('processes every entry, change, message and status of a batch, in order', () => {
    const { events, ignored } = parseWebhook(webhookFixtures.batch, { now: NOW });
    expect(events.map((e) => e.kind)).toEqual([
      'message.inbound',
      'message.inbound',
      'message.inbound',
      'message.status',
      'message.status',
      'message.status',
      'template.status',
      'message.inbound',
      'message.inbound',
      'message.status',
      'message.status',
    ]);
    expect(
      new Set(
        events.map((e) =>
          e.kind === 'template.status' ? e.templateId : e.kind === 'account.error' ? '' : e.dedupeKey,
        ),
      ).size,
    ).toBe(11);
    expect(events.slice(7).every((e) => e.wabaId === FIXTURE_ACCOUNTS.secondary.wabaId)).toBe(true);
    expect(events.slice(7).every((e) => e.phoneNumberId === FIXTURE_ACCOUNTS.secondary.phoneNumberId)).toBe(
      true,
    );
    expect(events.slice(0, 7).every((e) => e.wabaId === FIXTURE_ACCOUNTS.primary.wabaId)).toBe(true);

    const second = events[1] as InboundMessageEvent;
    expect(second.contact?.profileName).toBe('João Silva');
    expect(events[8]).toMatchObject({ type: 'reaction', content: { emoji: '👍' } });
    expect(events[9]).toMatchObject({ status: 'failed', errors: [{ code: 131026 }] });
    expect(ignored).toEqual([
      {
        path: 'entry[1].changes[2]',
        field: 'account_update',
        wabaId: FIXTURE_ACCOUNTS.secondary.wabaId,
        reason: "field 'account_update' is not handled",
      },
    ]);
  });

  it('ignores a field it does not handle and says so', () => {
    expect(parseWebhook(webhookFixtures['unknown-field'])).toEqual({
      events: [],
      ignored: [
        {
          path: 'entry[0].changes[0]',
          field: 'phone_number_quality_update',
          wabaId: FIXTURE_ACCOUNTS.primary.wabaId,
          reason: "field 'phone_number_quality_update' is not handled",
        },
      ],
    });
  });

  it.each([
    ['null', null],
    ['a string', 'hello'],
    ['an array', []],
    ['another object type', { object: 'page', entry: [] }],
    ['entry that is not an array', { object: 'whatsapp_business_account', entry: 'x' }],
    ['entry without id', { object: 'whatsapp_business_account', entry: [{ changes: [] }] }],
    ['changes that are null', { object: 'whatsapp_business_account', entry: [{ id: '1', changes: null }] }],
    [
      'a change without value',
      { object: 'whatsapp_business_account', entry: [{ id: '1', changes: [{ field: 'messages' }] }] },
    ],
  ])('never throws on %s', (_label, body) => {
    expect(() => parseWebhook(body)).not.toThrow();
    expect(parseWebhook(body).events).toEqual([]);
  });

  it('skips malformed items but keeps the good ones next to them', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            {
              field: 'messages',
              value: {
                metadata: { phone_number_id: '2', display_phone_number: '3' },
                contacts: 'nope',
                messages: [
                  42,
                  { type: 'text', text: { body: 'no id' } },
                  {
                    id: 'wamid.ok',
                    from: '9',
                    timestamp: 'soon',
                    type: 'text',
                    text: { body: { nested: true } },
                  },
                  { id: 'wamid.poll', from: '9', timestamp: '1750000000', type: 'poll', poll: {} },
                ],
                statuses: [
                  { id: 'wamid.s', status: 'deleted', timestamp: '1' },
                  { status: 'sent' },
                  { id: 'wamid.t', status: 'read' },
                ],
              },
            },
          ],
        },
      ],
    };
    const { events, ignored } = parseWebhook(body, { now: NOW });
    expect(events).toMatchObject([
      {
        kind: 'message.inbound',
        externalId: 'wamid.ok',
        text: '',
        preview: '💬 Message',
        timestamp: NOW,
        contact: null,
      },
      {
        kind: 'message.inbound',
        externalId: 'wamid.poll',
        type: 'unknown',
        wireType: 'poll',
        preview: 'Unsupported message (poll)',
      },
      { kind: 'message.status', externalId: 'wamid.t', status: 'read', timestamp: NOW, recipientId: null },
    ]);
    expect(ignored.map((i) => i.reason)).toEqual([
      'message is not an object',
      'message has no id',
      "unknown status 'deleted'",
      'status has no id',
    ]);
    expect(ignored[0]?.path).toBe('entry[0].changes[0].value.messages[0]');
  });

  it('ignores messages without a business number but still reports value-level errors', () => {
    const body = {
      object: 'whatsapp_business_account',
      entry: [
        {
          id: '1',
          changes: [
            { field: 'messages', value: { messages: [{ id: 'x', type: 'text' }], errors: [{ code: 1 }] } },
          ],
        },
      ],
    };
    const { events, ignored } = parseWebhook(body);
    expect(events).toMatchObject([
      { kind: 'account.error', phoneNumberId: null, errors: [{ code: 1, title: '', message: '' }] },
    ]);
    expect(ignored).toMatchObject([{ reason: 'no metadata.phone_number_id' }]);
  });

  it('never throws when any node of any fixture is replaced by junk', () => {
    const junk: unknown[] = [null, 0, -1, '', 'x', [], {}, true, [null], { id: null }, Number.NaN];
    let seed = 7;
    const random = () => {
      seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
      return seed / 2_147_483_648;
    };
    const mutate = (node: unknown): unknown => {
      if (random() < 0.08) return junk[Math.floor(random() * junk.length)];
      if (Array.isArray(node)) return node.map(mutate);
      if (node && typeof node === 'object') {
        return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, mutate(v)]));
      }
      return node;
    };
    for (let round = 0; round < 20; round++) {
      for (const name of webhookFixtureNames) {
        const body = mutate(webhookFixtures[name]);
        expect(() => parseWebhook(body), name).not.toThrow();
      }
    }
  });
});

describe('status ordering', () => {
  it.each([
    [null, 'sent', true],
    [undefined, 'failed', true],
    ['pending', 'sent', true],
    ['sent', 'delivered', true],
    ['delivered', 'read', true],
    ['sent', 'read', true],
    ['read', 'played', true],
    ['played', 'read', false],
    ['read', 'delivered', false],
    ['delivered', 'sent', false],
    ['read', 'read', false],
    ['pending', 'failed', true],
    ['sent', 'failed', true],
    ['failed', 'sent', false],
    ['failed', 'failed', false],
    ['failed', 'delivered', true],
    ['failed', 'read', true],
    ['delivered', 'failed', false],
    ['read', 'failed', false],
    ['sent', 'deleted', false],
    ['sent', 'pending', false],
  ] as const)('from %s, %s moves forward: %s', (current, next, expected) => {
    expect(isStatusForward(current, next)).toBe(expected);
  });

  it('converges on the same status whatever order the webhooks arrive in', () => {
    const arrivals = ['sent', 'delivered', 'read', 'failed', 'sent', 'delivered'];
    const finals = new Set<string>();
    for (let i = 0; i < 200; i++) {
      const shuffled = [...arrivals].sort(() => Math.random() - 0.5);
      let current: string = 'pending';
      for (const next of shuffled) if (isStatusForward(current, next)) current = next;
      finals.add(current);
    }
    expect([...finals]).toEqual(['read']);
    expect(statusRank('nonsense')).toBe(-1);
    expect(statusRank('played')).toBeGreaterThan(statusRank('read'));
  });
});
