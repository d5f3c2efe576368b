import { AI_ERROR_MESSAGES, type AiErrorBody, type AiErrorCode, type AiSource } from '@common/api/ai';

/** One message of a Chat Completions conversation. */
export type ChatMessage = { role: 'system' | 'user' | 'assistant'; content: string };

export type AiCallOptions = {
  /** Aborts the call (the browser went away); the iterable then ends quietly. */
  signal?: AbortSignal;
  maxTokens?: number;
  temperature?: number;
};

/**
 * The one interface the app talks to a model through (an OpenAI-compatible Chat Completions API:
 * a hosted one, a local Ollama, or the built-in sandbox model). Failures are `AiError`s with a typed
 * code, never the client's own errors.
 */
export interface AiProvider {
  readonly source: AiSource;
  readonly model: string;
  /** The text as the model streams it, piece by piece. Throws AiError on failure, also mid-stream. */
  stream(messages: ChatMessage[], options?: AiCallOptions): AsyncIterable<string>;
  /** The whole answer (streamed underneath, so the idle timeout applies the same). */
  complete(messages: ChatMessage[], options?: AiCallOptions): Promise<string>;
}

/** A model call that failed, with the code callers branch on and words for the user. */
export class AiError extends Error {
  constructor(
    readonly code: AiErrorCode,
    /** For the log only: the HTTP status or the kind of failure, never message text or keys. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(AI_ERROR_MESSAGES[code]);
    this.name = 'AiError';
  }

  toBody(): AiErrorBody {
    return { code: this.code, message: this.message };
  }
}
