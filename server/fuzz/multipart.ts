import { solidPng } from '../test/sandbox';
import type { Pools } from './inputs';
import { randomString } from './inputs';
import type { Random } from './random';

/** A multipart/form-data part: a text field or a file. */
export type Part =
  | { name: string; value: string }
  | { name: string; filename?: string; contentType?: string; data: Buffer };

/** Builds a multipart/form-data body by hand, so the fuzz test can also break its framing. */
export function multipartBody(
  parts: readonly Part[],
  boundary = 'fuzzboundary7MA4YWxkTrZu0gW',
): { body: Buffer; contentType: string } {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"`;
    if ('data' in part) {
      if (part.filename !== undefined) head += `; filename="${part.filename}"`;
      head += `\r\nContent-Type: ${part.contentType ?? 'application/octet-stream'}`;
    }
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'));
    chunks.push('data' in part ? part.data : Buffer.from(part.value, 'utf8'));
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

const MB = 1024 * 1024;
const PNG = solidPng(4, 4, [200, 10, 10]);
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64),
  Buffer.from([0xff, 0xd9]),
]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n', 'latin1');
const ELF = Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 0x02, 0x01, 0x01]), Buffer.alloc(120)]);
const EXE = Buffer.concat([Buffer.from('MZ', 'latin1'), Buffer.alloc(58), Buffer.from('PE\0\0', 'latin1')]);
const MP4 = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from('ftypisom', 'latin1'),
  Buffer.alloc(64),
]);
const QUICKTIME = Buffer.concat([
  Buffer.from([0, 0, 0, 0x14]),
  Buffer.from('ftypqt  ', 'latin1'),
  Buffer.alloc(32),
]);
const OGG = Buffer.concat([Buffer.from('OggS', 'latin1'), Buffer.alloc(60)]);
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
const HTML = Buffer.from('<!doctype html><html><script>alert(document.cookie)</script></html>');
const ZIP = Buffer.concat([Buffer.from([0x50, 0x4b, 0x03, 0x04]), Buffer.alloc(40)]);
const OLE = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(512)]);
const TEXT = Buffer.from('plain words\n');

/** A file whose name, declared type and bytes disagree (or which is empty, or too big). */
export function lyingFile(r: Random, pools: Pools): { filename: string; contentType: string; data: Buffer } {
  const [filename, contentType, data] = r.weighted<() => [string, string, Buffer]>([
    [3, () => ['scan.pdf', 'application/pdf', PNG]],
    [3, () => ['cat.jpg', 'image/jpeg', EXE]],
    [2, () => ['photo.png', 'image/png', ELF]],
    [2, () => ['clip.mp4', 'video/mp4', JPEG]],
    [1, () => ['movie.mov', 'video/mp4', QUICKTIME]],
    [1, () => ['voice.ogg', 'audio/ogg', OGG]],
    [2, () => ['logo.png', 'image/png', SVG]],
    [2, () => ['invoice.pdf', 'application/pdf', HTML]],
    [
      1,
      () => ['report.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', ZIP],
    ],
    [1, () => ['old.doc', 'application/msword', OLE]],
    [1, () => ['notes.txt', 'text/plain', TEXT]],
    [3, () => ['empty.jpg', 'image/jpeg', Buffer.alloc(0)]],
    [1, () => ['empty.txt', 'text/plain', Buffer.alloc(0)]],
    [2, () => ['real.png', 'image/png', PNG]],
    [1, () => ['real.jpg', 'image/jpeg', JPEG]],
    [1, () => ['real.pdf', 'application/pdf', PDF]],
    [1, () => ['noise.bin', 'application/octet-stream', Buffer.from(randomString(r, pools), 'utf8')]],
    // Over the image limit (5 MB) with a PNG signature; rarely, over the 16 MB video limit.
    [1, () => ['big.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(5 * MB + 1)])]],
    [0.2, () => ['big.mp4', 'video/mp4', Buffer.concat([MP4, Buffer.alloc(16 * MB + 1)])]],
  ])();
  const name = r.weighted<() => string>([
    [8, () => filename],
    [1, () => `../../${filename}`],
    [1, () => `${'n'.repeat(r.pick([255, 2_000]))}.${filename.split('.').pop()}`],
    [1, () => `a\u0000${filename}`],
    [1, () => `\u202e${filename}`],
    [1, () => ''],
    [1, () => `"; name="file2${filename}`],
  ])();
  return {
    filename: name,
    contentType: r.chance(0.8) ? contentType : randomString(r, pools).slice(0, 80),
    data,
  };
}

/** A file over the largest limit (100 MB documents); built once, it is big. */
let oversized: Buffer | undefined;
export function oversizedDocument(): Buffer {
  oversized ??= Buffer.concat([PDF, Buffer.alloc(100 * MB + 16)]);
  return oversized;
}

export const FILES = { PNG, JPEG, PDF, MP4 };
