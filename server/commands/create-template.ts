import {
  type CreateTemplateDraft,
  normalizeTemplateName,
  TEMPLATE_MSG,
  templateDraftProblem,
} from '@common/api/templates';
import { graphForAccount } from '../accounts/graph';
import { recordAudit } from '../audit/audit-log';
import type { Database } from '../db/client';
import { templates } from '../db/schema';
import type { Env } from '../env';
import { publishChanges } from '../inbound/inbox-changes';
import { badRequest, forbidden, HttpError } from '../lib/http-errors';
import { templatePolicy } from '../policies/template';
import { graphComponents, type TemplateRow } from '../templates/components';
import { describeError } from '../whatsapp/error-map';
import { GraphNetworkError } from '../whatsapp/graph-errors';

export type TemplateActor = {
  id: string;
  teamId: string;
  role: 'owner' | 'member' | null;
  accountId: string;
};

/**
 * Submits a new template for Meta's review. The name is normalized (spec §5) and the draft is checked
 * against Meta's rules first: a draft Meta would refuse gets a 400 with the reason and never reaches
 * Graph. Meta's own refusals come back as 'Failed to create template: <reason>'. The template is
 * stored with Meta's id and status (pending), so the status webhook finds it.
 */
export async function createTemplate(
  deps: { db: Database; env: Env },
  actor: TemplateActor,
  input: CreateTemplateDraft,
): Promise<TemplateRow> {
  templatePolicy.authorize(actor, 'create', { teamId: actor.teamId });
  const draft: CreateTemplateDraft = { ...input, name: normalizeTemplateName(input.name.trim()) };
  const problem = templateDraftProblem(draft);
  if (problem) throw badRequest(problem.message, 'validation_failed', problem.field);

  const graph = await graphForAccount(deps.db, deps.env, actor.accountId);
  if (!graph?.account.wabaId) throw forbidden(TEMPLATE_MSG.noAccount, 'no_account');
  const components = graphComponents(draft);
  let created: Awaited<ReturnType<typeof graph.client.createTemplate>>;
  try {
    created = await graph.client.createTemplate(graph.account.wabaId, {
      name: draft.name,
      category: draft.category,
      language: draft.language,
      components,
    });
  } catch (error) {
    const described = describeError(error, 'template_create');
    throw new HttpError(
      error instanceof GraphNetworkError ? 502 : 400,
      'template_create_failed',
      described.message,
    );
  }

  const status = (created.status ?? 'PENDING').toLowerCase();
  const row = await deps.db.transaction(async (tx) => {
    const values = {
      providerId: created.id,
      category: (created.category ?? draft.category).toUpperCase(),
      status,
      components,
      rejectedReason: null,
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
      details: { name: draft.name, category: values.category },
    });
    return saved!;
  });
  publishChanges([{ kind: 'template.updated', accountId: actor.accountId, templateId: row.id }]);
  return row;
}
