/**
 * AI-drafted replies (issue 16): the model connection (Settings → AI), suggestions streamed into the
 * composer, summaries and translations. AI only drafts: nothing here ever sends a message.
 */
import { z } from 'zod';

/** Where the model a team uses comes from: its own settings, the server's env, or the built-in sandbox model. */
export const AI_SOURCES = ['team', 'server', 'sandbox'] as const;
export type AiSource = (typeof AI_SOURCES)[number];

/** What the UI labels a source ("Sandbox model" next to a sandbox suggestion). */
export const AI_SOURCE_LABELS: Record<AiSource, string> = {
  team: 'Your model',
  server: 'Server model',
  sandbox: 'Sandbox model',
};

/** What the AI buttons say when no model is connected (no team settings, no AI_* env, sandbox off). */
export const AI_NOT_CONFIGURED_MESSAGE =
  'AI is not turned on. The team owner can connect a model in Settings → AI (any OpenAI-compatible API, such as a hosted model or a local Ollama), or the server admin can set AI_BASE_URL and AI_MODEL.';

/**
 * What the AI buttons, the status and "Test connection" say when the team saved a base URL but no
 * model: nothing answers (never the server's or the sandbox model in its place) until it names one.
 */
export const AI_MODEL_MISSING_MESSAGE =
  'Your base URL in Settings → AI has no model: enter the model’s name (for example gpt-4o-mini, or llama3.1 on Ollama), or clear the base URL.';

/** The refusal of a change that leaves a base URL without a model (400, on the model field). */
export const AI_MODEL_REQUIRED_MESSAGE =
  'Enter the model’s name: a base URL needs a model (for example gpt-4o-mini, or llama3.1 on Ollama)';

/** The most instructions an owner may store (they are sent with every request). */
export const MAX_AI_INSTRUCTIONS = 8_000;

/**
 * Typed failure codes, each answered with words a user understands (AI_ERROR_MESSAGES). `ai_*` codes
 * from the model's side come back inside a stream (`{type:'error'}`) or a test answer, never as 5xx.
 */
export const AI_ERROR_CODES = [
  'ai_not_configured',
  'ai_key_refused',
  'ai_model_not_found',
  'ai_rate_limited',
  'ai_provider_down',
  'ai_timeout',
  'ai_bad_response',
  'ai_unreachable',
  'ai_bad_request',
  'ai_failed',
] as const;
export type AiErrorCode = (typeof AI_ERROR_CODES)[number];

export const AI_ERROR_MESSAGES: Record<AiErrorCode, string> = {
  ai_not_configured: AI_NOT_CONFIGURED_MESSAGE,
  ai_key_refused: 'The AI provider refused the API key. Check the key in Settings → AI.',
  ai_model_not_found: 'The AI provider does not know this model. Check the model name in Settings → AI.',
  ai_rate_limited: 'The AI provider is rate-limiting requests. Wait a moment and try again.',
  ai_provider_down: 'The AI provider is having problems right now. Try again in a few minutes.',
  ai_timeout: 'The AI provider took too long to answer. Try again.',
  ai_bad_response: 'The AI provider sent an answer we could not read. Try again.',
  ai_unreachable: 'Could not reach the AI provider. Check the base URL in Settings → AI.',
  ai_bad_request: 'The AI provider refused the request. Check the model name and base URL in Settings → AI.',
  ai_failed: 'The AI request failed. Try again.',
};

/** A failure as the browser receives it. */
export type AiErrorBody = { code: AiErrorCode; message: string };

const baseUrl = z
  .string()
  .trim()
  .max(500, 'The base URL is at most 500 characters')
  .pipe(
    z.url({
      protocol: /^https?$/,
      message: 'The base URL must be a full http(s) address, e.g. http://localhost:11434/v1',
    }),
  );

/**
 * PUT /api/ai/settings (owners). Every field is optional: what is left out keeps its value. `apiKey`:
 * a string sets it, null removes it. `baseUrl`/`model` null clears the team's own connection (the
 * server's or the sandbox model is used again). A `baseUrl` on another host without a new `apiKey`
 * drops the stored key: a key only ever goes to the host it was entered for (the same holds for a test).
 * A base URL needs a model: a body that sets one and clears the other is refused here, and the command
 * refuses a change that would leave the saved base URL without a model.
 */
export const aiSettingsInputSchema = z
  .object({
    baseUrl: baseUrl.nullable().optional(),
    apiKey: z
      .string()
      .trim()
      .min(1, 'The API key cannot be blank')
      .max(500, 'The API key is at most 500 characters')
      .nullable()
      .optional(),
    model: z
      .string()
      .trim()
      .min(1, 'The model cannot be blank')
      .max(200, 'The model is at most 200 characters')
      .nullable()
      .optional(),
    instructions: z
      .string()
      .max(
        MAX_AI_INSTRUCTIONS,
        `Instructions are at most ${MAX_AI_INSTRUCTIONS.toLocaleString('en-US')} characters`,
      )
      .optional(),
  })
  .refine((v) => !(typeof v.baseUrl === 'string' && v.model === null), {
    message: AI_MODEL_REQUIRED_MESSAGE,
    path: ['model'],
  });
export type AiSettingsInput = z.infer<typeof aiSettingsInputSchema>;

/** Which model answers this team now, for every teammate (the composer's button reads it). */
export type AiStatus = {
  /** False: the AI buttons show `notConfiguredMessage`. */
  configured: boolean;
  source: AiSource | null;
  /** The UI's label for the source ("Sandbox model"), null when not configured. */
  label: string | null;
  model: string | null;
  /** The built-in sandbox model is on for this server (used when nothing else is set). */
  sandbox: boolean;
  /** Null when configured; else AI_NOT_CONFIGURED_MESSAGE, or AI_MODEL_MISSING_MESSAGE for a base URL with no model. */
  notConfiguredMessage: string | null;
};

/**
 * GET/PUT /api/ai/settings. Owners get `settings` (the team's own values; the key only as `hasKey`,
 * never its text); members get `settings: null`. Everyone gets `status` and `abilities`.
 */
export type AiSettingsResponse = {
  status: AiStatus;
  settings: {
    baseUrl: string | null;
    model: string | null;
    hasKey: boolean;
    instructions: string;
    updatedAt: string | null;
  } | null;
  /** What the server may use when the team sets nothing: the env model's name (never its key or URL). */
  serverModel: string | null;
  abilities: { configure: boolean; suggest: boolean };
};

/** POST /api/ai/test (owners): asks the resolved model a fixed question. Always 200; `ok` says how it went. */
export type AiTestResponse =
  | { ok: true; reply: string; source: AiSource; label: string; model: string; ms: number }
  | { ok: false; error: AiErrorBody; source: AiSource | null; label: string | null; model: string | null };

/** What "Suggest reply" and the rewrite buttons ask for. */
export const AI_ACTIONS = [
  'suggest',
  'shorter',
  'friendlier',
  'formal',
  'fix_spelling',
  'translate',
] as const;
export type AiAction = (typeof AI_ACTIONS)[number];

/** Longest draft a rewrite takes (WhatsApp's text limit). */
export const MAX_AI_DRAFT = 4_096;

/**
 * POST /api/ai/suggest (any teammate who sees the contact). `draft` is required by every action but
 * `suggest` (where it is an optional start the reply continues from).
 */
export const aiSuggestSchema = z
  .object({
    contactId: z.uuid({ message: 'contactId must be a contact id' }),
    action: z
      .enum(AI_ACTIONS, { error: `action must be one of ${AI_ACTIONS.join(', ')}` })
      .default('suggest'),
    draft: z.string().max(MAX_AI_DRAFT, `The draft is at most ${MAX_AI_DRAFT} characters`).optional(),
  })
  .refine((v) => v.action === 'suggest' || (v.draft ?? '').trim() !== '', {
    message: 'Write or select some text first: this action rewrites the draft',
    path: ['draft'],
  });
export type AiSuggestInput = z.infer<typeof aiSuggestSchema>;

/**
 * The answer of POST /api/ai/suggest when the request is accepted: HTTP 200,
 * `content-type: application/x-ndjson`, one JSON object per line, flushed as each arrives:
 * - first `{type:'start', source, label, model}` (sent before the model is asked);
 * - then `{type:'delta', text}` for each piece of text as the model streams it (append them);
 * - last either `{type:'done', text}` (the whole reply, trimmed) or `{type:'error', code, message}`
 *   (the model failed or the stream broke; discard the partial text or keep it as a draft).
 * Refusals before the stream (bad body 400, 403, unknown contact 404, AI not configured 409
 * `ai_not_configured`) are ordinary JSON errors `{error, message}` with that status.
 */
export type AiStreamEvent =
  | { type: 'start'; source: AiSource; label: string; model: string }
  | { type: 'delta'; text: string }
  | { type: 'done'; text: string }
  | ({ type: 'error' } & AiErrorBody);

/** POST /api/ai/summarise (any teammate who sees the contact). */
export const aiSummariseSchema = z.object({
  contactId: z.uuid({ message: 'contactId must be a contact id' }),
});
/** POST /api/ai/translate (any teammate who sees the message's contact): into the team's language (English by default). */
export const aiTranslateSchema = z.object({
  messageId: z.uuid({ message: 'messageId must be a message id' }),
  language: z.string().trim().min(2).max(40).optional(),
});

/** Answer of summarise and translate: 200 with the text, or 200 with `error` (the model failed). */
export type AiTextResponse =
  | { ok: true; text: string; source: AiSource; label: string; model: string }
  | { ok: false; error: AiErrorBody };
