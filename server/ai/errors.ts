import OpenAI from 'openai';
import { AiError } from './provider';

/**
 * Any failure of the openai client (or of reading its stream) as an AiError: 401/403 → the key was
 * refused; 404 → unknown model; 429 → rate-limited; 5xx → provider down; a timeout; no connection;
 * an answer that is not the API's (garbage JSON, a stream cut short). The detail names the status or
 * kind only: provider error bodies can echo the prompt, so they are never kept.
 */
export function toAiError(error: unknown): AiError {
  if (error instanceof AiError) return error;
  if (error instanceof OpenAI.APIConnectionTimeoutError)
    return new AiError('ai_timeout', { kind: 'timeout' });
  if (error instanceof OpenAI.APIConnectionError) {
    return new AiError('ai_unreachable', { kind: 'connection', cause: causeCode(error) });
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status;
    if (status === undefined) return new AiError('ai_bad_response', { kind: 'error_in_stream' });
    if (status === 401 || status === 403) return new AiError('ai_key_refused', { status });
    if (status === 404) return new AiError('ai_model_not_found', { status });
    if (status === 429) return new AiError('ai_rate_limited', { status });
    if (status === 408) return new AiError('ai_timeout', { status });
    if (status >= 500) return new AiError('ai_provider_down', { status });
    return new AiError('ai_bad_request', { status });
  }
  if (error instanceof SyntaxError) return new AiError('ai_bad_response', { kind: 'unparsable' });
  // undici ends a body cut mid-stream with TypeError('terminated') and the socket error as its cause.
  if (error instanceof TypeError)
    return new AiError('ai_bad_response', { kind: 'stream_broken', cause: causeCode(error) });
  return new AiError('ai_failed', { kind: error instanceof Error ? error.name : typeof error });
}

function causeCode(error: Error): string | undefined {
  let cause: unknown = error.cause;
  for (let depth = 0; cause && depth < 3; depth++) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    cause = (cause as { cause?: unknown }).cause;
  }
  return undefined;
}
