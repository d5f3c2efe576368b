import { createServer, type IncomingHttpHeaders, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, expect } from 'vitest';
import { createGraphClient, type GraphClientOptions } from './graph-client';

export const TOKEN = 'EAAGtestAccessToken0123456789abcdef';
export const APP_ID = '1234567890123456';
export const APP_SECRET = 'app-secret-0f9e8d7c6b5a4321';
export const PHONE = '109283746501234';
export const WABA = '104857600123456';
export const WAMID = 'wamid.HBgLMTY1MDU1NTAxNDIVAgARGBI1RjQyNUE3NEYxMzAzMzQ5MkEA';

export type Recorded = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: Buffer;
};
type Handler = (request: Recorded, response: ServerResponse) => void;

/**
 * The fake Graph API of the Graph client's tests: the server of the file that is running, the requests
 * it took in the current test and how it answers them (tests set `handler`, or call reply()).
 */
export const graph: {
  server: Server;
  origin: string;
  baseUrl: string;
  requests: Recorded[];
  handler: Handler;
} = {
  server: undefined as unknown as Server,
  origin: '',
  baseUrl: '',
  requests: [],
  handler: () => {},
};

export function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

/** Answers each request with the next reply in the list (the last one repeats). */
export function reply(...replies: [number, unknown][]): void {
  let index = 0;
  graph.handler = (_request, response) => {
    const [status, body] = replies[Math.min(index++, replies.length - 1)] ?? [500, {}];
    json(response, status, body);
  };
}

export function client(overrides: Partial<GraphClientOptions> = {}) {
  return createGraphClient({
    baseUrl: graph.baseUrl,
    accessToken: TOKEN,
    appId: APP_ID,
    appSecret: APP_SECRET,
    timeoutMs: 2000,
    ...overrides,
  });
}

export async function caught(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

export function everythingAbout(error: Error): string {
  return [
    String(error),
    error.message,
    error.stack ?? '',
    JSON.stringify(error),
    JSON.stringify({ ...error }),
  ].join('\n');
}

export function only(): Recorded {
  expect(graph.requests).toHaveLength(1);
  return graph.requests[0] as Recorded;
}

export function jsonBody(request: Recorded): unknown {
  return JSON.parse(request.body.toString('utf8'));
}

/**
 * Call once at the top of a test file: starts the file's own fake Graph server before its tests, closes
 * it after them, and clears the recorded requests and the handler before each test. Server test files
 * share a worker's modules (isolate: false) but run one after another, so `graph` is always the running
 * file's.
 */
export function serveFakeGraph(): void {
  let server: Server;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const url = new URL(req.url ?? '/', 'http://127.0.0.1');
        const recorded: Recorded = {
          method: req.method ?? '',
          path: url.pathname,
          query: Object.fromEntries(url.searchParams),
          headers: req.headers,
          body: Buffer.concat(chunks),
        };
        graph.requests.push(recorded);
        graph.handler(recorded, res);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    graph.server = server;
    graph.origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    graph.baseUrl = `${graph.origin}/v22.0`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  beforeEach(() => {
    graph.requests = [];
    graph.handler = (_request, response) =>
      json(response, 500, { error: { message: 'no handler', code: 1 } });
  });
}
