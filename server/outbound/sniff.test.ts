import { describe, expect, it } from 'vitest';
import { checkAttachment } from './attachment-rules';
import { documentFilename, sniffMedia } from './sniff';

const ole = (stream: string) =>
  Buffer.concat([
    Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]),
    Buffer.alloc(500),
    Buffer.from(stream, 'utf16le'),
  ]);
const zip = (...names: string[]) =>
  Buffer.concat([
    Buffer.from([0x50, 0x4b, 0x03, 0x04]),
    Buffer.alloc(26),
    ...names.map((n) => Buffer.from(`${n}\0\0`, 'latin1')),
  ]);

describe('sniffing a file by its bytes', () => {
  it.each([
    ['JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xdb, 1, 2]), 'x.png', 'image', 'image/jpeg'],
    ['PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]), 'x.jpg', 'image', 'image/png'],
    ['GIF', Buffer.from('GIF89a'), 'x.gif', null, 'image/gif'],
    ['PDF', Buffer.from('%PDF-1.4'), 'x.txt', 'document', 'application/pdf'],
    ['Word 97', ole('WordDocument'), 'x.bin', 'document', 'application/msword'],
    ['Excel 97', ole('Workbook'), 'x.bin', 'document', 'application/vnd.ms-excel'],
    ['PowerPoint 97', ole('PowerPoint Document'), 'x.bin', 'document', 'application/vnd.ms-powerpoint'],
    ['OLE, told by the name', ole('Other'), 'budget.xls', 'document', 'application/vnd.ms-excel'],
    [
      'docx',
      zip('[Content_Types].xml', 'word/document.xml'),
      'x.zip',
      'document',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    ],
    [
      'xlsx',
      zip('[Content_Types].xml', 'xl/workbook.xml'),
      'x',
      'document',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ],
    ['plain zip', zip('photos/a.jpg'), 'x.docx', null, 'application/zip'],
    ['text', Buffer.from('Hello, world\r\nç ü\n'), 'notes.txt', 'document', 'text/plain'],
    ['binary', Buffer.from([0x00, 0x01, 0x02, 0x03]), 'notes.txt', null, 'application/octet-stream'],
    ['AMR', Buffer.from('#!AMR\n'), 'v.amr', 'audio', 'audio/amr'],
    ['Ogg', Buffer.from('OggS\0'), 'v.ogg', 'audio', 'audio/ogg'],
    ['MP3 (ID3)', Buffer.from('ID3\u0004'), 'v.mp3', 'audio', 'audio/mpeg'],
    ['AAC (ADTS)', Buffer.from([0xff, 0xf1, 0x50, 0x80]), 'v.aac', 'audio', 'audio/aac'],
  ])('%s', (_label, bytes, name, kind, mimeType) => {
    expect(sniffMedia(bytes, name)).toEqual({ kind, mimeType });
  });
});

describe('attachment rules', () => {
  const png = { kind: 'image' as const, mimeType: 'image/png' };
  it('accepts at the limit and refuses one byte over', () => {
    expect(checkAttachment(png, 5 * 1024 * 1024, 'image')).toMatchObject({ ok: true });
    expect(checkAttachment(png, 5 * 1024 * 1024 + 1, 'image')).toMatchObject({
      ok: false,
      message: 'Image size must be less than 5MB',
    });
    expect(
      checkAttachment({ kind: 'document', mimeType: 'application/pdf' }, 100 * 1024 * 1024 + 1),
    ).toMatchObject({
      message: 'Document size must be less than 100MB',
    });
  });
  it('an image sent as a document is refused (WhatsApp documents are the spec’s eight types)', () => {
    expect(checkAttachment(png, 10, 'document')).toMatchObject({ ok: false, code: 'media_type' });
  });
});

describe('document names follow the bytes', () => {
  it.each([
    ['invoice.jpg', 'application/pdf', 'invoice.pdf'],
    ['report.pdf', 'application/pdf', 'report.pdf'],
    ['data.csv', 'text/plain', 'data.csv'],
    ['../../etc/passwd', 'text/plain', 'passwd'],
    ['', 'application/pdf', 'document.pdf'],
  ])('%s (%s) → %s', (name, mime, expected) => {
    expect(documentFilename(name, mime)).toBe(expected);
  });
});
