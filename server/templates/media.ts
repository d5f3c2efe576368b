import { randomUUID } from 'node:crypto';
import { copyFile } from 'node:fs/promises';
import {
  isMediaFormat,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateMedia,
  type TemplateMediaFormat,
  type TemplateMediaKind,
} from '@common/api/templates';
import type { Database } from '../db/client';
import type { media } from '../db/schema';
import type { Env } from '../env';
import { badRequest } from '../lib/http-errors';
import { mediaPath } from '../media/storage';
import { checkAttachment } from '../outbound/attachment-rules';
import { keepAsMedia, type ReceivedFile, uploadedSize } from '../outbound/receive-upload';
import { documentFilename, sniffMedia } from '../outbound/sniff';
import { presentTemplateMedia, type TemplateRow } from './components';

/**
 * The files of media headers: a template's sample (checked against Meta's sample rules, kept as a
 * media row of the account) and the file one send carries (checked like the composer's media of
 * that kind). Both are judged by their bytes, never by the name or the browser's type.
 */

type Deps = { db: Database; env: Env };
type MediaRow = typeof media.$inferSelect;
const MB = 1024 * 1024;

/** Keeps the sample file of a new template's image/video/document header (Meta's sample rules). */
export async function keepHeaderSample(
  deps: Deps,
  accountId: string,
  format: TemplateMediaFormat,
  file: ReceivedFile,
  declaredSize: number | null,
): Promise<TemplateMedia> {
  const rule = TEMPLATE_SAMPLE_RULES[format];
  const { mimeType } = sniffMedia(file.head, file.filename);
  const size = uploadedSize(file, declaredSize);
  if (!rule.mimeTypes.includes(mimeType) || size === 0) {
    throw badRequest(TEMPLATE_MSG.sampleType(format), 'media_type', 'file');
  }
  if (size > rule.maxMb * MB) throw badRequest(TEMPLATE_MSG.sampleSize(format), 'media_too_large', 'file');
  const filename =
    rule.kind === 'document' ? documentFilename(file.filename, mimeType) : file.filename || null;
  return presentTemplateMedia(
    await keepAsMedia(deps, accountId, file, { kind: rule.kind, mimeType, filename }),
  );
}

/** The kind of file a template's header carries, or null for a text header or none. */
export function headerKindOf(template: Pick<TemplateRow, 'components'>): TemplateMediaKind | null {
  const components = Array.isArray(template.components) ? (template.components as { type?: unknown }[]) : [];
  const header = components.find((c) => String(c.type).toUpperCase() === 'HEADER') as
    | { format?: unknown }
    | undefined;
  const format = typeof header?.format === 'string' ? header.format.toUpperCase() : null;
  return isMediaFormat(format) ? TEMPLATE_SAMPLE_RULES[format].kind : null;
}

/**
 * Keeps the file one send of this template carries in its header: the composer's rules for that kind
 * (image 5 MB JPEG/PNG, video 16 MB MP4/3GPP, document 100 MB), with the composer's messages.
 */
export async function keepSendHeaderMedia(
  deps: Deps,
  accountId: string,
  template: TemplateRow,
  file: ReceivedFile,
  declaredSize: number | null,
): Promise<TemplateMedia> {
  const kind = headerKindOf(template);
  if (!kind) throw badRequest(TEMPLATE_MSG.noMediaHeader, 'validation_failed', 'file');
  const verdict = checkAttachment(
    sniffMedia(file.head, file.filename),
    uploadedSize(file, declaredSize),
    kind,
  );
  if (!verdict.ok) throw badRequest(verdict.message, verdict.code, 'file');
  const filename =
    kind === 'document' ? documentFilename(file.filename, verdict.mimeType) : file.filename || null;
  return presentTemplateMedia(
    await keepAsMedia(deps, accountId, file, { kind, mimeType: verdict.mimeType, filename }),
  );
}

/**
 * A copy of a template's sample for one send, as a new media row's values: its own file, so the send's
 * media id at Meta (valid 30 days) is never reused by later sends, and the message keeps its file if
 * the template goes. The caller inserts the row (and removes the file if it cannot).
 */
export async function copySample(env: Env, sample: MediaRow) {
  const id = randomUUID();
  const storageKey = `${sample.accountId}/${id}`;
  await copyFile(mediaPath(env, sample.storageKey!), mediaPath(env, storageKey));
  return {
    id,
    accountId: sample.accountId,
    direction: 'outgoing' as const,
    kind: sample.kind,
    mimeType: sample.mimeType,
    fileSize: sample.fileSize,
    filename: sample.filename,
    storageKey,
    status: 'ready' as const,
  };
}
