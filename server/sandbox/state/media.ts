import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxMedia } from '../../db/schema';
import { numericId } from './ids';

export type MediaKind = 'audio' | 'document' | 'image' | 'sticker' | 'video';

const MB = 1024 * 1024;

/** Meta's supported types and size limits (shared/docs/whatsapp-cloud-api.md §3). */
export const MEDIA_RULES: { kind: MediaKind; types: string[]; maxBytes: number }[] = [
  {
    kind: 'audio',
    types: ['audio/aac', 'audio/amr', 'audio/mpeg', 'audio/mp4', 'audio/ogg'],
    maxBytes: 16 * MB,
  },
  {
    kind: 'document',
    types: [
      'text/plain',
      'application/vnd.ms-excel',
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'application/msword',
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      'application/vnd.ms-powerpoint',
      'application/vnd.openxmlformats-officedocument.presentationml.presentation',
      'application/pdf',
    ],
    maxBytes: 100 * MB,
  },
  { kind: 'image', types: ['image/jpeg', 'image/png'], maxBytes: 5 * MB },
  { kind: 'sticker', types: ['image/webp'], maxBytes: 500 * 1024 },
  { kind: 'video', types: ['video/3gpp', 'video/mp4'], maxBytes: 16 * MB },
];

/** The largest file any kind allows (documents). */
export const MAX_MEDIA_BYTES = 100 * MB;

/** 'audio/ogg; codecs=opus' → 'audio/ogg'. */
export function baseMime(mimeType: string): string {
  return (mimeType.split(';')[0] ?? '').trim().toLowerCase();
}

export function mediaKindOf(mimeType: string): MediaKind | null {
  const base = baseMime(mimeType);
  return MEDIA_RULES.find((rule) => rule.types.includes(base))?.kind ?? null;
}

/** Why Meta would refuse this upload (131053), or null when it is fine. */
export function uploadProblem(mimeType: string, size: number): string | null {
  const rule = MEDIA_RULES.find((r) => r.types.includes(baseMime(mimeType)));
  if (!rule) {
    const all = MEDIA_RULES.flatMap((r) => r.types).join(', ');
    return `Param file must be a file with one of the following types: ${all}. Received file of type '${baseMime(mimeType) || 'unknown'}'.`;
  }
  if (size === 0) return 'The uploaded file is empty.';
  if (size > rule.maxBytes) {
    return `The ${rule.kind} file is ${size} bytes; the maximum for ${rule.kind} is ${rule.maxBytes} bytes.`;
  }
  return null;
}

/** Whether a stored file may be sent as this message type (a document may carry any supported file). */
export function canSendAs(type: MediaKind, mimeType: string): boolean {
  const kind = mediaKindOf(mimeType);
  if (kind === null) return false;
  return type === 'document' ? true : kind === type;
}

export type MediaInfo = {
  id: string;
  phoneNumberId: string;
  mimeType: string;
  /** Hex SHA-256 of the bytes. */
  sha256: string;
  filename: string | null;
  size: number;
  createdAt: Date;
};

export async function storeMedia(
  db: Executor,
  input: { phoneNumberId: string; mimeType: string; filename: string | null; data: Buffer },
): Promise<MediaInfo> {
  const sha256 = createHash('sha256').update(input.data).digest('hex');
  const [row] = await db
    .insert(sandboxMedia)
    .values({ id: numericId(), ...input, sha256 })
    .returning({ id: sandboxMedia.id, createdAt: sandboxMedia.createdAt });
  return {
    id: row!.id,
    phoneNumberId: input.phoneNumberId,
    mimeType: input.mimeType,
    sha256,
    filename: input.filename,
    size: input.data.length,
    createdAt: row!.createdAt,
  };
}

/** A file's first bytes (a voice note's Ogg/Opus check), without loading the rest. */
export async function mediaHead(db: Executor, id: string, bytes = 512): Promise<Buffer> {
  const [row] = await db
    .select({ head: sql<Uint8Array>`substring(${sandboxMedia.data} from 1 for ${bytes})` })
    .from(sandboxMedia)
    .where(eq(sandboxMedia.id, id))
    .limit(1);
  return row ? Buffer.from(row.head) : Buffer.alloc(0);
}

/** A file's facts without loading its bytes. */
export async function findMediaInfo(db: Executor, id: string): Promise<MediaInfo | null> {
  if (!/^\d{1,20}$/.test(id)) return null;
  const [row] = await db
    .select({
      id: sandboxMedia.id,
      phoneNumberId: sandboxMedia.phoneNumberId,
      mimeType: sandboxMedia.mimeType,
      sha256: sandboxMedia.sha256,
      filename: sandboxMedia.filename,
      size: sql<number>`octet_length(${sandboxMedia.data})::int`,
      createdAt: sandboxMedia.createdAt,
    })
    .from(sandboxMedia)
    .where(eq(sandboxMedia.id, id))
    .limit(1);
  return row ? { ...row, size: Number(row.size) } : null;
}

export async function loadMediaBytes(db: Executor, id: string): Promise<Buffer | null> {
  const [row] = await db
    .select({ data: sandboxMedia.data })
    .from(sandboxMedia)
    .where(eq(sandboxMedia.id, id))
    .limit(1);
  return row?.data ?? null;
}

export async function deleteMedia(db: Executor, id: string): Promise<void> {
  await db.delete(sandboxMedia).where(eq(sandboxMedia.id, id));
}

/** Webhooks carry the SHA-256 in base64; GET /{media-id} answers it in hex. */
export function sha256Base64(hex: string): string {
  return Buffer.from(hex, 'hex').toString('base64');
}

/** Download URLs live 5 minutes, like Meta's; they are signed so no state is needed to check them. */
export const MEDIA_URL_TTL_SECONDS = 300;

function mediaUrlHash(id: string, expires: number, secretKey: string): string {
  return createHmac('sha256', secretKey).update(`sandbox-media:${id}:${expires}`).digest('hex');
}

export function signedMediaQuery(id: string, secretKey: string, nowMs = Date.now()): string {
  const expires = Math.floor(nowMs / 1000) + MEDIA_URL_TTL_SECONDS;
  return `mid=${id}&ext=${expires}&hash=${mediaUrlHash(id, expires, secretKey)}`;
}

export function checkMediaSignature(
  query: { mid: string; ext: string; hash: string },
  secretKey: string,
  nowMs = Date.now(),
): 'ok' | 'invalid' | 'expired' {
  const expires = Number(query.ext);
  if (!Number.isInteger(expires)) return 'invalid';
  const expected = Buffer.from(mediaUrlHash(query.mid, expires, secretKey), 'hex');
  const given = Buffer.from(query.hash, 'hex');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return 'invalid';
  return expires * 1000 < nowMs ? 'expired' : 'ok';
}
