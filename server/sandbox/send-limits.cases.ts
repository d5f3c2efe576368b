import { SEND_TEXTS } from './graph/send-errors';

/**
 * Send bodies for send-limits.test.ts: builders for interactive messages and the table of Meta's limits,
 * each with the error code, message and details Meta answers with.
 */

export const body = (text: string) => ({ text });
export const reply = (id: string, title: string) => ({ type: 'reply', reply: { id, title } });
export const buttons = (list: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'interactive',
  interactive: { type: 'button', body: body('Pick one'), action: { buttons: list }, ...extra },
});
export const row = (id: string, title = `Row ${id}`, description?: string) => ({ id, title, description });
export const list = (sections: unknown[], extra: Record<string, unknown> = {}) => ({
  type: 'interactive',
  interactive: {
    type: 'list',
    body: body('Our menu'),
    action: { button: 'See options', sections },
    ...extra,
  },
});
export const cta = (parameters: Record<string, unknown>) => ({
  type: 'interactive',
  interactive: { type: 'cta_url', body: body('Track it'), action: { name: 'cta_url', parameters } },
});
export const invalid = (details: string) => ({
  code: 131009,
  message: '(#131009) Parameter value is not valid',
  details,
});
export const param100 = (text: string) => ({
  code: 100,
  message: `(#100) ${text.replace(/\.$/, '')}`,
  details: text,
});

export const ten = Array.from({ length: 10 }, (_, i) => row(`r${i}`));
export const long = (n: number) => 'x'.repeat(n);

/** [what is wrong, the message, Meta's answer]. */
export const LIMITS: [string, Record<string, unknown>, { code: number; message: string; details: string }][] =
  [
    [
      'text over 4096',
      { type: 'text', text: { body: long(4097) } },
      param100(SEND_TEXTS.tooLong("text['body']", 4096)),
    ],
    ['text without a body', { type: 'text', text: {} }, param100(SEND_TEXTS.required("text['body']"))],
    ['an unknown type', { type: 'poll', poll: {} }, param100(SEND_TEXTS.unsupportedType)],
    [
      'image caption over 1024',
      { type: 'image', image: { id: '1', caption: long(1025) } },
      param100(SEND_TEXTS.tooLong("image['caption']", 1024)),
    ],
    [
      'media with neither id nor link',
      { type: 'image', image: {} },
      param100(SEND_TEXTS.required("image['id']")),
    ],
    [
      'media with both id and link',
      { type: 'video', video: { id: '1', link: 'https://example.com/v.mp4' } },
      param100(SEND_TEXTS.idOrLink('video')),
    ],
    [
      'a link that is not http(s)',
      { type: 'image', image: { link: 'ftp://example.com/a.png' } },
      invalid(SEND_TEXTS.badLink("image['link']")),
    ],
    [
      'latitude out of range',
      { type: 'location', location: { latitude: 91, longitude: 0 } },
      invalid(SEND_TEXTS.latitude),
    ],
    [
      'longitude out of range',
      { type: 'location', location: { latitude: 0, longitude: -181 } },
      invalid(SEND_TEXTS.longitude),
    ],
    [
      'location without longitude',
      { type: 'location', location: { latitude: 1 } },
      param100(SEND_TEXTS.required("location['longitude']")),
    ],
    [
      'contacts without formatted_name',
      { type: 'contacts', contacts: [{ name: { first_name: 'Sam' } }] },
      param100(SEND_TEXTS.required("contacts[0]['name']['formatted_name']")),
    ],
    [
      'contacts with only formatted_name',
      { type: 'contacts', contacts: [{ name: { formatted_name: 'Sam Lee' } }] },
      invalid(SEND_TEXTS.contactNamePart("contacts[0]['name']")),
    ],
    ['contacts empty', { type: 'contacts', contacts: [] }, invalid(SEND_TEXTS.contactsCount)],
    [
      'interactive without a type',
      { type: 'interactive', interactive: { body: body('x') } },
      param100(SEND_TEXTS.required("interactive['type']")),
    ],
    ['no buttons', buttons([]), invalid(SEND_TEXTS.buttonCount)],
    [
      'four buttons',
      buttons([reply('a', 'A'), reply('b', 'B'), reply('c', 'C'), reply('d', 'D')]),
      invalid(SEND_TEXTS.buttonCount),
    ],
    ['a button title over 20', buttons([reply('a', long(21))]), invalid(SEND_TEXTS.buttonTitleLength)],
    ['an empty button title', buttons([reply('a', '')]), invalid(SEND_TEXTS.buttonTitleLength)],
    ['a button id over 256', buttons([reply(long(257), 'A')]), invalid(SEND_TEXTS.buttonIdLength)],
    [
      'two buttons with one id',
      buttons([reply('a', 'A'), reply('a', 'B')]),
      invalid(SEND_TEXTS.buttonIdUnique),
    ],
    [
      'two buttons with one title',
      buttons([reply('a', 'Same'), reply('b', 'Same')]),
      invalid(SEND_TEXTS.buttonTitleUnique),
    ],
    [
      'a button of another type',
      buttons([{ type: 'url', reply: { id: 'a', title: 'A' } }]),
      invalid(SEND_TEXTS.buttonType),
    ],
    [
      'a button body over 1024',
      {
        type: 'interactive',
        interactive: { type: 'button', body: body(long(1025)), action: { buttons: [reply('a', 'A')] } },
      },
      param100(SEND_TEXTS.tooLong("interactive['body']['text']", 1024)),
    ],
    [
      'no body',
      { type: 'interactive', interactive: { type: 'button', action: { buttons: [reply('a', 'A')] } } },
      param100(SEND_TEXTS.required("interactive['body']")),
    ],
    [
      'a header text over 60',
      buttons([reply('a', 'A')], { header: { type: 'text', text: long(61) } }),
      param100(SEND_TEXTS.tooLong("interactive['header']['text']", 60)),
    ],
    [
      'a footer over 60',
      buttons([reply('a', 'A')], { footer: { text: long(61) } }),
      param100(SEND_TEXTS.tooLong("interactive['footer']['text']", 60)),
    ],
    [
      'a list button label over 20',
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: body('x'),
          action: { button: long(21), sections: [{ rows: [row('a')] }] },
        },
      },
      invalid(SEND_TEXTS.listButtonLength),
    ],
    ['a list with no sections', list([]), invalid(SEND_TEXTS.sectionCount)],
    [
      'a list with 11 sections',
      list(Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: [row(`r${i}`)] }))),
      invalid(SEND_TEXTS.sectionCount),
    ],
    [
      '11 rows in all',
      list([
        { title: 'A', rows: ten },
        { title: 'B', rows: [row('r10')] },
      ]),
      invalid(SEND_TEXTS.rowCount),
    ],
    ['a row title over 24', list([{ rows: [row('a', long(25))] }]), invalid(SEND_TEXTS.rowTitleLength)],
    [
      'a row description over 72',
      list([{ rows: [row('a', 'A', long(73))] }]),
      invalid(SEND_TEXTS.rowDescriptionLength),
    ],
    ['a row id over 200', list([{ rows: [row(long(201))] }]), invalid(SEND_TEXTS.rowIdLength)],
    [
      'one row id twice',
      list([
        { title: 'A', rows: [row('a')] },
        { title: 'B', rows: [row('a')] },
      ]),
      invalid(SEND_TEXTS.rowIdUnique),
    ],
    [
      'a section title over 24',
      list([{ title: long(25), rows: [row('a')] }]),
      invalid(SEND_TEXTS.sectionTitleLength),
    ],
    [
      'two sections, one untitled',
      list([{ title: 'A', rows: [row('a')] }, { rows: [row('b')] }]),
      param100(SEND_TEXTS.required("interactive['action']['sections'][1]['title']")),
    ],
    ['a section without rows', list([{ title: 'A', rows: [] }]), invalid(SEND_TEXTS.sectionRows)],
    [
      'a list with an image header',
      list([{ rows: [row('a')] }], { header: { type: 'image', image: { id: '1' } } }),
      invalid(SEND_TEXTS.headerType('image', 'text')),
    ],
    [
      'a list body over 4096',
      {
        type: 'interactive',
        interactive: {
          type: 'list',
          body: body(long(4097)),
          action: { button: 'Go', sections: [{ rows: [row('a')] }] },
        },
      },
      param100(SEND_TEXTS.tooLong("interactive['body']['text']", 4096)),
    ],
    [
      'a link button label over 20',
      cta({ display_text: long(21), url: 'https://example.com' }),
      invalid(SEND_TEXTS.ctaDisplayTextLength),
    ],
    [
      'a link button without a url',
      cta({ display_text: 'Open' }),
      param100(SEND_TEXTS.required("interactive['action']['parameters']['url']")),
    ],
    [
      'a link button with a bad url',
      cta({ display_text: 'Open', url: 'javascript:alert(1)' }),
      invalid(SEND_TEXTS.badLink("interactive['action']['parameters']['url']")),
    ],
  ];
