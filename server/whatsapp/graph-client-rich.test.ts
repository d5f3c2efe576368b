import { beforeEach, describe, expect, it } from 'vitest';
import { client, graph, jsonBody, PHONE, reply, serveFakeGraph, TOKEN, WAMID } from './graph-client-fixture';
import {
  buildContactsMessage,
  buildInteractiveMessage,
  buildLocationMessage,
  type OutboundMessage,
} from './message-builders';

serveFakeGraph();

const ENVELOPE = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '16505550142' };

/** Sends one message through the client and returns the JSON body the fake Graph API received. */
async function wire(message: OutboundMessage): Promise<unknown> {
  graph.requests = [];
  const sent = await client().sendMessage(PHONE, message);
  expect(sent.externalId).toBe(WAMID);
  expect(graph.requests).toHaveLength(1);
  const [request] = graph.requests;
  expect(request!.method).toBe('POST');
  expect(request!.path).toBe(`/v22.0/${PHONE}/messages`);
  expect(request!.headers.authorization).toBe(`Bearer ${TOKEN}`);
  return jsonBody(request!);
}

describe('sending reply buttons, lists, link buttons, locations and contact cards', () => {
  beforeEach(() => {
    reply([200, { messaging_product: 'whatsapp', messages: [{ id: WAMID }] }]);
  });

  it('reply buttons with an image header and a footer, quoting a message', async () => {
    const interactive = {
      type: 'button' as const,
      header: { type: 'image' as const, image: { id: '1001' } },
      body: { text: 'Deliver tomorrow?' },
      footer: { text: 'Lucky Shrub' },
      action: {
        buttons: [
          { type: 'reply' as const, reply: { id: 'yes', title: 'Yes' } },
          { type: 'reply' as const, reply: { id: 'no', title: 'No' } },
        ],
      },
    };
    expect(
      await wire(buildInteractiveMessage('+16505550142', interactive, { replyToExternalId: WAMID })),
    ).toEqual({ ...ENVELOPE, context: { message_id: WAMID }, type: 'interactive', interactive });
  });

  it('a list with sections and rows, and a link button', async () => {
    const list = {
      type: 'list' as const,
      header: { type: 'text' as const, text: 'Our plants' },
      body: { text: 'Which one?' },
      action: {
        button: 'Plants',
        sections: [
          { title: 'Big', rows: [{ id: 'monstera', title: 'Monstera', description: 'Big leaves' }] },
          { title: 'Small', rows: [{ id: 'pilea', title: 'Pilea' }] },
        ],
      },
    };
    expect(await wire(buildInteractiveMessage('16505550142', list))).toEqual({
      ...ENVELOPE,
      type: 'interactive',
      interactive: list,
    });
    const link = {
      type: 'cta_url' as const,
      body: { text: 'On its way' },
      action: {
        name: 'cta_url' as const,
        parameters: { display_text: 'Track order', url: 'https://example.com/t/1' },
      },
    };
    expect(await wire(buildInteractiveMessage('16505550142', link))).toEqual({
      ...ENVELOPE,
      type: 'interactive',
      interactive: link,
    });
  });

  it('a location leaves out an empty name and address; contact cards go as given', async () => {
    expect(
      await wire(
        buildLocationMessage('16505550142', {
          latitude: 52.52,
          longitude: 13.405,
          name: 'Shop',
          address: 'Alexanderplatz 1, Berlin',
        }),
      ),
    ).toEqual({
      ...ENVELOPE,
      type: 'location',
      location: { latitude: 52.52, longitude: 13.405, name: 'Shop', address: 'Alexanderplatz 1, Berlin' },
    });
    expect(
      await wire(
        buildLocationMessage('16505550142', { latitude: -33.9, longitude: 151.2, name: '', address: null }),
      ),
    ).toEqual({ ...ENVELOPE, type: 'location', location: { latitude: -33.9, longitude: 151.2 } });

    const contacts = [
      {
        name: { formatted_name: 'Sam Lee', first_name: 'Sam', last_name: 'Lee' },
        phones: [{ phone: '+1 650 555 0199', type: 'WORK', wa_id: '16505550199' }],
        emails: [{ email: 'sam@shop.example' }],
        org: { company: 'Lucky Shrub' },
      },
    ];
    expect(await wire(buildContactsMessage('16505550142', contacts))).toEqual({
      ...ENVELOPE,
      type: 'contacts',
      contacts,
    });
  });
});
