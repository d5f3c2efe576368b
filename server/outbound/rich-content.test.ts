import { type SendRichInput, sendRichSchema } from '@common/api/interactive';
import { describe, expect, it } from 'vitest';
import { buildRichOutbound, richContentFor } from './rich-content';

/**
 * Each rich type as the inbox stores it and as it goes to Meta (shared/docs/whatsapp-cloud-api.md §2,
 * §9): the stored content is what the send job turns into the request body, so a retry sends the same
 * ids. The sandbox accepting these bodies is tested in send-rich.test.ts.
 */

const WAMID = 'wamid.HBgLMTY1MDU1NTAxNDIVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA';
const envelope = { messaging_product: 'whatsapp', recipient_type: 'individual', to: '16505550142' };

/** One rich body without its clientRef (distributed over the union). */
type Body = SendRichInput extends infer T ? (T extends unknown ? Omit<T, 'clientRef'> : never) : never;

function wire(input: Body, options = {}) {
  const parsed = sendRichSchema.parse({ clientRef: 'temp-wire', ...input });
  const stored = richContentFor(parsed);
  return { stored, body: buildRichOutbound(stored.content, '+16505550142', options) };
}

describe('Meta’s send body for each rich type', () => {
  it('reply buttons: header, body, footer and reply buttons with the stored ids', () => {
    const { stored, body } = wire(
      {
        type: 'buttons',
        header: 'Delivery',
        body: 'Shall we deliver tomorrow?',
        footer: 'Lucky Shrub',
        buttons: [{ title: 'Yes' }, { title: 'Another day' }],
      },
      { replyToExternalId: WAMID, bizOpaqueCallbackData: 'msg-1' },
    );
    expect(stored.type).toBe('interactive');
    const [yes, later] = (stored.content as { buttons: { id: string }[] }).buttons;
    expect(yes!.id).not.toBe(later!.id);
    expect(body).toEqual({
      ...envelope,
      context: { message_id: WAMID },
      biz_opaque_callback_data: 'msg-1',
      type: 'interactive',
      interactive: {
        type: 'button',
        header: { type: 'text', text: 'Delivery' },
        body: { text: 'Shall we deliver tomorrow?' },
        footer: { text: 'Lucky Shrub' },
        action: {
          buttons: [
            { type: 'reply', reply: { id: yes!.id, title: 'Yes' } },
            { type: 'reply', reply: { id: later!.id, title: 'Another day' } },
          ],
        },
      },
    });
  });

  it('reply buttons with an image or document header: the file by the id Meta gave it', () => {
    const mediaId = '4b0c3f4e-6a3e-4f7e-9a53-0c2b8f0f1a11';
    const parsed = sendRichSchema.parse({
      clientRef: 'temp-wire',
      type: 'buttons',
      headerMedia: { type: 'image', mediaId },
      body: 'Green or red?',
      buttons: [{ title: 'Green' }],
    });
    const stored = richContentFor(parsed, { id: mediaId, kind: 'image', filename: 'ficus.png' });
    expect(stored.content).toMatchObject({
      kind: 'buttons',
      header: { type: 'image', mediaId, filename: 'ficus.png' },
    });
    const image = buildRichOutbound(stored.content, '+16505550142', {}, { id: '9876543210', filename: null });
    expect(image).toMatchObject({
      type: 'interactive',
      interactive: { type: 'button', header: { type: 'image', image: { id: '9876543210' } } },
    });
    // Without its uploaded id a file header cannot go out.
    expect(() => buildRichOutbound(stored.content, '+16505550142', {})).toThrow();

    const doc = richContentFor(
      sendRichSchema.parse({
        clientRef: 'temp-wire',
        type: 'buttons',
        headerMedia: { type: 'document', mediaId },
        body: 'Your invoice',
        buttons: [{ title: 'Thanks' }],
      }),
      { id: mediaId, kind: 'document', filename: 'invoice.pdf' },
    );
    const body = buildRichOutbound(doc.content, '+16505550142', {}, { id: '555', filename: 'invoice.pdf' });
    expect(body).toMatchObject({
      interactive: { header: { type: 'document', document: { id: '555', filename: 'invoice.pdf' } } },
    });
  });

  it('two messages never share button ids (a tap maps back to one message)', () => {
    const a = wire({ type: 'buttons', body: 'A', buttons: [{ title: 'Yes' }] }).stored.content;
    const b = wire({ type: 'buttons', body: 'B', buttons: [{ title: 'Yes' }] }).stored.content;
    expect((a as { buttons: { id: string }[] }).buttons[0]!.id).not.toBe(
      (b as { buttons: { id: string }[] }).buttons[0]!.id,
    );
  });

  it('a list: no header or footer when absent, untitled single section, descriptions only when given', () => {
    const { stored, body } = wire({
      type: 'list',
      body: 'Which plant?',
      button: 'Plants',
      sections: [{ rows: [{ title: 'Monstera', description: 'Big leaves' }, { title: 'Pilea' }] }],
    });
    const ids = (stored.content as { sections: { rows: { id: string }[] }[] }).sections[0]!.rows.map(
      (r) => r.id,
    );
    expect(body).toEqual({
      ...envelope,
      type: 'interactive',
      interactive: {
        type: 'list',
        body: { text: 'Which plant?' },
        action: {
          button: 'Plants',
          sections: [
            {
              rows: [
                { id: ids[0], title: 'Monstera', description: 'Big leaves' },
                { id: ids[1], title: 'Pilea' },
              ],
            },
          ],
        },
      },
    });
  });

  it('a link button', () => {
    expect(
      wire({ type: 'cta_url', body: 'Track it', displayText: 'Track', url: 'https://shop.example/t/1' }).body,
    ).toEqual({
      ...envelope,
      type: 'interactive',
      interactive: {
        type: 'cta_url',
        body: { text: 'Track it' },
        action: { name: 'cta_url', parameters: { display_text: 'Track', url: 'https://shop.example/t/1' } },
      },
    });
  });

  it('a location, with name and address only when given', () => {
    expect(wire({ type: 'location', latitude: '51.5', longitude: -0.12, name: 'Shop' }).body).toEqual({
      ...envelope,
      type: 'location',
      location: { latitude: 51.5, longitude: -0.12, name: 'Shop' },
    });
  });

  it('contact cards: formatted and first name, typed phones with wa_id, e-mails, company', () => {
    const { stored, body } = wire({
      type: 'contacts',
      cards: [
        {
          name: 'Sam Lee',
          phones: [{ phone: '+1 650 555 0199', type: 'WORK', waId: '16505550199' }],
          emails: [{ email: 'sam@shop.example' }],
          org: { company: 'Lucky Shrub' },
        },
        { name: 'Ana', phones: [{ phone: '+44 20 7946 0000' }] },
      ],
    });
    expect(stored.content).toMatchObject({
      kind: 'contacts',
      cards: [{ formattedName: 'Sam Lee', firstName: 'Sam', lastName: 'Lee' }, { formattedName: 'Ana' }],
    });
    expect(body).toEqual({
      ...envelope,
      type: 'contacts',
      contacts: [
        {
          name: { formatted_name: 'Sam Lee', first_name: 'Sam', last_name: 'Lee' },
          phones: [{ phone: '+1 650 555 0199', type: 'WORK', wa_id: '16505550199' }],
          emails: [{ email: 'sam@shop.example' }],
          org: { company: 'Lucky Shrub' },
        },
        { name: { formatted_name: 'Ana', first_name: 'Ana' }, phones: [{ phone: '+44 20 7946 0000' }] },
      ],
    });
  });
});
