import { z } from 'zod';

/**
 * Message templates (spec §2 /app/marketing, §4 Templates, §5 Template creation, §8, §9) and Meta's
 * template rules (shared/docs/whatsapp-cloud-api.md §4). The rules live here so the create dialog and
 * the server refuse the same drafts with the same words, before anything reaches Meta.
 */

export const TEMPLATE_MSG = {
  failedToLoad: 'Failed to load templates',
  failedToFetch: 'Failed to fetch templates',
  failedToCreate: 'Failed to create template',
  failedToSend: 'Failed to send template',
  noAccount: 'No WhatsApp account found. Please try refreshing the page.',
  notSignedIn: 'User not authenticated. Please log in to access templates.',
  nameHint: 'Only lowercase letters, numbers and underscores',
  nameRequired: 'Please enter a template name',
  nameTooLong: 'Template names can be at most 512 characters',
  bodyRequired: 'Please enter the message body',
  bodyTooLong: 'The body can be at most 1024 characters',
  headerTooLong: 'The header text can be at most 60 characters',
  headerOneLine: 'The header text must be a single line',
  headerOneVariable: 'The header text can have at most one variable, {{1}}',
  headerExample: 'Enter an example value for the header variable {{1}}',
  footerTooLong: 'The footer can be at most 60 characters',
  footerNoVariables: 'The footer cannot contain variables',
  malformedVariable: 'Variables must look like {{1}}, {{2}}… with two curly braces and a number',
  variablesInOrder: (expected: number, found: string) =>
    `Body variables must be numbered in order from {{1}}: expected {{${expected}}} but found {{${found}}}`,
  variableAtEdge: 'The body cannot start or end with a variable; add some text before and after it',
  tooManyVariables: 'The body has too many variables for its length; add more text around them',
  exampleRequired: (n: number) => `Enter an example value for the variable {{${n}}}`,
  tooManyButtons: 'A template can have at most 10 buttons',
  tooManyUrlButtons: 'A template can have at most 2 URL buttons',
  tooManyPhoneButtons: 'A template can have at most 1 phone number button',
  buttonText: 'Every button needs a label of at most 25 characters',
  buttonUrl: 'URL buttons need an https:// address (at most 2000 characters)',
  buttonPhone: 'Phone number buttons need a number with its country code, e.g. +15551234567',
  headerMediaRequired: (format: TemplateMediaFormat) =>
    `Choose the ${TEMPLATE_SAMPLE_RULES[format].noun} for the header`,
  headerMediaNotFound: 'The header file was not found. Please choose it again.',
  sampleType: (format: TemplateMediaFormat) =>
    `Header ${TEMPLATE_SAMPLE_RULES[format].noun}s must be ${TEMPLATE_SAMPLE_RULES[format].typeLabel}`,
  sampleSize: (format: TemplateMediaFormat) =>
    `Header ${TEMPLATE_SAMPLE_RULES[format].noun}s must be at most ${TEMPLATE_SAMPLE_RULES[format].maxMb}MB`,
  noMediaHeader: 'This template has no image, video or document header',
  sendMediaRequired: (kind: TemplateMediaKind) => `Choose the ${kind} to send in the header`,
  notApproved: 'Only approved templates can be sent',
  parameterCount: (n: number) => `Fill in all ${n} variable${n === 1 ? '' : 's'} of this template`,
  templateNotFound: 'Template not found',
} as const;

/** Header formats that carry a file; the template holds a sample, every send carries its own file. */
export const TEMPLATE_MEDIA_FORMATS = ['IMAGE', 'VIDEO', 'DOCUMENT'] as const;
export type TemplateMediaFormat = (typeof TEMPLATE_MEDIA_FORMATS)[number];
export type TemplateMediaKind = 'image' | 'video' | 'document';

export function isMediaFormat(format: string | null | undefined): format is TemplateMediaFormat {
  return (TEMPLATE_MEDIA_FORMATS as readonly string[]).includes(format ?? '');
}

/**
 * What a template's sample file may be (Meta's Resumable Upload types, with the media limits): the
 * server checks the bytes, the dialog's file picker offers these types.
 */
export const TEMPLATE_SAMPLE_RULES: Record<
  TemplateMediaFormat,
  {
    kind: TemplateMediaKind;
    noun: string;
    mimeTypes: readonly string[];
    typeLabel: string;
    maxMb: number;
    /** The file picker's `accept`. */
    accept: string;
  }
> = {
  IMAGE: {
    kind: 'image',
    noun: 'image',
    mimeTypes: ['image/jpeg', 'image/png'],
    typeLabel: 'JPEG or PNG',
    maxMb: 5,
    accept: 'image/jpeg,image/png',
  },
  VIDEO: {
    kind: 'video',
    noun: 'video',
    mimeTypes: ['video/mp4'],
    typeLabel: 'MP4',
    maxMb: 16,
    accept: 'video/mp4',
  },
  DOCUMENT: {
    kind: 'document',
    noun: 'document',
    mimeTypes: ['application/pdf'],
    typeLabel: 'PDF',
    maxMb: 100,
    accept: 'application/pdf',
  },
};

export const TEMPLATE_CATEGORIES = ['UTILITY', 'MARKETING', 'AUTHENTICATION'] as const;
export type TemplateCategory = (typeof TEMPLATE_CATEGORIES)[number];
export const TEMPLATE_LANGUAGE = 'en_US';
export const TEMPLATE_NAME_MAX = 512;
export const TEMPLATE_BODY_MAX = 1024;
export const TEMPLATE_HEADER_MAX = 60;
export const TEMPLATE_FOOTER_MAX = 60;
export const TEMPLATE_BUTTON_TEXT_MAX = 25;
export const TEMPLATE_BUTTONS_MAX = 10;
/** Spec §9: while any template is pending, the list re-checks this often. */
export const PENDING_TEMPLATE_POLL_MS = 30_000;

/** Spec §4: approved, pending, rejected; anything else Meta says is shown as pending. */
export type TemplateStatus = 'approved' | 'pending' | 'rejected';
export function displayStatus(raw: string | null | undefined): TemplateStatus {
  const status = (raw ?? '').toLowerCase();
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}

/** Spec §5: lowercased, and every character other than a-z, 0-9 and _ becomes '_'. */
export function normalizeTemplateName(name: string): string {
  return name.toLowerCase().replace(/[^a-z0-9_]/g, '_');
}

/** Every `{{…}}` in a text, in order, as written between the braces (trimmed). */
export function placeholdersIn(text: string): string[] {
  return [...text.matchAll(/\{\{([^{}]*)\}\}/g)].map((m) => (m[1] ?? '').trim());
}

/** The positional variables a text uses: 2 for 'Hi {{1}}, order {{2}}'. Repeats count once. */
export function variableCount(text: string): number {
  const numbers = placeholdersIn(text)
    .filter((p) => /^\d+$/.test(p))
    .map(Number);
  return numbers.length === 0 ? 0 : Math.max(...numbers);
}

/** Fills `{{n}}` with values[n-1]; a missing value leaves the placeholder as it is. */
export function fillVariables(text: string, values: readonly string[]): string {
  return text.replace(/\{\{\s*(\d+)\s*\}\}/g, (whole, n: string) => {
    const value = values[Number(n) - 1];
    return value === undefined || value === '' ? whole : value;
  });
}

const buttonSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('QUICK_REPLY'), text: z.string() }),
  z.object({ type: z.literal('URL'), text: z.string(), url: z.string() }),
  z.object({ type: z.literal('PHONE_NUMBER'), text: z.string(), phoneNumber: z.string() }),
]);
export type TemplateButtonDraft = z.infer<typeof buttonSchema>;

/** POST /api/templates. Blank header/footer are dropped (spec §5); rules are in `templateDraftProblem`. */
export const createTemplateSchema = z.object({
  name: z.string().max(2000),
  category: z.enum(TEMPLATE_CATEGORIES).default('UTILITY'),
  language: z.literal(TEMPLATE_LANGUAGE).default(TEMPLATE_LANGUAGE),
  header: z
    .discriminatedUnion('format', [
      z.object({
        format: z.literal('TEXT'),
        text: z.string().max(2000),
        example: z.string().max(2000).optional(),
      }),
      // The sample file, uploaded first with POST /api/templates/header-samples.
      z.object({ format: z.enum(TEMPLATE_MEDIA_FORMATS), mediaId: z.string().max(100) }),
    ])
    .nullable()
    .optional(),
  body: z.string().max(5000),
  bodyExamples: z.array(z.string().max(1000)).max(100).default([]),
  footer: z.string().max(2000).nullable().optional(),
  buttons: z.array(buttonSchema).max(20).default([]),
});
export type CreateTemplateInput = z.input<typeof createTemplateSchema>;
export type CreateTemplateDraft = z.output<typeof createTemplateSchema>;

/** The body's variable problem, if any: malformed, out of order, at the start or end, too dense. */
function bodyVariableProblem(body: string): string | null {
  const found = placeholdersIn(body);
  const leftover = body.replace(/\{\{[^{}]*\}\}/g, '');
  if (found.some((p) => !/^\d+$/.test(p)) || leftover.includes('{{') || leftover.includes('}}')) {
    return TEMPLATE_MSG.malformedVariable;
  }
  for (let i = 0; i < found.length; i++) {
    if (Number(found[i]) !== i + 1) return TEMPLATE_MSG.variablesInOrder(i + 1, found[i]!);
  }
  if (found.length === 0) return null;
  const trimmed = body.trim();
  if (/^\{\{\s*\d+\s*\}\}/.test(trimmed) || /\{\{\s*\d+\s*\}\}[.!?]?$/.test(trimmed)) {
    return TEMPLATE_MSG.variableAtEdge;
  }
  // Meta refuses bodies that are mostly variables (its "too many variables for the length" rule).
  const words = trimmed
    .replace(/\{\{\s*\d+\s*\}\}/g, ' ')
    .split(/\s+/)
    .filter(Boolean).length;
  if (words < found.length * 2 + 1) return TEMPLATE_MSG.tooManyVariables;
  return null;
}

/**
 * The first reason Meta would refuse this draft, in words for the user; null when it may be sent.
 * Expects the name already normalized (the dialog shows the normalized name as it is typed).
 */
export function templateDraftProblem(draft: CreateTemplateDraft): { field: string; message: string } | null {
  const name = draft.name.trim();
  if (!name || /^_+$/.test(name)) return { field: 'name', message: TEMPLATE_MSG.nameRequired };
  if (name.length > TEMPLATE_NAME_MAX) return { field: 'name', message: TEMPLATE_MSG.nameTooLong };
  if (!/^[a-z0-9_]+$/.test(name)) return { field: 'name', message: TEMPLATE_MSG.nameHint };

  if (draft.header && draft.header.format !== 'TEXT' && !draft.header.mediaId.trim()) {
    return { field: 'header', message: TEMPLATE_MSG.headerMediaRequired(draft.header.format) };
  }
  const header = draft.header?.format === 'TEXT' && draft.header.text.trim() ? draft.header : null;
  if (header) {
    const text = header.text.trim();
    if (text.length > TEMPLATE_HEADER_MAX) return { field: 'header', message: TEMPLATE_MSG.headerTooLong };
    if (/[\r\n]/.test(text)) return { field: 'header', message: TEMPLATE_MSG.headerOneLine };
    const vars = placeholdersIn(text);
    if (vars.length > 1 || (vars.length === 1 && vars[0] !== '1')) {
      return { field: 'header', message: TEMPLATE_MSG.headerOneVariable };
    }
    if (vars.length === 1 && !header.example?.trim()) {
      return { field: 'headerExample', message: TEMPLATE_MSG.headerExample };
    }
  }

  const body = draft.body.trim();
  if (!body) return { field: 'body', message: TEMPLATE_MSG.bodyRequired };
  if (body.length > TEMPLATE_BODY_MAX) return { field: 'body', message: TEMPLATE_MSG.bodyTooLong };
  const variableProblem = bodyVariableProblem(body);
  if (variableProblem) return { field: 'body', message: variableProblem };
  const count = placeholdersIn(body).length;
  for (let n = 1; n <= count; n++) {
    if (!draft.bodyExamples[n - 1]?.trim()) {
      return { field: `bodyExamples.${n - 1}`, message: TEMPLATE_MSG.exampleRequired(n) };
    }
  }

  const footer = draft.footer?.trim() ?? '';
  if (footer.length > TEMPLATE_FOOTER_MAX) return { field: 'footer', message: TEMPLATE_MSG.footerTooLong };
  if (placeholdersIn(footer).length > 0) return { field: 'footer', message: TEMPLATE_MSG.footerNoVariables };

  const buttons = draft.buttons;
  if (buttons.length > TEMPLATE_BUTTONS_MAX)
    return { field: 'buttons', message: TEMPLATE_MSG.tooManyButtons };
  if (buttons.filter((b) => b.type === 'URL').length > 2) {
    return { field: 'buttons', message: TEMPLATE_MSG.tooManyUrlButtons };
  }
  if (buttons.filter((b) => b.type === 'PHONE_NUMBER').length > 1) {
    return { field: 'buttons', message: TEMPLATE_MSG.tooManyPhoneButtons };
  }
  for (const [i, button] of buttons.entries()) {
    const text = button.text.trim();
    if (!text || text.length > TEMPLATE_BUTTON_TEXT_MAX || placeholdersIn(text).length > 0) {
      return { field: `buttons.${i}`, message: TEMPLATE_MSG.buttonText };
    }
    if (button.type === 'URL' && !/^https:\/\/[^\s/$.?#][^\s]*$/i.test(button.url.trim())) {
      return { field: `buttons.${i}`, message: TEMPLATE_MSG.buttonUrl };
    }
    if (button.type === 'URL' && button.url.trim().length > 2000) {
      return { field: `buttons.${i}`, message: TEMPLATE_MSG.buttonUrl };
    }
    if (
      button.type === 'PHONE_NUMBER' &&
      !/^\+?[1-9]\d{6,19}$/.test(button.phoneNumber.replace(/[\s()-]/g, ''))
    ) {
      return { field: `buttons.${i}`, message: TEMPLATE_MSG.buttonPhone };
    }
  }
  return null;
}

/** A file of a template: the sample of its media header, or the file chosen for one send. */
export type TemplateMedia = {
  id: string;
  kind: TemplateMediaKind;
  mimeType: string;
  filename: string | null;
  size: number | null;
  /** GET /api/media/:id */
  url: string;
};

/** POST /api/templates/header-samples and POST /api/templates/:templateId/header-media. */
export type TemplateMediaResponse = { media: TemplateMedia };

/** A template as the app shows it, with its parts read from Meta's components. */
export type TemplateView = {
  id: string;
  name: string;
  language: string;
  category: string;
  status: TemplateStatus;
  /** Meta's own word ('paused', 'disabled'…) when it is not one of the three. */
  providerStatus: string;
  rejectedReason: string | null;
  header: { format: string; text: string | null } | null;
  body: string;
  footer: string | null;
  buttons: { type: string; text: string; url?: string; phoneNumber?: string }[];
  /** How many values a send needs: body {{1}}…{{n}} and the header's {{1}}. */
  bodyVariables: number;
  headerVariables: number;
  /** Example values Meta holds, for the preview. */
  bodyExamples: string[];
  headerExample: string | null;
  /**
   * The sample file of an image/video/document header when the template was created here (preview,
   * and what a send carries when no other file is chosen); null otherwise.
   */
  headerSample: TemplateMedia | null;
  updatedAt: string;
};

/** GET /api/templates[?status=approved]. */
export type TemplatesResponse = { templates: TemplateView[] };
export type TemplateResponse = { template: TemplateView };

/** POST /api/contacts/:contactId/template-messages. Sent outside the 24-hour window too. */
export const sendTemplateSchema = z.object({
  templateId: z.uuid(),
  clientRef: z.string().min(1).max(100),
  parameters: z
    .object({
      body: z.array(z.string().max(1024)).max(100).default([]),
      header: z.array(z.string().max(60)).max(1).default([]),
    })
    .default({ body: [], header: [] }),
  /**
   * The file for an image/video/document header (POST /api/templates/:templateId/header-media);
   * without it the template's sample is sent.
   */
  headerMediaId: z.uuid().optional(),
});
export type SendTemplateInput = z.input<typeof sendTemplateSchema>;

/** The text a customer reads for a send: header, body and footer with the values filled in. */
export function renderTemplateText(
  template: Pick<TemplateView, 'header' | 'body' | 'footer'>,
  values: { body: readonly string[]; header?: readonly string[] },
): string {
  const parts: string[] = [];
  if (template.header?.format === 'TEXT' && template.header.text) {
    parts.push(fillVariables(template.header.text, values.header ?? []));
  }
  parts.push(fillVariables(template.body, values.body));
  if (template.footer) parts.push(template.footer);
  return parts.join('\n\n');
}
