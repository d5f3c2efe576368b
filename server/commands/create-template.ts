import { openAsBlob } from 'node:fs';
import {
  type CreateTemplateDraft,
  normalizeTemplateName,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateMediaFormat,
  type TemplateView,
  templateDraftProblem,
} from '@common/api/templates';
import { recordAudit } from '../audit/audit-log';
import type { ChannelProvider, SubmittedTemplate } from '../channel/channel';
import type { Database } from '../db/client';
import { type media, templates } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import { badRequest, forbidden, HttpError } from '../lib/http-errors';
import { findOutgoingMedia } from '../media/outgoing';
import { mediaPath } from '../media/storage';
import { templatePolicy } from '../policies/template';
import { graphComponents, presentTemplate } from '../templates/components';
import { describeError } from '../whatsapp/error-map';
import { GraphConfigError, GraphNetworkError } from '../whatsapp/graph-errors';

export type TemplateActor = {
  id: string;
  teamId: string;
  role: 'owner' | 'member' | null;
  accountId: string;
};
type MediaRow = typeof media.$inferSelect;

/** The sample a media header names: a stored file of the account that fits the format (else 400). */
async function sampleFor(
  db: Database,
  accountId: string,
  mediaId: string,
  format: TemplateMediaFormat,
): Promise<MediaRow> {
  const row = await findOutgoingMedia(db, accountId, mediaId);
  if (!row) throw badRequest(TEMPLATE_MSG.headerMediaNotFound, 'validation_failed', 'header');
  const rule = TEMPLATE_SAMPLE_RULES[format];
  if (!rule.mimeTypes.includes(row.mimeType ?? '')) {
    throw badRequest(TEMPLATE_MSG.sampleType(format), 'media_type', 'header');
  }
  if ((row.fileSize ?? 0) > rule.maxMb * 1024 * 1024) {
    throw badRequest(TEMPLATE_MSG.sampleSize(format), 'media_too_large', 'header');
  }
  return row;
}

/** Meta's refusal (or no answer) as 'Failed to create template: …'; 502 when Meta could not be reached. */
function createFailure(error: unknown): HttpError {
  const described = describeError(error, 'template_create');
  if (error instanceof GraphConfigError) {
    return new HttpError(400, 'template_create_failed', `${TEMPLATE_MSG.failedToCreate}: ${error.message}`);
  }
  return new HttpError(
    error instanceof GraphNetworkError ? 502 : 400,
    'template_create_failed',
    described.message,
  );
}

/**
 * Submits a new template for Meta's review. The name is normalized (spec §5) and the draft is checked
 * against Meta's rules first: a draft Meta would refuse gets a 400 with the reason and never reaches
 * Graph. An image/video/document header's sample (uploaded to us before, checked by its bytes) goes
 * to Meta with the Resumable Upload API and the template quotes its handle. Meta's own refusals come
 * back as 'Failed to create template: <reason>'. The template is stored with Meta's id and status
 * (pending), so the status webhook finds it, and keeps its sample for previews and sends.
 */
export async function createTemplate(
  deps: { db: Database; env: Env; channels: ChannelProvider; events: EventBus },
  actor: TemplateActor,
  input: CreateTemplateDraft,
): Promise<TemplateView> {
  templatePolicy.authorize(actor, 'create', { accountId: actor.accountId });
  const draft: CreateTemplateDraft = { ...input, name: normalizeTemplateName(input.name.trim()) };
  const problem = templateDraftProblem(draft);
  if (problem) throw badRequest(problem.message, 'validation_failed', problem.field);

  const header = draft.header;
  const sample =
    header && header.format !== 'TEXT'
      ? await sampleFor(deps.db, actor.accountId, header.mediaId.trim(), header.format)
      : null;

  const channel = await deps.channels.forAccount(deps.db, actor.accountId);
  if (!channel?.wabaId) throw forbidden(TEMPLATE_MSG.noAccount, 'no_account');
  let sent: ReturnType<typeof graphComponents>;
  let created: SubmittedTemplate;
  try {
    const handle = sample?.storageKey
      ? (
          await channel.uploadTemplateSample({
            data: await openAsBlob(mediaPath(deps.env, sample.storageKey)),
            fileName: sample.filename ?? `${sample.kind}.${sample.mimeType?.split('/')[1] ?? 'bin'}`,
            fileType: sample.mimeType ?? 'application/octet-stream',
          })
        ).handle
      : null;
    sent = graphComponents(draft, handle);
    created = await channel.createTemplate({
      name: draft.name,
      category: draft.category,
      language: draft.language,
      components: sent,
    });
  } catch (error) {
    throw createFailure(error);
  }

  const status = (created.status ?? 'PENDING').toLowerCase();
  const row = await deps.events.transaction(async (tx, emit) => {
    const values = {
      providerId: created.id,
      category: (created.category ?? draft.category).toUpperCase(),
      status,
      components: sent,
      rejectedReason: null,
      headerMediaId: sample?.id ?? null,
      updatedAt: new Date(),
    };
    const [saved] = await tx
      .insert(templates)
      .values({ accountId: actor.accountId, name: draft.name, language: draft.language, ...values })
      .onConflictDoUpdate({ target: [templates.accountId, templates.name, templates.language], set: values })
      .returning();
    await recordAudit(tx, {
      actorId: actor.id,
      teamId: actor.teamId,
      action: 'template.created',
      subjectType: 'template',
      subjectId: saved!.id,
      details: { name: draft.name, category: values.category, ...(header ? { header: header.format } : {}) },
    });
    emit({ kind: 'template.updated', accountId: actor.accountId, templateId: saved!.id });
    return saved!;
  });
  return presentTemplate(row, sample);
}
