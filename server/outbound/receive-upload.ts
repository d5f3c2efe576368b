import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/client';
import { media } from '../db/schema';
import type { Env } from '../env';
import { badRequest } from '../lib/http-errors';
import { isStorableText, toStorableText, UNSTORABLE_TEXT_MESSAGE } from '../lib/stored-text';
import { mediaPath } from '../media/storage';
import { SNIFF_BYTES } from './sniff';

/** A file part written to a temporary file under the media store, with what checks need. */
export type ReceivedFile = {
  tempPath: string;
  size: number;
  /** The first SNIFF_BYTES bytes, for sniffing the type. */
  head: Buffer;
  filename: string;
  /** What the browser claimed; informational only, never trusted. */
  declaredType: string;
  /** The multipart limit cut it short: `size` is a lower bound. */
  truncated: boolean;
};

export type ReceivedUpload = {
  fields: Record<string, string>;
  files: Record<string, ReceivedFile>;
  /** Deletes every temporary file still in place. */
  discard(): Promise<void>;
};

/**
 * Streams a multipart request to disk: text fields into `fields`, the file parts named in `fileFields`
 * into temporary files next to where they will live (so keeping one is a rename). Other file parts are
 * drained and dropped. Call `discard()` when the upload is refused.
 */
export async function receiveUpload(
  request: FastifyRequest,
  env: Env,
  accountId: string,
  fileFields: readonly string[],
): Promise<ReceivedUpload> {
  const fields: Record<string, string> = {};
  const files: Record<string, ReceivedFile> = {};
  const discard = async () => {
    await Promise.all(Object.values(files).map((f) => rm(f.tempPath, { force: true })));
  };
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (typeof part.value !== 'string') continue;
        if (!isStorableText(part.value) || !isStorableText(part.fieldname))
          throw badRequest(UNSTORABLE_TEXT_MESSAGE, 'validation_failed', toStorableText(part.fieldname));
        fields[part.fieldname] = part.value;
        continue;
      }
      if (!fileFields.includes(part.fieldname) || files[part.fieldname]) {
        part.file.resume();
        continue;
      }
      const tempPath = mediaPath(env, `${accountId}/upload-${randomUUID()}.part`);
      await mkdir(path.dirname(tempPath), { recursive: true });
      const received: ReceivedFile = {
        tempPath,
        size: 0,
        head: Buffer.alloc(0),
        // Shown to people and written into headers: no control characters, no broken Unicode.
        filename: toStorableText(part.filename ?? '', { keepLineBreaks: false }),
        declaredType: toStorableText(part.mimetype ?? '', { keepLineBreaks: false }),
        truncated: false,
      };
      files[part.fieldname] = received;
      const chunks: Buffer[] = [];
      let headBytes = 0;
      const meter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          received.size += chunk.length;
          if (headBytes < SNIFF_BYTES) {
            chunks.push(chunk.subarray(0, SNIFF_BYTES - headBytes));
            headBytes += Math.min(chunk.length, SNIFF_BYTES - headBytes);
          }
          done(null, chunk);
        },
      });
      await pipeline(part.file, meter, createWriteStream(tempPath));
      received.head = Buffer.concat(chunks);
      received.truncated = part.file.truncated;
    }
  } catch (error) {
    await discard();
    throw malformed(error) ? badRequest(UNREADABLE_UPLOAD, 'invalid_upload') : error;
  }
  return { fields, files, discard };
}

/**
 * Receives a request's one `file` part and hands it to `use` with the text fields and the declared
 * request size; the temporary file is always removed (a kept file was moved away already).
 */
export async function withUploadedFile<T>(
  request: FastifyRequest,
  env: Env,
  accountId: string,
  use: (file: ReceivedFile, fields: Record<string, string>, declaredSize: number | null) => Promise<T>,
): Promise<T> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart/form-data.', 'validation_failed');
  const upload = await receiveUpload(request, env, accountId, ['file']);
  try {
    const file = upload.files.file;
    if (!file) throw badRequest('Please choose a file to upload', 'validation_failed', 'file');
    return await use(file, upload.fields, declaredSizeOf(request));
  } finally {
    await upload.discard();
  }
}

/** The request's Content-Length, or null when it has none. */
export function declaredSizeOf(request: FastifyRequest): number | null {
  const declared = Number(request.headers['content-length']);
  return Number.isFinite(declared) ? declared : null;
}

/** A file's size for the checks: a part the multipart limit cut short counts as over any limit. */
export function uploadedSize(file: ReceivedFile, declaredSize: number | null): number {
  return file.truncated ? Math.max(file.size + 1, declaredSize ?? 0) : file.size;
}

const UNREADABLE_UPLOAD = 'The upload could not be read. Send the file again as multipart/form-data.';

/**
 * A broken multipart body (no boundary, cut short, bad part headers): the parser throws plain Errors
 * with no HTTP status and no system call, unlike our own refusals, the disk's failures and bugs
 * (TypeError and friends).
 */
function malformed(error: unknown): boolean {
  return (
    error instanceof Error &&
    Object.getPrototypeOf(error) === Error.prototype &&
    !('statusCode' in error) &&
    !('syscall' in error)
  );
}

/** Moves a received file to its final key in the media store. */
export async function keepUpload(env: Env, file: ReceivedFile, storageKey: string): Promise<void> {
  await rename(file.tempPath, mediaPath(env, storageKey));
}

/**
 * Keeps a received file as a ready outgoing media row of the account (its own id and storage key);
 * the file is removed again when the row cannot be written.
 */
export async function keepAsMedia(
  deps: { db: Database; env: Env },
  accountId: string,
  file: ReceivedFile,
  values: Pick<typeof media.$inferInsert, 'kind' | 'mimeType' | 'filename'>,
): Promise<typeof media.$inferSelect> {
  const id = randomUUID();
  const storageKey = `${accountId}/${id}`;
  await keepUpload(deps.env, file, storageKey);
  try {
    const [row] = await deps.db
      .insert(media)
      .values({
        id,
        accountId,
        direction: 'outgoing',
        ...values,
        fileSize: file.size,
        storageKey,
        status: 'ready',
      })
      .returning();
    return row!;
  } catch (error) {
    await removeStored(deps.env, [storageKey]);
    throw error;
  }
}

/** Removes stored files (a send that could not be recorded). */
export async function removeStored(env: Env, storageKeys: string[]): Promise<void> {
  await Promise.all(storageKeys.map((key) => rm(mediaPath(env, key), { force: true })));
}
