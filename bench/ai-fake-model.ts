/**
 * bench/ai's model: an OpenAI-compatible `POST /v1/chat/completions` on a local port that streams a
 * fixed answer — the first piece after `firstMs`, then `pieces` pieces `pieceMs` apart, a finish reason
 * and `[DONE]` — and records, per chat, when the request arrived, when the first piece left and when
 * the last byte left (the model's own time, which bench/ai takes off the agent's wait).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export type ModelCall = { receivedAt: number; firstSentAt: number; endedAt: number };

export async function startFakeModel(options: { firstMs: number; pieces: number; pieceMs: number }) {
  const contactsByName = new Map<string, string>();
  const calls = new Map<string, ModelCall>();
  const chunk = (content: string | null, finish: string | null) =>
    `data: ${JSON.stringify({
      id: 'chatcmpl-bench',
      object: 'chat.completion.chunk',
      created: 0,
      model: 'bench-model',
      choices: [{ index: 0, delta: content === null ? {} : { content }, finish_reason: finish }],
    })}\n\n`;

  const server = createServer((req, res) => {
    const receivedAt = performance.now();
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', async () => {
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
        return;
      }
      // The chat is known by the contact's name in the prompt (each bench client has its own contact).
      const name = /Customer \d+/.exec(body)?.[0] ?? '';
      const contactId = contactsByName.get(name) ?? name;
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.flushHeaders();
      await sleep(options.firstMs);
      res.write(chunk('Thanks for', null));
      const firstSentAt = performance.now();
      for (let i = 1; i < options.pieces; i++) {
        await sleep(options.pieceMs);
        res.write(chunk(` word${i}`, null));
      }
      res.write(chunk(null, 'stop'));
      res.end('data: [DONE]\n\n', () =>
        calls.set(contactId, { receivedAt, firstSentAt, endedAt: performance.now() }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    nameContact: (name: string, contactId: string) => contactsByName.set(name, contactId),
    callFor: (contactId: string): ModelCall => {
      const call = calls.get(contactId);
      if (!call) throw new Error(`the model never answered the chat ${contactId}`);
      return call;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type FakeModel = Awaited<ReturnType<typeof startFakeModel>>;
