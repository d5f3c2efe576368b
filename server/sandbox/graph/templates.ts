import { z } from 'zod';
import { sandboxTemplates } from '../../db/schema';
import { enqueue } from '../../jobs/queue';
import { numericId } from '../state/ids';
import {
  decodeCursor,
  encodeCursor,
  findTemplate,
  listTemplatesPage,
  placeholdersOf,
  type SandboxTemplate,
  type StoredComponent,
} from '../state/templates';
import { templateReviewJob } from '../templates/review.job';
import { headerSampleProblem, isMediaHeader, sampleHandleOf, sampleUrl } from '../templates/samples';
import type { GraphContext } from './context';
import { GraphError, graphErrors } from './errors';
import { pageLimit, selectFields } from './fields';

const TEMPLATE_FIELDS_DEFAULT = [
  'name',
  'parameter_format',
  'components',
  'language',
  'status',
  'category',
  'id',
];

/** A media header's sample is listed as a URL to the file (as Meta lists its CDN address), not the handle. */
function listedComponents(template: SandboxTemplate, origin: string): StoredComponent[] {
  return (template.components as StoredComponent[]).map((component) => {
    if (component.type !== 'HEADER' || !isMediaHeader(component)) return component;
    const handle = sampleHandleOf(component);
    const url = handle ? sampleUrl(origin, handle) : null;
    return url ? { ...component, example: { ...component.example, header_handle: [url] } } : component;
  });
}

/** A template as Graph returns it. */
export function templateNode(template: SandboxTemplate, origin: string): Record<string, unknown> {
  return {
    name: template.name,
    parameter_format: template.parameterFormat,
    components: listedComponents(template, origin),
    language: template.language,
    status: template.status,
    category: template.category,
    ...(template.rejectedReason ? { rejected_reason: template.rejectedReason } : {}),
    id: template.id,
  };
}

/** GET /{waba}/message_templates: `fields`, `limit`, `name`, `status`, and `after` cursors with a `next` link. */
export async function listTemplates(ctx: GraphContext, wabaId: string, query: Record<string, unknown>) {
  const limit = pageLimit(query.limit);
  const after = typeof query.after === 'string' ? decodeCursor(query.after) : null;
  if (typeof query.after === 'string' && after === null)
    throw graphErrors.invalidParameter('Invalid cursor in after.');
  const { rows, hasMore } = await listTemplatesPage(ctx.db, wabaId, {
    limit,
    afterId: after,
    name: typeof query.name === 'string' ? query.name : undefined,
    status: typeof query.status === 'string' ? query.status : undefined,
  });
  const fields = typeof query.fields === 'string' ? query.fields : undefined;
  const data = rows.map((t) =>
    selectFields(templateNode(t, ctx.origin), 'WhatsAppMessageTemplate', fields, TEMPLATE_FIELDS_DEFAULT),
  );

  const paging: Record<string, unknown> = {};
  if (rows.length > 0) {
    const cursors = { before: encodeCursor(rows[0]!.id), after: encodeCursor(rows[rows.length - 1]!.id) };
    paging.cursors = cursors;
    if (hasMore) {
      const next = new URL(`${ctx.origin}/sandbox/graph/v22.0/${wabaId}/message_templates`);
      for (const key of ['fields', 'name', 'status'] as const) {
        if (typeof query[key] === 'string') next.searchParams.set(key, query[key] as string);
      }
      next.searchParams.set('limit', String(limit));
      next.searchParams.set('after', cursors.after);
      paging.next = next.toString();
    }
  }
  return { data, paging };
}

const buttonSchema = z.looseObject({
  type: z.string().min(1),
  text: z.string().optional(),
  url: z.string().optional(),
  phone_number: z.string().optional(),
});
const componentSchema = z.looseObject({
  type: z.string().min(1),
  format: z.string().optional(),
  text: z.string().optional(),
  buttons: z.array(buttonSchema).optional(),
  example: z.record(z.string(), z.unknown()).optional(),
});
const createTemplateBody = z.object({
  name: z.string(),
  category: z.string(),
  language: z.string(),
  parameter_format: z.string().optional(),
  allow_category_change: z.boolean().optional(),
  components: z.array(componentSchema).min(1),
});

const CATEGORIES = ['AUTHENTICATION', 'MARKETING', 'UTILITY'];

function normalizeComponents(components: z.infer<typeof componentSchema>[]): StoredComponent[] {
  return components.map((c) => ({
    ...c,
    type: c.type.toUpperCase(),
    ...(c.format ? { format: c.format.toUpperCase() } : {}),
    ...(c.buttons ? { buttons: c.buttons.map((b) => ({ ...b, type: b.type.toUpperCase() })) } : {}),
  }));
}

/** Meta's checks on the body text's placeholders: the right style, in order, with example values. */
function checkPlaceholders(body: StoredComponent, format: 'NAMED' | 'POSITIONAL'): void {
  const names = placeholdersOf(body.text);
  if (names.length === 0) return;
  if (format === 'POSITIONAL') {
    const expected = names.map((_, i) => String(i + 1));
    if (names.some((n, i) => n !== expected[i])) {
      throw graphErrors.invalidParameter(
        'Positional parameters must be {{1}}, {{2}}… in order; use parameter_format NAMED for named parameters.',
        2388043,
      );
    }
    const examples = (body.example as { body_text?: unknown } | undefined)?.body_text;
    const first = Array.isArray(examples) ? examples[0] : undefined;
    if (!Array.isArray(first) || first.length !== names.length) {
      throw graphErrors.invalidParameter(
        `Message template body has ${names.length} parameter(s) and needs as many example values in example.body_text.`,
        2388043,
      );
    }
    return;
  }
  if (names.some((n) => !/^[a-z_][a-z0-9_]*$/.test(n))) {
    throw graphErrors.invalidParameter(
      'Named parameters must be lowercase letters, digits and underscores.',
      2388043,
    );
  }
  const named = (body.example as { body_text_named_params?: unknown } | undefined)?.body_text_named_params;
  const given = Array.isArray(named) ? named.map((p) => (p as { param_name?: unknown }).param_name) : [];
  if (names.some((n) => !given.includes(n))) {
    throw graphErrors.invalidParameter(
      'Every named parameter needs an example value in example.body_text_named_params.',
      2388043,
    );
  }
}

/**
 * POST /{waba}/message_templates: validated like Meta (name, category, language, one BODY, examples
 * for parameters, no duplicate name+language), stored PENDING, and reviewed by a job after
 * `templateReviewSeconds`.
 */
export async function createTemplate(ctx: GraphContext, wabaId: string, rawBody: unknown) {
  const parsed = createTemplateBody.safeParse(rawBody ?? {});
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw graphErrors.invalidParameter(
      `Invalid parameter ${issue?.path.join('.') || 'body'}: ${issue?.message ?? ''}`,
    );
  }
  const input = parsed.data;
  if (!/^[a-z0-9_]{1,512}$/.test(input.name)) {
    throw graphErrors.invalidParameter(
      'Template names can only contain lowercase alphanumeric characters and underscores (at most 512).',
    );
  }
  const category = input.category.toUpperCase();
  if (!CATEGORIES.includes(category)) {
    throw graphErrors.invalidParameter(`Category must be one of ${CATEGORIES.join(', ')}.`);
  }
  if (!/^[a-z]{2,3}(_[A-Z]{2,3})?$/.test(input.language)) {
    throw graphErrors.invalidParameter(`Invalid language code '${input.language}' (e.g. en_US).`);
  }
  const parameterFormat = (input.parameter_format ?? 'POSITIONAL').toUpperCase();
  if (parameterFormat !== 'NAMED' && parameterFormat !== 'POSITIONAL') {
    throw graphErrors.invalidParameter('parameter_format must be NAMED or POSITIONAL.');
  }
  const components = normalizeComponents(input.components);
  const bodies = components.filter((c) => c.type === 'BODY');
  if (bodies.length !== 1 || !bodies[0]!.text?.trim()) {
    throw graphErrors.invalidParameter('A message template needs exactly one BODY component with text.');
  }
  checkPlaceholders(bodies[0]!, parameterFormat);
  const headers = components.filter((c) => c.type === 'HEADER');
  if (headers.length > 1) throw graphErrors.invalidParameter('A message template can have one HEADER.');
  const header = headers[0];
  if (isMediaHeader(header)) {
    const problem = await headerSampleProblem(ctx.db, wabaId, header);
    if (problem) throw graphErrors.invalidParameter(problem);
  }
  if (await findTemplate(ctx.db, wabaId, input.name, input.language)) {
    throw new GraphError(100, 'Invalid parameter', 'Content in this language already exists.', {
      httpStatus: 400,
      subcode: 2388024,
    });
  }

  const reviewAt = new Date(Date.now() + ctx.settings.templateReviewSeconds * 1000);
  const id = numericId();
  await ctx.db.transaction(async (tx) => {
    await tx.insert(sandboxTemplates).values({
      id,
      wabaId,
      name: input.name,
      language: input.language,
      category,
      components,
      parameterFormat,
      status: 'PENDING',
      reviewAt,
      createdAt: ctx.now,
    });
    await enqueue(tx, templateReviewJob, { templateId: id }, { runAt: reviewAt });
  });
  return { id, status: 'PENDING', category };
}
