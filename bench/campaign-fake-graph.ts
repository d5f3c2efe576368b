/**
 * The fake Graph API bench/campaign sends to: a plain node:http server answering
 * POST /v22.0/<phone-number-id>/messages as Meta does, after `delayMs` (Meta's own answer time), and
 * refusing a deterministic share of requests — every `failEvery`-th one, alternately HTTP 429 with
 * 130429 (throughput reached) and HTTP 500 with 131000 (something went wrong), in Meta's error envelope
 * (server/whatsapp/graph-transport.ts parses it). It records each accepted send's
 * `biz_opaque_callback_data` (the recipient's message id), to count duplicates and lost, and how many
 * requests and acceptances came in each second.
 */
import { once } from 'node:events';
import http from 'node:http';

export type FakeGraph = {
  /** The Graph base for META_GRAPH_URL, version included. */
  url: string;
  /** Accepted sends per callback data (message id): 1 each when nothing was sent twice. */
  accepted: Map<string, number>;
  /** Per second since `startClock()`: requests received, and sends accepted. */
  requestsPerSecond: number[];
  acceptedPerSecond: number[];
  refused: { rateLimited: number; serverError: number };
  startClock(): void;
  close(): Promise<void>;
};

const envelope = (httpStatus: number, code: number, message: string) =>
  JSON.stringify({
    error: {
      message: `(#${code}) ${message}`,
      type: 'OAuthException',
      code,
      error_data: { messaging_product: 'whatsapp', details: message },
      fbtrace_id: `Abench${httpStatus}`,
    },
  });
const RATE_LIMITED = envelope(429, 130429, 'Rate limit hit');
const SERVER_ERROR = envelope(500, 131000, 'Something went wrong');

export async function startFakeGraph(options: { failEvery: number; delayMs: number }): Promise<FakeGraph> {
  const accepted = new Map<string, number>();
  const requestsPerSecond: number[] = [];
  const acceptedPerSecond: number[] = [];
  const refused = { rateLimited: 0, serverError: 0 };
  let clock = performance.now();
  let requests = 0;
  let wamids = 0;
  const second = () => Math.floor((performance.now() - clock) / 1000);
  const bump = (list: number[]) => {
    const s = second();
    if (s < 0) return;
    while (list.length <= s) list.push(0);
    list[s]! += 1;
  };
  const answer = (res: http.ServerResponse, status: number, body: string) => {
    const send = () => {
      res.writeHead(status, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
      });
      res.end(body);
    };
    if (options.delayMs > 0) setTimeout(send, options.delayMs);
    else send();
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method !== 'POST' || !/^\/v22\.0\/\d+\/messages$/.test(req.url ?? '')) {
        answer(res, 404, envelope(404, 100, 'Unknown path'));
        return;
      }
      const n = ++requests;
      bump(requestsPerSecond);
      if (options.failEvery > 0 && n % options.failEvery === 0) {
        const limited = (n / options.failEvery) % 2 === 1;
        if (limited) refused.rateLimited += 1;
        else refused.serverError += 1;
        answer(res, limited ? 429 : 500, limited ? RATE_LIMITED : SERVER_ERROR);
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        to: string;
        biz_opaque_callback_data?: string;
      };
      const id = body.biz_opaque_callback_data ?? `missing:${body.to}`;
      accepted.set(id, (accepted.get(id) ?? 0) + 1);
      bump(acceptedPerSecond);
      answer(
        res,
        200,
        JSON.stringify({
          messaging_product: 'whatsapp',
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.BENCH${++wamids}` }],
        }),
      );
    });
  });
  server.keepAliveTimeout = 60_000;
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}/v22.0`,
    accepted,
    requestsPerSecond,
    acceptedPerSecond,
    refused,
    startClock() {
      clock = performance.now();
      requestsPerSecond.length = 0;
      acceptedPerSecond.length = 0;
    },
    async close() {
      server.closeAllConnections();
      server.close();
    },
  };
}
