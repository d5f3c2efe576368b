import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { sandboxUploads } from '../../db/schema';

/**
 * The Resumable Upload API's state: sessions opened on the app (`POST /{app-id}/uploads`), the bytes
 * received so far, and the handle of a complete file. Template media headers quote that handle.
 */

export type SampleKind = 'image' | 'video' | 'document';
const MB = 1024 * 1024;

/** What a template sample may be: Meta's types for uploads, with the limits of each kind. */
export const SAMPLE_RULES: Record<string, { kind: SampleKind; maxBytes: number }> = {
  'image/jpeg': { kind: 'image', maxBytes: 5 * MB },
  'image/jpg': { kind: 'image', maxBytes: 5 * MB },
  'image/png': { kind: 'image', maxBytes: 5 * MB },
  'video/mp4': { kind: 'video', maxBytes: 16 * MB },
  'application/pdf': { kind: 'document', maxBytes: 100 * MB },
};

/** Why a session for this file would be refused (Meta's code 100), or null. */
export function sessionProblem(fileType: string, fileLength: number): string | null {
  const rule = SAMPLE_RULES[fileType];
  if (!rule) {
    return `Invalid file_type '${fileType}'. Valid values are: application/pdf, image/jpeg, image/jpg, image/png, video/mp4.`;
  }
  if (!Number.isSafeInteger(fileLength) || fileLength < 1) return 'file_length must be a positive integer.';
  if (fileLength > rule.maxBytes) {
    return `The ${rule.kind} is ${fileLength} bytes; a template's ${rule.kind} sample can be at most ${rule.maxBytes} bytes.`;
  }
  return null;
}

/** Whether the bytes are what the session said (JPEG, PNG, MP4 or PDF by their first bytes). */
export function contentMatches(fileType: string, head: Buffer): boolean {
  const starts = (bytes: number[] | string, offset = 0) => {
    const want = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
    return head.length >= offset + want.length && head.subarray(offset, offset + want.length).equals(want);
  };
  switch (fileType) {
    case 'image/jpeg':
    case 'image/jpg':
      return starts([0xff, 0xd8, 0xff]);
    case 'image/png':
      return starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    case 'video/mp4':
      return starts('ftyp', 4);
    case 'application/pdf':
      return starts('%PDF-');
    default:
      return false;
  }
}

export type UploadSession = Omit<typeof sandboxUploads.$inferSelect, 'data'> & { received: number };

function signature(key: string, secretKey: string): string {
  return createHmac('sha256', secretKey).update(`sandbox-upload:${key}`).digest('base64url').slice(0, 22);
}

/** The id a client uses for a session: `upload:<key>?sig=<signature>`, like Meta's. */
export function sessionId(key: string, secretKey: string): string {
  return `upload:${key}?sig=${signature(key, secretKey)}`;
}

/** The session key of `upload:<key>` when the signature fits, else null. */
export function sessionKeyOf(node: string, sig: unknown, secretKey: string): string | null {
  const match = /^upload:([A-Za-z0-9_-]{8,200})$/.exec(node);
  if (!match || typeof sig !== 'string') return null;
  const expected = Buffer.from(signature(match[1]!, secretKey));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected) ? match[1]! : null;
}

/** A handle names its file type and session: `4::<base64 type>:<key>`. */
function handleFor(key: string, fileType: string): string {
  return `4::${Buffer.from(fileType).toString('base64')}:${key}`;
}

/** The session key inside a handle (for the sample's URL), or null when it is not one of ours. */
export function keyOfHandle(handle: string): string | null {
  return /^4::[A-Za-z0-9+/=]+:([A-Za-z0-9_-]{8,200})$/.exec(handle)?.[1] ?? null;
}

export async function openSession(
  db: Executor,
  input: { appId: string; wabaId: string; fileName: string | null; fileType: string; fileLength: number },
): Promise<string> {
  const key = Buffer.from(`1:attachment:${randomUUID()}`).toString('base64url');
  await db.insert(sandboxUploads).values({ id: key, ...input });
  return key;
}

const sessionColumns = {
  id: sandboxUploads.id,
  appId: sandboxUploads.appId,
  wabaId: sandboxUploads.wabaId,
  fileName: sandboxUploads.fileName,
  fileType: sandboxUploads.fileType,
  fileLength: sandboxUploads.fileLength,
  handle: sandboxUploads.handle,
  createdAt: sandboxUploads.createdAt,
  received: sql<number>`octet_length(${sandboxUploads.data})::int`,
};

export async function findSession(db: Executor, key: string): Promise<UploadSession | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(sandboxUploads)
    .where(eq(sandboxUploads.id, key))
    .limit(1);
  return row ? { ...row, received: Number(row.received) } : null;
}

/** Appends a chunk; when the file is then complete it gets its handle. Answers the new state. */
export async function appendChunk(
  db: Executor,
  session: UploadSession,
  chunk: Buffer,
): Promise<UploadSession> {
  const complete = session.received + chunk.length === session.fileLength;
  const [row] = await db
    .update(sandboxUploads)
    .set({
      data: sql`${sandboxUploads.data} || ${chunk}`,
      ...(complete ? { handle: handleFor(session.id, session.fileType) } : {}),
    })
    .where(
      and(eq(sandboxUploads.id, session.id), sql`octet_length(${sandboxUploads.data}) = ${session.received}`),
    )
    .returning(sessionColumns);
  if (!row) return (await findSession(db, session.id)) ?? session;
  return { ...row, received: Number(row.received) };
}

/** The first bytes of a session's file (to check its type once complete). */
export async function sessionHead(db: Executor, key: string, bytes = 64): Promise<Buffer> {
  const [row] = await db
    .select({ head: sql<Buffer>`substring(${sandboxUploads.data} from 1 for ${bytes})` })
    .from(sandboxUploads)
    .where(eq(sandboxUploads.id, key))
    .limit(1);
  return row ? Buffer.from(row.head) : Buffer.alloc(0);
}

/** Forgets what a session received (its bytes were not what it announced). */
export async function resetSession(db: Executor, key: string): Promise<void> {
  await db
    .update(sandboxUploads)
    .set({ data: sql`'\\x'::bytea`, handle: null })
    .where(eq(sandboxUploads.id, key));
}

/** A complete upload by its handle. */
export async function findByHandle(db: Executor, handle: string): Promise<UploadSession | null> {
  const [row] = await db
    .select(sessionColumns)
    .from(sandboxUploads)
    .where(eq(sandboxUploads.handle, handle))
    .limit(1);
  return row ? { ...row, received: Number(row.received) } : null;
}

/** A complete sample's bytes and type, by its session key. */
export async function loadSample(
  db: Executor,
  key: string,
): Promise<{ data: Buffer; fileType: string; fileName: string | null } | null> {
  const [row] = await db
    .select({
      data: sandboxUploads.data,
      fileType: sandboxUploads.fileType,
      fileName: sandboxUploads.fileName,
    })
    .from(sandboxUploads)
    .where(and(eq(sandboxUploads.id, key), sql`${sandboxUploads.handle} is not null`))
    .limit(1);
  return row ?? null;
}
