import { renderTemplateText, type SendTemplateInput, TEMPLATE_MSG } from '@common/api/templates';
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import type { Env } from '../env';
import { publishChanges } from '../inbound/inbox-changes';
import { badRequest, conflict, notFound } from '../lib/http-errors';
import { messagingNow } from '../outbound/clock';
import { createdChanges, findByClientRef, recordOutgoing, type SendOutcome } from '../outbound/send-message';
import { templatePolicy } from '../policies/template';
import type { ContactRow } from '../presenters/contact';
import { presentTemplate } from '../templates/components';
import type { TemplateActor } from './create-template';

/**
 * Sends an approved template to a contact through the same pipeline as text (pending row + clientRef
 * + `message.send` job, its retries and statuses). The 24-hour window does not apply: templates are
 * what may be sent outside it. The stored body is the text the customer reads, values filled in.
 */
export async function sendTemplateMessage(
  deps: { db: Database; env: Env },
  actor: TemplateActor,
  contact: ContactRow,
  input: Required<Pick<SendTemplateInput, 'templateId' | 'clientRef'>> & {
    parameters: { body: string[]; header: string[] };
  },
): Promise<SendOutcome> {
  templatePolicy.authorize(actor, 'send', { teamId: actor.teamId });
  const sender = { id: actor.id, accountId: actor.accountId };
  const earlier = await findByClientRef(deps.db, sender, contact.id, input.clientRef);
  if (earlier) return { row: earlier, created: false };

  const [row] = await deps.db
    .select()
    .from(templates)
    .where(and(eq(templates.id, input.templateId), eq(templates.accountId, actor.accountId)))
    .limit(1);
  if (!row) throw notFound(TEMPLATE_MSG.templateNotFound);
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
  const text = renderTemplateText(template, { body, header });
  const now = await messagingNow(deps.db, deps.env);

  const created = await deps.db.transaction((tx) =>
    recordOutgoing(tx, sender, contact, {
      type: 'template',
      body: text,
      content: {
        kind: 'template',
        name: template.name,
        language: template.language,
        body: text,
        parameters: { body, header },
      },
      clientRef: input.clientRef,
      replyToExternalId: null,
      timestamp: now,
    }),
  );
  if (!created) {
    return { row: (await findByClientRef(deps.db, sender, contact.id, input.clientRef))!, created: false };
  }
  publishChanges(createdChanges(created));
  return { row: created, created: true };
}
