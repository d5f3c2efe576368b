import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { phoneApi, sandboxSignup, solidPng } from '../test/sandbox';
import { buildReactionMessage, buildTextMessage } from '../whatsapp/message-builders';
import type { TemplateStatusEvent } from '../whatsapp/types';
import { CUSTOMER, inbound, statuses, webhooksFixture } from './webhooks-fixture';

/**
 * Contract: every webhook the sandbox sends is signed with the app secret, pure ASCII, and parsed by
 * the app's own parseWebhook into the events it stands for. A capture server plays the app's webhook
 * endpoint so each POST can be inspected; every captured POST is then replayed into the real route
 * (webhooks-fixture.ts).
 */

const world = webhooksFixture();
const { phoneId, chat, deliveries, customerSends, customerUploads } = world;

describe('customer messages', () => {
  it('a text arrives as one signed POST in the Cloud API shape', async () => {
    const id = await customerSends({ type: 'text', text: 'Does it come in another color? 🌵' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(1);
    expect(posts[0]!.body).toContain('\\ud83c\\udf35'); // non-ASCII escaped with lowercase hex
    const body = JSON.parse(posts[0]!.body);
    expect(Object.keys(body)).toEqual(['object', 'entry']);
    expect(body.entry[0].changes[0].value.contacts).toEqual([
      { profile: { name: 'Sheena Nelson' }, wa_id: CUSTOMER },
    ]);
    expect(body.entry[0].changes[0].value.messages[0].timestamp).toMatch(/^\d+$/);
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'message.inbound',
        wabaId: world.signup.data.waba_id,
        phoneNumberId: phoneId(),
        displayPhoneNumber: world.signup.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
        externalId: id,
        from: CUSTOMER,
        type: 'text',
        text: 'Does it come in another color? 🌵',
        contact: expect.objectContaining({ waId: CUSTOMER, profileName: 'Sheena Nelson' }),
      }),
    ]);
    const after = await phoneApi<{ messages: { id: string; status: string }[] }>(
      world.ctx.origin,
      'GET',
      `${chat()}/messages`,
    );
    expect(after.body.messages.find((m) => m.id === id)?.status).toBe('delivered');
  });

  it('an image, a document, a reply and a reaction (and its removal) carry their objects', async () => {
    const business = await world.graph.sendMessage(
      phoneId(),
      buildTextMessage(CUSTOMER, 'Our catalogue is ready'),
    );
    const png = solidPng(2, 2, [255, 0, 0]);
    const imageId = await customerUploads(
      new Blob([new Uint8Array(png)], { type: 'image/png' }),
      'photo.png',
      {
        caption: 'This one',
      },
    );
    const docId = await customerUploads(
      new Blob(['%PDF-1.4 order'], { type: 'application/pdf' }),
      'order.pdf',
    );
    const replyId = await customerSends({ type: 'text', text: 'Thanks!', replyTo: business.externalId });
    await customerSends({ type: 'reaction', messageId: business.externalId, emoji: '😮' });
    await customerSends({ type: 'reaction', messageId: business.externalId, emoji: '' });

    const got = inbound((await deliveries()).events);
    const byId = new Map(got.map((e) => [e.externalId, e]));
    const image = byId.get(imageId)!;
    expect(image.content).toMatchObject({
      kind: 'image',
      media: {
        mimeType: 'image/png',
        caption: 'This one',
        sha256: createHash('sha256').update(png).digest('base64'),
      },
    });
    const media = (image.content as { media: { id: string } }).media;
    const url = await world.graph.getMediaUrl(media.id);
    expect((await world.graph.downloadMedia(url.url)).data.equals(png)).toBe(true);

    expect(byId.get(docId)!.content).toMatchObject({
      kind: 'document',
      media: { filename: 'order.pdf', mimeType: 'application/pdf' },
    });
    expect(byId.get(replyId)!.context).toMatchObject({
      replyToExternalId: business.externalId,
      from: world.signup.phoneNumber.displayPhoneNumber.replace(/\D/g, ''),
    });
    const reactions = got.filter((e) => e.type === 'reaction').map((e) => e.content);
    // Meta does not promise delivery order, and neither do concurrent deliveries here.
    expect(reactions).toHaveLength(2);
    expect(reactions).toEqual(
      expect.arrayContaining([
        { kind: 'reaction', targetExternalId: business.externalId, emoji: '😮' },
        { kind: 'reaction', targetExternalId: business.externalId, emoji: null },
      ]),
    );
  });

  it('retries a delivery the app did not answer with 200, and marks the message delivered only then', async () => {
    world.answers = [500, 503];
    const id = await customerSends({ type: 'text', text: 'Anyone?' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(3);
    expect(new Set(posts.map((p) => p.body)).size).toBe(1);
    expect(inbound(events).every((e) => e.externalId === id)).toBe(true);
    const after = await phoneApi<{ messages: { id: string; status: string }[] }>(
      world.ctx.origin,
      'GET',
      `${chat()}/messages`,
    );
    expect(after.body.messages.find((m) => m.id === id)?.status).toBe('delivered');
  });
});

describe('statuses of business messages', () => {
  it('sent (with conversation and pricing) → delivered → read when the customer reads', async () => {
    await customerSends({ type: 'text', text: 'Hi' });
    await deliveries();
    const sent = await world.graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Hello Sheena'));
    const first = statuses((await deliveries()).events);
    expect(first.map((s) => s.status)).toEqual(['sent', 'delivered']);
    expect(first[0]).toMatchObject({
      externalId: sent.externalId,
      recipientId: CUSTOMER,
      conversation: {
        id: expect.stringMatching(/^[0-9a-f]{32}$/),
        originType: 'service',
        expiresAt: expect.any(Date),
      },
      pricing: { billable: false, pricingModel: 'PMP', type: 'free_customer_service', category: 'service' },
    });
    expect(first[1]!.conversation?.expiresAt).toBeNull();

    const read = await phoneApi<{ read: number }>(world.ctx.origin, 'POST', `${chat()}/read`);
    expect(read.body.read).toBeGreaterThanOrEqual(1);
    const later = statuses((await deliveries()).events);
    expect(later.filter((s) => s.externalId === sent.externalId).map((s) => [s.status, s.pricing])).toEqual([
      ['read', null],
    ]);
  });

  it('a reaction only ever gets sent; a reaction to an unknown message fails with 131009', async () => {
    const target = await customerSends({ type: 'text', text: 'React to me' });
    await deliveries();
    const reaction = await world.graph.sendMessage(
      phoneId(),
      buildReactionMessage(CUSTOMER, { targetExternalId: target, emoji: '❤️' }),
    );
    await phoneApi(world.ctx.origin, 'POST', `${chat()}/read`);
    expect(
      statuses((await deliveries()).events)
        .filter((s) => s.externalId === reaction.externalId)
        .map((s) => s.status),
    ).toEqual(['sent']);

    const orphan = await world.graph.sendMessage(
      phoneId(),
      buildReactionMessage(CUSTOMER, {
        targetExternalId: 'wamid.HBgLMTY1MDU1NTEyMzQVAgARGBIxMjM0NTY3ODkwQUJDREVGAA==',
        emoji: '👍',
      }),
    );
    const failed = statuses((await deliveries()).events);
    expect(failed).toEqual([
      expect.objectContaining({
        externalId: orphan.externalId,
        status: 'failed',
        errors: [expect.objectContaining({ code: 131009 })],
      }),
    ]);
  });

  it('out-of-order statuses: delivered arrives before sent', async () => {
    await customerSends({ type: 'text', text: 'Hi again' });
    await deliveries();
    await phoneApi(world.ctx.origin, 'PUT', '/settings', { outOfOrderStatuses: true });
    const sent = await world.graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'Out of order'));
    const got = statuses((await deliveries()).events).filter((s) => s.externalId === sent.externalId);
    expect(got.map((s) => s.status)).toEqual(['delivered', 'sent']);
    expect(got[1]!.timestamp.getTime()).toBeLessThanOrEqual(got[0]!.timestamp.getTime());
  });
});

describe('delivery switches', () => {
  it('duplicateDeliveries sends every webhook twice, byte for byte', async () => {
    await phoneApi(world.ctx.origin, 'PUT', '/settings', { duplicateDeliveries: true });
    const id = await customerSends({ type: 'text', text: 'Twice' });
    const { posts, events } = await deliveries();
    expect(posts).toHaveLength(2);
    expect(posts[0]!.body).toBe(posts[1]!.body);
    expect(inbound(events).map((e) => e.externalId)).toEqual([id, id]);
  });

  it('batchUpdates gathers updates into one POST with an entry per WABA and several items per change', async () => {
    const other = await sandboxSignup(world.ctx.origin, 'Other Shop');
    await phoneApi(world.ctx.origin, 'POST', `/phone-numbers/${other.data.phone_number_id}/customers`, {
      waId: '447700900123',
      name: 'Ola',
    });
    await phoneApi(world.ctx.origin, 'PUT', '/settings', { batchUpdates: true });
    const a = await customerSends({ type: 'text', text: 'one' });
    const b = await customerSends({ type: 'text', text: 'two' });
    const c = (
      await phoneApi<{ id: string }>(
        world.ctx.origin,
        'POST',
        `/phone-numbers/${other.data.phone_number_id}/customers/447700900123/messages`,
        {
          type: 'text',
          text: 'three',
        },
      )
    ).body.id;
    const sent = await world.graph.sendMessage(phoneId(), buildTextMessage(CUSTOMER, 'batched reply'));

    const { posts, events } = await deliveries();
    // Everything queued before the window closed goes out in one POST (the `delivered` status that
    // follows 300 ms later may get a window of its own).
    const withMessages = posts.filter((p) => p.body.includes('"messages":['));
    expect(withMessages).toHaveLength(1);
    const body = JSON.parse(withMessages[0]!.body);
    expect(body.entry.map((e: { id: string }) => e.id)).toEqual([
      world.signup.data.waba_id,
      other.data.waba_id,
    ]);
    expect(body.entry[0].changes).toHaveLength(2); // customer messages, then statuses
    expect(body.entry[0].changes[0].value.messages).toHaveLength(2);
    expect(body.entry[0].changes[0].value.contacts).toHaveLength(1);
    expect(body.entry[0].changes[1].value.statuses[0]).toMatchObject({ id: sent.externalId, status: 'sent' });
    expect(inbound(events).map((e) => e.externalId)).toEqual([a, b, c]);
    expect(statuses(events).map((s) => [s.externalId, s.status])).toEqual(
      expect.arrayContaining([
        [sent.externalId, 'sent'],
        [sent.externalId, 'delivered'],
      ]),
    );
  });
});

describe('template reviews', () => {
  it('sends message_template_status_update with APPROVED, or REJECTED with the reason', async () => {
    await phoneApi(world.ctx.origin, 'PUT', '/settings', { templateReviewSeconds: 0 });
    const good = await world.graph.createTemplate(world.signup.data.waba_id, {
      name: 'welcome_back',
      category: 'MARKETING',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'Welcome back!' }],
    });
    const bad = await world.graph.createTemplate(world.signup.data.waba_id, {
      name: 'rejected_one',
      category: 'UTILITY',
      language: 'en_US',
      components: [{ type: 'BODY', text: 'REJECT this please' }],
    });
    const { posts, events } = await deliveries();
    const body = JSON.parse(posts[0]!.body);
    expect(Number.isInteger(body.entry[0].time)).toBe(true);
    expect(typeof body.entry[0].changes[0].value.message_template_id).toBe('number');
    const decided = events.filter((e): e is TemplateStatusEvent => e.kind === 'template.status');
    expect(decided).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          templateId: good.id,
          event: 'APPROVED',
          reason: 'NONE',
          name: 'welcome_back',
          language: 'en_US',
        }),
        expect.objectContaining({
          templateId: bad.id,
          event: 'REJECTED',
          reason: 'INVALID_FORMAT',
          rejectionInfo: expect.objectContaining({ reason: 'INVALID_FORMAT' }),
        }),
      ]),
    );
  });
});
