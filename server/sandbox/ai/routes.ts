import { setTimeout as sleep } from 'node:timers/promises';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { SANDBOX_MODEL } from '../../ai/resolve';
import { type SandboxChatMessage, sandboxPieces, sandboxReply } from './model';

/** Pause between streamed pieces, so a browser sees the text arrive as from a real model. */
const PIECE_DELAY_MS = 12;

type CompletionBody = { model?: unknown; messages?: unknown; stream?: unknown };

function openAiError(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.code(status).send({ error: { message, type: 'invalid_request_error', param: null, code } });
}

/**
 * The sandbox model: an OpenAI-compatible Chat Completions API under /sandbox/ai/v1, which the app
 * asks over HTTP through the same `openai` client as any provider when no model is configured and the
 * sandbox is on. Answers are deterministic (model.ts), streamed as OpenAI's SSE chunks when asked.
 * It takes any key: it knows nothing but what each request sends it.
 */
export async function sandboxAiRoutes(app: FastifyInstance): Promise<void> {
  const route = { config: { access: 'public' as const }, schema: { hide: true } };

  app.get('/models', route, async () => ({
    object: 'list',
    data: [{ id: SANDBOX_MODEL, object: 'model', created: 0, owned_by: 'switchboard' }],
  }));

  app.post('/chat/completions', route, async (request, reply) => {
    const body = (request.body ?? {}) as CompletionBody;
    if (!Array.isArray(body.messages) || body.messages.length === 0) {
      return openAiError(reply, 400, 'invalid_messages', "'messages' must be a non-empty array.");
    }
    if (body.model !== SANDBOX_MODEL) {
      return openAiError(
        reply,
        404,
        'model_not_found',
        `The model '${String(body.model)}' does not exist. The sandbox serves '${SANDBOX_MODEL}'.`,
      );
    }
    const text = sandboxReply(body.messages as SandboxChatMessage[]);
    const id = `chatcmpl-sandbox-${request.id}`;
    const created = Math.floor(Date.now() / 1000);
    if (body.stream !== true) {
      return {
        id,
        object: 'chat.completion',
        created,
        model: SANDBOX_MODEL,
        choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
      };
    }

    reply.hijack();
    const raw = reply.raw;
    raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache',
      connection: 'keep-alive',
    });
    const chunk = (delta: Record<string, string>, finish: string | null) =>
      `data: ${JSON.stringify({
        id,
        object: 'chat.completion.chunk',
        created,
        model: SANDBOX_MODEL,
        choices: [{ index: 0, delta, finish_reason: finish }],
      })}\n\n`;
    raw.write(chunk({ role: 'assistant', content: '' }, null));
    for (const piece of sandboxPieces(text)) {
      if (raw.destroyed) return;
      await sleep(PIECE_DELAY_MS);
      raw.write(chunk({ content: piece }, null));
    }
    raw.write(chunk({}, 'stop'));
    raw.end('data: [DONE]\n\n');
  });
}
