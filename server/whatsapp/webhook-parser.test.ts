import { describe, expect, it } from 'vitest';
import { FIXTURE_ACCOUNTS, type WebhookFixtureName, webhookFixtureNames, webhookFixtures } from './fixtures';
import type { AccountErrorEvent, TemplateStatusEvent } from './types';
import { isStatusForward, parseWebhook, statusRank } from './webhook-parser';
import { at, eventsOf, NOW, onlyMessage, onlyStatus } from './webhook-parser-fixture';

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
