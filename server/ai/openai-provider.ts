import type { AiSource } from '@common/api/ai';
import OpenAI from 'openai';
import { toAiError } from './errors';
import { type AiCallOptions, AiError, type AiProvider, type ChatMessage } from './provider';

export type OpenAiProviderConfig = {
  source: AiSource;
  baseUrl: string;
  /** Null for servers that take none (a local Ollama); a placeholder is sent then. */
  apiKey: string | null;
  model: string;
  /** Longest wait for the answer to start and between two pieces of it. */
  timeoutMs: number;
};

const DEFAULT_MAX_TOKENS = 800;

/**
 * AiProvider over any OpenAI-compatible Chat Completions API through the official `openai` client
 * (`baseURL`): hosted models, Ollama, llama.cpp's server, vLLM, LM Studio, and the built-in sandbox
 * model. No retries (a person is waiting, and says "try again" themself); the client's own logging is
 * off, since it would print the stream's text on a parse failure.
 */
export function openAiProvider(config: OpenAiProviderConfig): AiProvider {
  const client = new OpenAI({
    baseURL: config.baseUrl,
    apiKey: config.apiKey ?? 'none',
    organization: null,
    project: null,
    maxRetries: 0,
    // Our idle timer (below) is the timeout that matters; this one is a backstop for the headers.
    timeout: config.timeoutMs + 1_000,
    logLevel: 'off',
  });

  async function* stream(messages: ChatMessage[], options: AiCallOptions = {}): AsyncGenerator<string> {
    const controller = new AbortController();
    const outer = options.signal;
    const onOuterAbort = () => controller.abort();
    if (outer?.aborted) return;
    outer?.addEventListener('abort', onOuterAbort, { once: true });
    let timedOut = false;
    let timer: NodeJS.Timeout | undefined;
    const arm = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        timedOut = true;
        controller.abort();
      }, config.timeoutMs);
    };

    let finished = false;
    try {
      arm();
      const chunks = await client.chat.completions.create(
        {
          model: config.model,
          messages,
          stream: true,
          max_tokens: options.maxTokens ?? DEFAULT_MAX_TOKENS,
          ...(options.temperature === undefined ? {} : { temperature: options.temperature }),
        },
        { signal: controller.signal },
      );
      for await (const chunk of chunks) {
        arm();
        if (!chunk || !Array.isArray(chunk.choices))
          throw new AiError('ai_bad_response', { kind: 'not_a_chunk' });
        const choice = chunk.choices[0];
        if (choice?.finish_reason) finished = true;
        const text = choice?.delta?.content;
        if (typeof text === 'string' && text !== '') yield text;
      }
    } catch (error) {
      if (timedOut) throw new AiError('ai_timeout', { kind: 'idle' });
      if (outer?.aborted) return;
      throw toAiError(error);
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onOuterAbort);
    }
    // The client ends quietly when aborted, and a stream that stops without a finish reason was cut.
    if (timedOut) throw new AiError('ai_timeout', { kind: 'idle' });
    if (outer?.aborted) return;
    if (!finished) throw new AiError('ai_bad_response', { kind: 'incomplete' });
  }

  return {
    source: config.source,
    model: config.model,
    stream,
    async complete(messages, options) {
      let text = '';
      for await (const piece of stream(messages, options)) text += piece;
      return text.trim();
    },
  };
}
