import { describe, expect, it } from 'vitest';
import { webhookFixtures } from './fixtures';
import { parseWebhook } from './webhook-parser';
import { onlyMessage } from './webhook-parser-fixture';

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
