import { toAiError } from './errors';
import type { AiProvider } from './provider';
import { AiError } from './provider';

/** The part of a pino logger AI code writes to. */
export type AiLog = { warn(obj: object, msg: string): void };

/**
 * One structured line for a failed model call: the source, model, code and status/kind only — never
 * the prompt, the answer, or the key (the provider's error body can echo the prompt, so it is dropped).
 */
export function logAiFailure(
  log: AiLog | undefined,
  provider: AiProvider,
  error: unknown,
  what: string,
): AiError {
  const failure = error instanceof AiError ? error : toAiError(error);
  log?.warn(
    { ai: { what, source: provider.source, model: provider.model, code: failure.code, ...failure.detail } },
    'AI request failed',
  );
  return failure;
}
