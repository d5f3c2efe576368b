import type {
  AiAction,
  AiSettingsInput,
  AiSettingsResponse,
  AiStreamEvent,
  AiTestResponse,
  AiTextResponse,
} from '@common/api/ai';
import type { ApiError } from '@common/api/auth';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { ApiRequestError, apiRequest } from './client';

export const AI_SETTINGS_KEY = ['ai-settings'] as const;

/** Which model answers the team now, who may configure it, and (owners) the team's own settings. */
export const aiSettingsQuery = queryOptions({
  queryKey: AI_SETTINGS_KEY,
  queryFn: ({ signal }) => apiRequest<AiSettingsResponse>('/api/ai/settings', { signal }),
  staleTime: 60_000,
});

/** Owners: a partial update (omitted keeps, null clears); the answer replaces the cached settings. */
export async function saveAiSettings(
  client: QueryClient,
  body: AiSettingsInput,
): Promise<AiSettingsResponse> {
  const saved = await apiRequest<AiSettingsResponse>('/api/ai/settings', { method: 'PUT', body });
  client.setQueryData(AI_SETTINGS_KEY, saved);
  return saved;
}

/** Owners: asks the saved settings, with `body`'s values over them (unsaved), a fixed question. */
export function testAiConnection(body: AiSettingsInput): Promise<AiTestResponse> {
  return apiRequest<AiTestResponse>('/api/ai/test', { method: 'POST', body });
}

export type StartEvent = Extract<AiStreamEvent, { type: 'start' }>;

type StreamSuggestionOptions = {
  contactId: string;
  action?: AiAction;
  draft?: string;
  signal?: AbortSignal;
  onStart?: (start: StartEvent) => void;
  /** Each piece of text as it arrives (append them). */
  onDelta?: (text: string) => void;
};

/** A failed suggestion: the server's words, and its code (`ai_not_configured`, `ai_timeout`…). */
export class AiStreamError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null) {
    super(message);
    this.name = 'AiStreamError';
    this.code = code;
  }
}

/**
 * Splits NDJSON as it arrives: `push` takes a decoded chunk and returns the whole lines it completes;
 * a line cut between chunks waits for its end.
 */
export function ndjsonLines(): { push: (chunk: string) => string[]; end: () => string[] } {
  let rest = '';
  return {
    push(chunk) {
      rest += chunk;
      const lines = rest.split('\n');
      rest = lines.pop() ?? '';
      return lines.filter((l) => l.trim() !== '');
    },
    end() {
      const last = rest.trim();
      rest = '';
      return last ? [last] : [];
    },
  };
}

/**
 * POST /api/ai/suggest, read as it streams: calls `onStart`, then `onDelta` per piece; resolves with
 * the whole reply. Throws an AiStreamError with the server's words for a refusal before the stream
 * (JSON 4xx) and for an `error` line; aborting `signal` stops the request (and the model).
 */
export async function streamSuggestion({
  contactId,
  action = 'suggest',
  draft,
  signal,
  onStart,
  onDelta,
}: StreamSuggestionOptions): Promise<string> {
  let response: Response;
  try {
    response = await fetch('/api/ai/suggest', {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson, application/json' },
      body: JSON.stringify(draft === undefined ? { contactId, action } : { contactId, action, draft }),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new AiStreamError('Network error. Please check your connection.', null);
  }

  if (!response.ok || !response.body) {
    const body = (await response.json().catch(() => null)) as Partial<ApiError> | null;
    const refusal = new ApiRequestError(response.status, body, `Suggestion failed (${response.status})`);
    throw new AiStreamError(refusal.message, refusal.code);
  }

  const reader = response.body.getReader();
  // The reading stops at once on abort, even where the body does not follow the request's signal.
  const stopReading = () => void reader.cancel().catch(() => {});
  signal?.addEventListener('abort', stopReading, { once: true });
  const decoder = new TextDecoder();
  const lines = ndjsonLines();
  let text = '';
  let finished = false;

  const handle = (line: string) => {
    let event: AiStreamEvent;
    try {
      event = JSON.parse(line) as AiStreamEvent;
    } catch {
      throw new AiStreamError('The suggestion arrived garbled. Try again.', 'ai_bad_response');
    }
    if (event.type === 'start') onStart?.(event);
    else if (event.type === 'delta') {
      text += event.text;
      onDelta?.(event.text);
    } else if (event.type === 'done') {
      text = event.text;
      finished = true;
    } else if (event.type === 'error') throw new AiStreamError(event.message, event.code);
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      for (const line of lines.push(decoder.decode(value, { stream: true }))) handle(line);
    }
    for (const line of lines.push(decoder.decode())) handle(line);
    for (const line of lines.end()) handle(line);
  } catch (error) {
    // An error line or a garbled one: stop reading.
    stopReading();
    throw error;
  } finally {
    signal?.removeEventListener('abort', stopReading);
  }
  signal?.throwIfAborted();
  if (!finished) throw new AiStreamError('The suggestion stopped before it was finished. Try again.', null);
  return text;
}

/**
 * A failed summary or translation, in the server's words: a refusal before the model (409 not
 * configured, 429, 404…) or the model's own failure (`{ok:false, error}`).
 */
export class AiTextError extends Error {
  readonly code: string | null;
  constructor(message: string, code: string | null) {
    super(message);
    this.name = 'AiTextError';
    this.code = code;
  }
}

async function askText(path: string, body: object, signal?: AbortSignal): Promise<AiTextSuccess> {
  let answer: AiTextResponse;
  try {
    answer = await apiRequest<AiTextResponse>(path, { method: 'POST', body, signal });
  } catch (error) {
    if (error instanceof ApiRequestError) throw new AiTextError(error.message, error.code);
    throw error;
  }
  if (!answer.ok) throw new AiTextError(answer.error.message, answer.error.code);
  return answer;
}

export type AiTextSuccess = Extract<AiTextResponse, { ok: true }>;

/** POST /api/ai/summarise: a few lines on what the customer wants and what was promised. */
export function summariseContact(contactId: string, signal?: AbortSignal): Promise<AiTextSuccess> {
  return askText('/api/ai/summarise', { contactId }, signal);
}

/** POST /api/ai/translate: one message into `language` (a language's English name); nothing is stored. */
export function translateMessage(
  messageId: string,
  language: string,
  signal?: AbortSignal,
): Promise<AiTextSuccess> {
  return askText('/api/ai/translate', { messageId, language }, signal);
}

/**
 * The agent's language as the model is asked for it: the browser's first language in English words
 * ("German" for de-DE), English when the browser says nothing readable.
 */
export function agentLanguage(
  locales: readonly string[] = navigator.languages ?? [navigator.language],
): string {
  for (const locale of locales) {
    try {
      const base = new Intl.Locale(locale).language;
      const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(base);
      if (name && name !== base) return name;
    } catch {
      // An unreadable tag: try the next one.
    }
  }
  return 'English';
}
