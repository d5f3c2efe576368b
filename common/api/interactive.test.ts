import { describe, expect, it } from 'vitest';
import {
  contactsSchema,
  ctaUrlSchema,
  listSchema,
  locationSchema,
  INTERACTIVE_MSG as M,
  replyButtonsSchema,
  sendMessageSchema,
} from './interactive';

/** The first problem's words, or 'ok' (what the composer shows under the field and the server answers). */
function words(
  schema: { safeParse: (v: unknown) => { success: boolean; error?: { issues: { message: string }[] } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? 'ok' : result.error!.issues[0]!.message;
}

const rows = (n: number) => Array.from({ length: n }, (_, i) => ({ title: `Row ${i + 1}` }));

describe('reply buttons', () => {
  const ok = { body: 'Shall we deliver tomorrow?', buttons: [{ title: 'Yes' }, { title: 'Another day' }] };
  it.each([
    ['a body and two buttons', ok, 'ok'],
    ['a blank body', { ...ok, body: '   ' }, M.bodyRequired],
    ['a body of 1025 characters', { ...ok, body: 'x'.repeat(1025) }, M.bodyTooLong(1024)],
    ['a body of 1024 emoji-free characters', { ...ok, body: 'x'.repeat(1024) }, 'ok'],
    ['no buttons', { ...ok, buttons: [] }, M.buttonsCount],
    [
      'four buttons',
      { ...ok, buttons: [{ title: 'a' }, { title: 'b' }, { title: 'c' }, { title: 'd' }] },
      M.buttonsCount,
    ],
    ['a blank button title', { ...ok, buttons: [{ title: ' ' }] }, M.buttonTitleRequired],
    ['a 21-character title', { ...ok, buttons: [{ title: 'x'.repeat(21) }] }, M.buttonTitleTooLong],
    ['20 emoji as a title (one character each)', { ...ok, buttons: [{ title: '🌱'.repeat(20) }] }, 'ok'],
    ['the same title twice', { ...ok, buttons: [{ title: 'Yes' }, { title: 'Yes ' }] }, M.buttonTitleUnique],
    ['a 61-character header', { ...ok, header: 'h'.repeat(61) }, M.headerTooLong],
    ['a 61-character footer', { ...ok, footer: 'f'.repeat(61) }, M.footerTooLong],
    ['60-character header and footer', { ...ok, header: 'h'.repeat(60), footer: 'f'.repeat(60) }, 'ok'],
  ])('%s → %s', (_, value, expected) => {
    expect(words(replyButtonsSchema, value)).toBe(expected);
  });

  it('drops a blank header and footer and trims titles', () => {
    expect(
      replyButtonsSchema.parse({ ...ok, header: ' ', footer: '', buttons: [{ title: ' Yes ' }] }),
    ).toEqual({
      body: ok.body,
      header: undefined,
      footer: undefined,
      buttons: [{ title: 'Yes' }],
    });
  });
});

describe('list', () => {
  const ok = { body: 'Which plant?', button: 'Plants', sections: [{ rows: rows(3) }] };
  it.each([
    ['one untitled section', ok, 'ok'],
    ['a body of 4097 characters', { ...ok, body: 'x'.repeat(4097) }, M.bodyTooLong(4096)],
    ['a body of 4096 characters', { ...ok, body: 'x'.repeat(4096) }, 'ok'],
    ['no button label', { ...ok, button: '' }, M.listButtonRequired],
    ['a 21-character button label', { ...ok, button: 'x'.repeat(21) }, M.listButtonTooLong],
    ['no sections', { ...ok, sections: [] }, M.sectionsCount],
    [
      '11 sections',
      { ...ok, sections: Array.from({ length: 11 }, (_, i) => ({ title: `S${i}`, rows: rows(1) })) },
      M.sectionsCount,
    ],
    [
      'two sections, one untitled',
      { ...ok, sections: [{ title: 'Big', rows: rows(1) }, { rows: rows(1) }] },
      M.sectionTitleRequired,
    ],
    [
      'a 25-character section title',
      { ...ok, sections: [{ title: 'x'.repeat(25), rows: rows(1) }] },
      M.sectionTitleTooLong,
    ],
    ['a section without rows', { ...ok, sections: [{ rows: [] }] }, M.sectionRowsRequired],
    [
      '11 rows in all',
      {
        ...ok,
        sections: [
          { title: 'A', rows: rows(6) },
          { title: 'B', rows: rows(5) },
        ],
      },
      M.rowsTooMany,
    ],
    [
      '10 rows in all',
      {
        ...ok,
        sections: [
          { title: 'A', rows: rows(5) },
          { title: 'B', rows: rows(5) },
        ],
      },
      'ok',
    ],
    ['a blank row title', { ...ok, sections: [{ rows: [{ title: '' }] }] }, M.rowTitleRequired],
    [
      'a 25-character row title',
      { ...ok, sections: [{ rows: [{ title: 'x'.repeat(25) }] }] },
      M.rowTitleTooLong,
    ],
    [
      'a 73-character description',
      { ...ok, sections: [{ rows: [{ title: 'a', description: 'd'.repeat(73) }] }] },
      M.rowDescriptionTooLong,
    ],
    [
      'a 72-character description',
      { ...ok, sections: [{ rows: [{ title: 'a', description: 'd'.repeat(72) }] }] },
      'ok',
    ],
  ])('%s → %s', (_, value, expected) => {
    expect(words(listSchema, value)).toBe(expected);
  });
});

describe('link button', () => {
  const ok = { body: 'Track your order', displayText: 'Track', url: 'https://shop.example/track/42' };
  it.each([
    ['an https link', ok, 'ok'],
    ['an http link', { ...ok, url: 'http://shop.example' }, 'ok'],
    ['no label', { ...ok, displayText: ' ' }, M.ctaLabelRequired],
    ['a 21-character label', { ...ok, displayText: 'x'.repeat(21) }, M.ctaLabelTooLong],
    ['an ftp link', { ...ok, url: 'ftp://shop.example' }, M.ctaUrlInvalid],
    ['words, not a link', { ...ok, url: 'shop dot example' }, M.ctaUrlInvalid],
    ['a blank body', { ...ok, body: '' }, M.bodyRequired],
    ['a body of 1025 characters', { ...ok, body: 'x'.repeat(1025) }, M.bodyTooLong(1024)],
  ])('%s → %s', (_, value, expected) => {
    expect(words(ctaUrlSchema, value)).toBe(expected);
  });
});

describe('location', () => {
  it.each([
    ['numbers', { latitude: 51.5, longitude: -0.12 }, 'ok'],
    ['numbers typed in a form', { latitude: ' -33.86 ', longitude: '151.2', name: 'Opera House' }, 'ok'],
    ['the poles and the date line', { latitude: -90, longitude: 180 }, 'ok'],
    ['latitude 90.5', { latitude: 90.5, longitude: 0 }, M.latitudeInvalid],
    ['an empty latitude', { latitude: '', longitude: 0 }, M.latitudeInvalid],
    ['words as longitude', { latitude: 0, longitude: 'east' }, M.longitudeInvalid],
    ['longitude -181', { latitude: 0, longitude: -181 }, M.longitudeInvalid],
    ['no coordinates', {}, M.latitudeInvalid],
    [
      'a 1001-character address',
      { latitude: 0, longitude: 0, address: 'a'.repeat(1001) },
      M.locationAddressTooLong,
    ],
  ])('%s → %s', (_, value, expected) => {
    expect(words(locationSchema, value)).toBe(expected);
  });

  it('turns typed coordinates into numbers', () => {
    expect(locationSchema.parse({ latitude: '51.5', longitude: '-0.12' })).toMatchObject({
      latitude: 51.5,
      longitude: -0.12,
    });
  });
});

describe('contact cards', () => {
  const card = { name: 'Maya Patel', phones: [{ phone: '+1 650 555 0101', type: 'CELL' }] };
  it.each([
    ['a name and a number', { cards: [card] }, 'ok'],
    ['no cards', { cards: [] }, M.contactsCount],
    ['a blank name', { cards: [{ ...card, name: ' ' }] }, M.contactNameRequired],
    ['no phone', { cards: [{ ...card, phones: [] }] }, M.contactPhoneRequired],
    ['letters as a phone', { cards: [{ ...card, phones: [{ phone: 'call me' }] }] }, M.contactPhoneInvalid],
    ['a bad e-mail', { cards: [{ ...card, emails: [{ email: 'maya@' }] }] }, M.contactEmailInvalid],
    ['21 cards', { cards: Array.from({ length: 21 }, () => card) }, M.contactsCount],
  ])('%s → %s', (_, value, expected) => {
    expect(words(contactsSchema, value)).toBe(expected);
  });
});

describe('the send body', () => {
  it('is a text without a type, as before', () => {
    expect(sendMessageSchema.parse({ clientRef: 'temp-1', text: ' Hi ' })).toMatchObject({
      type: 'text',
      text: 'Hi',
    });
  });

  it('is one of the rich types by `type`, with the same words', () => {
    expect(
      words(sendMessageSchema, {
        type: 'buttons',
        clientRef: 'temp-abc',
        body: 'Pick',
        buttons: [{ title: 'x'.repeat(21) }],
      }),
    ).toBe(M.buttonTitleTooLong);
    expect(words(sendMessageSchema, { type: 'poll', clientRef: 'temp-abc' })).toBe(M.typeUnknown);
  });
});
