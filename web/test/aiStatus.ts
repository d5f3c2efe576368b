import type { AiStatus } from '@common/api/ai';

/** What the AI tests say when no model is connected (the server's words, shortened). */
export const NOT_CONFIGURED_TEXT =
  'AI is not turned on. The team owner can connect a model in Settings → AI.';

/** The AI status the server answers: the sandbox model connected, or none. */
export function aiStatus(configured: boolean): AiStatus {
  return configured
    ? {
        configured: true,
        source: 'sandbox',
        label: 'Sandbox model',
        model: 'switchboard-sandbox',
        sandbox: true,
        notConfiguredMessage: null,
      }
    : {
        configured: false,
        source: null,
        label: null,
        model: null,
        sandbox: false,
        notConfiguredMessage: NOT_CONFIGURED_TEXT,
      };
}
