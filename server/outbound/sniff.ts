import type { MediaKind } from '@common/api/inbox';

/**
 * What a file is, judged by its first bytes (never by its name or the browser's type). `kind` is null
 * for anything WhatsApp would not take; `mimeType` still names it for the error message
 * ('…Your file is video/quicktime.'). The name only breaks ties the bytes cannot: which Office 97
 * format an OLE container holds, when its stream names are not in the first bytes.
 */
export type Sniffed = { kind: MediaKind | null; mimeType: string };

/** How many leading bytes sniffing looks at (enough for OLE directories and the first zip entries). */
export const SNIFF_BYTES = 64 * 1024;

const OLE_MAGIC = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);
const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const MIME = {
  doc: 'application/msword',
  xls: 'application/vnd.ms-excel',
  ppt: 'application/vnd.ms-powerpoint',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
} as const;

function startsWith(head: Buffer, bytes: Buffer | number[] | string, offset = 0): boolean {
  const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= offset + want.length && head.subarray(offset, offset + want.length).equals(want);
}

function extensionOf(filename: string): string {
  const dot = filename.lastIndexOf('.');
  return dot < 0 ? '' : filename.slice(dot + 1).toLowerCase();
}

/** ISO base media (MP4 family): `ftyp` at offset 4, the major brand after it. */
function sniffIsoMedia(head: Buffer): Sniffed | null {
  if (!startsWith(head, 'ftyp', 4)) return null;
  const brand = head.subarray(8, 12).toString('latin1');
  if (brand.startsWith('3gp')) return { kind: 'video', mimeType: 'video/3gpp' };
  if (brand.startsWith('3g2')) return { kind: null, mimeType: 'video/3gpp2' };
  if (brand === 'qt  ') return { kind: null, mimeType: 'video/quicktime' };
  if (brand === 'M4A ' || brand === 'M4B ') return { kind: 'audio', mimeType: 'audio/mp4' };
  if (brand === 'heic' || brand === 'heix' || brand === 'mif1' || brand === 'msf1')
    return { kind: null, mimeType: 'image/heic' };
  if (brand === 'avif') return { kind: null, mimeType: 'image/avif' };
  return { kind: 'video', mimeType: 'video/mp4' };
}

/** Office 97–2003 (OLE compound file): the directory names its main stream. */
function sniffOle(head: Buffer, filename: string): Sniffed {
  const has = (name: string) => head.includes(Buffer.from(name, 'utf16le'));
  if (has('WordDocument')) return { kind: 'document', mimeType: MIME.doc };
  if (has('Workbook') || has('Book')) return { kind: 'document', mimeType: MIME.xls };
  if (has('PowerPoint Document')) return { kind: 'document', mimeType: MIME.ppt };
  const ext = extensionOf(filename);
  if (ext === 'doc' || ext === 'xls' || ext === 'ppt') return { kind: 'document', mimeType: MIME[ext] };
  return { kind: null, mimeType: 'application/x-ole-storage' };
}

/** Office Open XML is a zip with [Content_Types].xml; its part names say which application. */
function sniffZip(head: Buffer, filename: string): Sniffed {
  const text = head.toString('latin1');
  if (!text.includes('[Content_Types].xml')) return { kind: null, mimeType: 'application/zip' };
  if (text.includes('word/')) return { kind: 'document', mimeType: MIME.docx };
  if (text.includes('xl/')) return { kind: 'document', mimeType: MIME.xlsx };
  if (text.includes('ppt/')) return { kind: 'document', mimeType: MIME.pptx };
  const ext = extensionOf(filename);
  if (ext === 'docx' || ext === 'xlsx' || ext === 'pptx') return { kind: 'document', mimeType: MIME[ext] };
  return { kind: null, mimeType: 'application/zip' };
}

/** Plain text: valid UTF-8 (a cut-off character at the end of the sample is fine) without NUL or binary control bytes. */
function looksLikeText(head: Buffer): boolean {
  if (head.length === 0) return false;
  for (const byte of head) {
    if (byte === 0) return false;
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  }
  const decoded = new TextDecoder('utf-8', { fatal: false }).decode(head);
  const replacements = decoded.split('\uFFFD').length - 1;
  return replacements <= 1 && !(replacements === 1 && !decoded.endsWith('\uFFFD'));
}

/** The type of a file from its first bytes (see SNIFF_BYTES). */
export function sniffMedia(head: Buffer, filename = ''): Sniffed {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', mimeType: 'image/jpeg' };
  if (startsWith(head, PNG_MAGIC)) return { kind: 'image', mimeType: 'image/png' };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return { kind: null, mimeType: 'image/gif' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return { kind: null, mimeType: 'image/webp' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'AVI ', 8))
    return { kind: null, mimeType: 'video/x-msvideo' };
  if (startsWith(head, 'BM') && startsWith(head, [0, 0, 0, 0], 6))
    return { kind: null, mimeType: 'image/bmp' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: null, mimeType: 'video/webm' };
  const iso = sniffIsoMedia(head);
  if (iso) return iso;
  if (startsWith(head, '%PDF-')) return { kind: 'document', mimeType: 'application/pdf' };
  if (startsWith(head, OLE_MAGIC)) return sniffOle(head, filename);
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return sniffZip(head, filename);
  if (startsWith(head, '#!AMR')) return { kind: 'audio', mimeType: 'audio/amr' };
  if (startsWith(head, 'OggS')) return { kind: 'audio', mimeType: 'audio/ogg' };
  if (startsWith(head, 'ID3')) return { kind: 'audio', mimeType: 'audio/mpeg' };
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xf6) === 0xf0)
    return { kind: 'audio', mimeType: 'audio/aac' }; // ADTS
  if (head.length >= 2 && head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0)
    return { kind: 'audio', mimeType: 'audio/mpeg' }; // MPEG audio frame sync
  if (looksLikeText(head)) return { kind: 'document', mimeType: 'text/plain' };
  return { kind: null, mimeType: 'application/octet-stream' };
}

const EXTENSION_FOR: Record<string, string> = {
  'application/pdf': 'pdf',
  'text/plain': 'txt',
  [MIME.doc]: 'doc',
  [MIME.xls]: 'xls',
  [MIME.ppt]: 'ppt',
  [MIME.docx]: 'docx',
  [MIME.xlsx]: 'xlsx',
  [MIME.pptx]: 'pptx',
};

/**
 * The name the customer sees for a document: the user's name, with the extension the bytes call for
 * ('invoice.jpg' holding a PDF becomes 'invoice.pdf'). Text files may keep any extension (csv, log…).
 */
export function documentFilename(filename: string, mimeType: string): string {
  const base = (filename.split(/[\\/]/).pop() ?? '').replace(/["\r\n]/g, '').trim() || 'document';
  const wanted = EXTENSION_FOR[mimeType];
  if (!wanted || mimeType === 'text/plain' || extensionOf(base) === wanted) return base;
  const stem = base.includes('.') ? base.slice(0, base.lastIndexOf('.')) || 'document' : base;
  return `${stem}.${wanted}`;
}
