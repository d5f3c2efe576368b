import {
  renderTemplateText,
  type SendTemplateInput,
  TEMPLATE_MSG,
  type TemplateMediaKind,
} from '@common/api/templates';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { media, templates } from '../db/schema';
import type { Env } from '../env';
import type { EventBus } from '../events/bus';
import type { Clock } from '../lib/clock';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { findOutgoingMedia } from '../media/outgoing';
import { removeStored } from '../outbound/receive-upload';
import { createdChanges, findByClientRef, recordOutgoing, type SendOutcome } from '../outbound/send-message';
import { contactPolicy } from '../policies/contact';
import { templatePolicy } from '../policies/template';
import type { ContactRow } from '../presenters/contact';
import type { MessageRow } from '../presenters/message';
import { presentTemplate } from '../templates/components';
import { copySample, headerKindOf } from '../templates/media';
import type { TemplateActor } from './create-template';

type MediaRow = typeof media.$inferSelect;

/**
 * The file an image/video/document header carries: the one chosen for this send, else the template's
 * sample. Null for templates without a media header (a chosen file is then refused).
 */
async function headerFileFor(
  db: Database,
  actor: TemplateActor,
  template: typeof templates.$inferSelect,
  chosenId: string | undefined,
): Promise<{ file: MediaRow; kind: TemplateMediaKind; isSample: boolean } | null> {
  const kind = headerKindOf(template);
  if (!kind) {
    if (chosenId) throw badRequest(TEMPLATE_MSG.noMediaHeader, 'validation_failed', 'headerMediaId');
    return null;
  }
  const id = chosenId ?? template.headerMediaId;
  if (!id) throw badRequest(TEMPLATE_MSG.sendMediaRequired(kind), 'validation_failed', 'headerMediaId');
  const file = await findOutgoingMedia(db, actor.accountId, id);
  if (file?.kind !== kind)
    throw badRequest(TEMPLATE_MSG.headerMediaNotFound, 'validation_failed', 'headerMediaId');
  return { file, kind, isSample: file.id === template.headerMediaId };
}

/**
 * Sends an approved template to a contact through the same pipeline as text (pending row + clientRef
 * + `message.send` job, its retries and statuses). The 24-hour window does not apply: templates are
 * what may be sent outside it. The stored body is the text the customer reads, values filled in; an
 * image/video/document header carries the chosen file or a copy of the template's sample, which the
 * job uploads to Meta like the composer's media and the conversation shows above the text.
 */
export async function sendTemplateMessage(
  deps: { db: Database; env: Env; clock: Clock; events: EventBus },
  actor: TemplateActor,
  contact: ContactRow,
  input: Required<Pick<SendTemplateInput, 'templateId' | 'clientRef'>> & {
    parameters: { body: string[]; header: string[] };
    headerMediaId?: string;
  },
): Promise<SendOutcome> {
  contactPolicy.authorize(actor, 'view', { contact });
  const sender = { id: actor.id, accountId: actor.accountId };
  const earlier = await findByClientRef(deps.db, sender, contact.id, input.clientRef);
  if (earlier) return { row: earlier, created: false };

  const [row] = await deps.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, input.templateId), eq(templates.accountId, actor.accountId)))
    .limit(1);
  if (!row) throw notFound(TEMPLATE_MSG.templateNotFound);
  templatePolicy.authorize(actor, 'send', row);
  const template = presentTemplate(row);
  if (template.status !== 'approved') throw conflict(TEMPLATE_MSG.notApproved, 'template_not_approved');

  const body = input.parameters.body.slice(0, template.bodyVariables).map((v) => v.trim());
  const header = input.parameters.header.slice(0, template.headerVariables).map((v) => v.trim());
  const needed = template.bodyVariables + template.headerVariables;
  if (
    body.filter(Boolean).length < template.bodyVariables ||
    header.filter(Boolean).length < template.headerVariables
  ) {
    throw badRequest(TEMPLATE_MSG.parameterCount(needed), 'validation_failed', 'parameters');
  }
  const headerFile = await headerFileFor(deps.db, actor, row, input.headerMediaId);
  const text = renderTemplateText(template, { body, header });
  const now = await deps.clock.now(deps.db);

  const copy = headerFile?.isSample ? await copySample(deps.env, headerFile.file) : null;
  let created: MessageRow | null;
  try {
    created = await deps.events.transaction(async (tx, emit) => {
      if (copy) await tx.insert(media).values(copy);
      const row = await recordOutgoing(tx, sender, contact, {
        type: 'template',
        body: text,
        content: {
          kind: 'template',
          name: template.name,
          language: template.language,
          body: text,
          parameters: { body, header },
          ...(headerFile ? { headerMedia: headerFile.kind } : {}),
        },
        clientRef: input.clientRef,
        replyToExternalId: null,
        ...(headerFile ? { mediaId: copy?.id ?? headerFile.file.id } : {}),
        timestamp: now,
      });
      if (row) emit(...createdChanges(row));
      return row;
    });
  } catch (error) {
    if (copy) await removeStored(deps.env, [copy.storageKey]);
    throw error;
  }
  if (!created) {
    if (copy) await removeStored(deps.env, [copy.storageKey]);
    return { row: (await findByClientRef(deps.db, sender, contact.id, input.clientRef))!, created: false };
  }
  return { row: created, created: true };
}
