import { INTERACTIVE_MSG, savedInteractiveSchema } from '@common/api/interactive';
import {
  attachmentKindOf,
  SAVED_MSG,
  type SavedAttachment,
  type SavedMessageView,
  type SaveSavedMessageInput,
  savedAttachmentProblem,
} from '@common/api/saved-messages';
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { recordAudit } from '../audit/audit-log';
import type { Database, Executor } from '../db/client';
import { media, savedMessages } from '../db/schema';
import type { Env } from '../env';
import { badRequest, notFound } from '../lib/http-errors';
import { findOutgoingMedia } from '../media/outgoing';
import { keepAsMedia, type ReceivedFile, uploadedSize } from '../outbound/receive-upload';
import { documentFilename, sniffMedia } from '../outbound/sniff';
import { savedMessagePolicy } from '../policies/saved-message';

export type SavedMessageActor = {
  id: string;
  teamId: string;
  role: 'owner' | 'member' | null;
  accountId: string;
};
type Deps = { db: Database; env: Env };
type SavedRow = typeof savedMessages.$inferSelect;
type MediaRow = typeof media.$inferSelect;

function presentAttachment(row: MediaRow): SavedAttachment {
  return {
    id: row.id,
    kind: row.kind === 'sticker' ? 'image' : row.kind,
    mimeType: row.mimeType ?? 'application/octet-stream',
    filename: row.filename,
    size: row.fileSize,
    url: `/api/media/${row.id}`,
  };
}

function present(row: SavedRow, file: MediaRow | undefined): SavedMessageView {
  return {
    id: row.id,
    name: row.name,
    content: row.content,
    mediaType: file ? row.mediaType : 'text',
    attachment: file ? presentAttachment(file) : null,
    interactive: row.interactive ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The team's saved messages (user_id null), newest first (spec §7). */
export async function listSavedMessages(db: Executor, actor: SavedMessageActor): Promise<SavedMessageView[]> {
  savedMessagePolicy.authorize(actor, 'view', { teamId: actor.teamId });
  const rows = await db
    .select()
    .from(savedMessages)
    .where(and(eq(savedMessages.teamId, actor.teamId), isNull(savedMessages.userId)))
    .orderBy(desc(savedMessages.createdAt), desc(savedMessages.id));
  const ids = rows.map((r) => r.mediaId).filter((id): id is string => id !== null);
  const files = ids.length ? await db.select().from(media).where(inArray(media.id, ids)) : [];
  const byId = new Map(files.map((f) => [f.id, f]));
  return rows.map((r) => present(r, r.mediaId ? byId.get(r.mediaId) : undefined));
}

/**
 * Keeps an attachment for a saved message (owners only): the type is judged by the bytes, with the
 * spec's two messages for a type or a size that does not fit. Stored as a media row of the account.
 */
export async function uploadSavedAttachment(
  deps: Deps,
  actor: SavedMessageActor,
  file: ReceivedFile,
  declaredSize: number | null,
): Promise<SavedAttachment> {
  savedMessagePolicy.authorize(actor, 'create', { teamId: actor.teamId });
  const sniffed = sniffMedia(file.head, file.filename);
  const size = uploadedSize(file, declaredSize);
  // The bytes decide the type ('image/gif' is an image the rules refuse; unknown bytes a document).
  const mimeType = sniffed.mimeType;
  const problem = savedAttachmentProblem(mimeType, size);
  if (problem) {
    throw badRequest(problem, problem.startsWith('File size') ? 'media_too_large' : 'media_type', 'file');
  }
  const kind = attachmentKindOf(mimeType);
  const filename = kind === 'document' ? documentFilename(file.filename, mimeType) : file.filename || null;
  const row = await keepAsMedia(deps, actor.accountId, file, { kind, mimeType, filename });
  return presentAttachment(row);
}

async function attachmentOf(db: Executor, actor: SavedMessageActor, attachmentId: string | null) {
  if (!attachmentId) return null;
  const file = await findOutgoingMedia(db, actor.accountId, attachmentId);
  if (!file) throw badRequest(SAVED_MSG.attachmentNotFound, 'validation_failed', 'attachmentId');
  return file;
}

function checkedFields(input: SaveSavedMessageInput) {
  const name = input.name.trim();
  if (!name) throw badRequest(SAVED_MSG.titleRequired, 'validation_failed', 'name');
  // The route parsed it already; parsing again gives the output shape (idempotent) for the store.
  const interactive = input.interactive ? savedInteractiveSchema.parse(input.interactive) : null;
  return { name, content: interactive ? interactive.body : (input.content ?? '').trim(), interactive };
}

/**
 * The file a saved message keeps: its attachment, or for reply buttons with a file header, that file
 * (which must be of the header's kind). An interactive message carries no other attachment.
 */
async function fileOf(db: Executor, actor: SavedMessageActor, input: SaveSavedMessageInput) {
  if (!input.interactive) return attachmentOf(db, actor, input.attachmentId ?? null);
  const headerMedia = input.interactive.type === 'buttons' ? input.interactive.headerMedia : undefined;
  if (!headerMedia) return null;
  const file = await findOutgoingMedia(db, actor.accountId, headerMedia.mediaId);
  if (!file || file.kind !== headerMedia.type) {
    throw badRequest(INTERACTIVE_MSG.headerMediaNotFound, 'validation_failed', 'interactive.headerMedia');
  }
  return file;
}

async function findSaved(db: Executor, actor: SavedMessageActor, id: string): Promise<SavedRow> {
  const [row] = await db
    .select()
    .from(savedMessages)
    .where(
      and(eq(savedMessages.id, id), eq(savedMessages.teamId, actor.teamId), isNull(savedMessages.userId)),
    )
    .limit(1);
  if (!row) throw notFound(SAVED_MSG.notFound);
  return row;
}

/** Creates a team saved message (owners only; 'Please enter a title…' without a title). */
export async function createSavedMessage(
  deps: Deps,
  actor: SavedMessageActor,
  input: SaveSavedMessageInput,
): Promise<SavedMessageView> {
  savedMessagePolicy.authorize(actor, 'create', { teamId: actor.teamId });
  const fields = checkedFields(input);
  const file = await fileOf(deps.db, actor, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(savedMessages)
      .values({
        teamId: actor.teamId,
        userId: null,
        ...fields,
        mediaType: file ? (file.kind === 'sticker' ? 'image' : file.kind) : 'text',
        mediaId: file?.id ?? null,
        filename: file?.filename ?? null,
      })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'saved_message.created',
      subjectType: 'saved_message',
      subjectId: row!.id,
      details: { name: fields.name },
    });
    return present(row!, file ?? undefined);
  });
}

/** Replaces a saved message's title, text and attachment (owners only). */
export async function updateSavedMessage(
  deps: Deps,
  actor: SavedMessageActor,
  id: string,
  input: SaveSavedMessageInput,
): Promise<SavedMessageView> {
  savedMessagePolicy.authorize(actor, 'edit', await findSaved(deps.db, actor, id));
  const fields = checkedFields(input);
  const file = await fileOf(deps.db, actor, input);
  return deps.db.transaction(async (tx) => {
    const [row] = await tx
      .update(savedMessages)
      .set({
        ...fields,
        mediaType: file ? (file.kind === 'sticker' ? 'image' : file.kind) : 'text',
        mediaId: file?.id ?? null,
        filename: file?.filename ?? null,
        updatedAt: new Date(),
      })
      .where(eq(savedMessages.id, id))
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'saved_message.updated',
      subjectType: 'saved_message',
      subjectId: id,
      details: { name: fields.name },
    });
    return present(row!, file ?? undefined);
  });
}

/** Deletes a saved message (owners only). */
export async function deleteSavedMessage(deps: Deps, actor: SavedMessageActor, id: string): Promise<void> {
  const row = await findSaved(deps.db, actor, id);
  savedMessagePolicy.authorize(actor, 'delete', row);
  await deps.db.transaction(async (tx) => {
    await tx.delete(savedMessages).where(eq(savedMessages.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'saved_message.deleted',
      subjectType: 'saved_message',
      subjectId: id,
      details: { name: row.name },
    });
  });
}
