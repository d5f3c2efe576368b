import { Readable } from 'node:stream';
import type { AiStreamEvent } from '@common/api/ai';
import { type AiLog, logAiFailure } from '../../ai/log';
import type { SuggestionStream } from '../../commands/ai-assist';

const line = (event: AiStreamEvent) => `${JSON.stringify(event)}\n`;

/**
 * A suggestion as the NDJSON body of POST /api/ai/suggest: `start` at once (so the first bytes leave
 * before the model answers), a `delta` per piece as it arrives, then `done` with the whole text or
 * `error` with the failure in words. A failure never breaks the HTTP answer: it is its last line.
 */
export function suggestionBody(suggestion: SuggestionStream, log: AiLog): Readable {
  async function* lines(): AsyncGenerator<string> {
    yield line({
      type: 'start',
      source: suggestion.source,
      label: suggestion.label,
      model: suggestion.model,
    });
    let text = '';
    try {
      for await (const piece of suggestion.pieces) {
        text += piece;
        yield line({ type: 'delta', text: piece });
      }
      yield line({ type: 'done', text: text.trim() });
    } catch (error) {
      const failure = logAiFailure(log, suggestion.provider, error, 'suggest');
      yield line({ type: 'error', ...failure.toBody() });
    }
  }
  return Readable.from(lines(), { objectMode: false });
}
