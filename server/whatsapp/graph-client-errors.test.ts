import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import {
  APP_SECRET,
  caught,
  client,
  everythingAbout,
  graph,
  json,
  PHONE,
  reply,
  serveFakeGraph,
  TOKEN,
  WABA,
} from './graph-client-fixture';
import { GraphApiError, GraphNetworkError, GraphResponseError, isRetryableGraphError } from './graph-errors';
import { buildTextMessage } from './message-builders';

serveFakeGraph();

describe('errors', () => {
  it('turns a Graph error envelope into a GraphApiError with every field', async () => {
    reply([
      400,
      {
        error: {
          message: '(#131047) Re-engagement message',
          type: 'OAuthException',
          code: 131047,
          error_subcode: 2494010,
          error_data: {
            messaging_product: 'whatsapp',
            details:
              'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
          },
          fbtrace_id: 'AbCdEfGhIjKlMnOp',
        },
      },
    ]);
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphApiError);
    expect(error).toMatchObject({
      name: 'GraphApiError',
      message: '(#131047) Re-engagement message',
      httpStatus: 400,
      code: 131047,
      subcode: 2494010,
      type: 'OAuthException',
      details:
        'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      fbtraceId: 'AbCdEfGhIjKlMnOp',
      isTransient: false,
      isRetryable: false,
    });
  });

  it.each([
    [1, 400, true],
    [2, 500, true],
    [4, 400, true],
    [17, 400, true],
    [80007, 400, true],
    [130429, 400, true],
    [131016, 503, true],
    [131057, 400, true],
    [131047, 400, false],
    [131026, 400, false],
    [100, 400, false],
    [190, 401, false],
    [132001, 404, false],
    [100, 429, true],
    [100, 502, true],
  ])('code %s with HTTP %s is retryable: %s', async (code, status, retryable) => {
    reply([status, { error: { message: `(#${code}) test`, type: 'OAuthException', code } }]);
    const error = await caught(client().getWaba(WABA));
    expect(error).toBeInstanceOf(GraphApiError);
    expect((error as GraphApiError).isRetryable).toBe(retryable);
    expect(isRetryableGraphError(error)).toBe(retryable);
  });

  it('treats errors Meta flags as transient as retryable', async () => {
    reply([400, { error: { message: 'Temporary', code: 3, is_transient: true } }]);
    expect(await caught(client().getWaba(WABA))).toMatchObject({ isTransient: true, isRetryable: true });
  });

  it('reports non-JSON failures with the status and body, retryable for 5xx and 429', async () => {
    graph.handler = (_request, response) => {
      response.writeHead(502, { 'content-type': 'text/html' });
      response.end('<html>Bad Gateway</html>');
    };
    const bad = await caught(client().getWaba(WABA));
    expect(bad).toMatchObject({ code: null, httpStatus: 502, isRetryable: true });
    expect(bad.message).toBe('WhatsApp API error: HTTP 502 <html>Bad Gateway</html>');

    graph.handler = (_request, response) => {
      response.writeHead(429);
      response.end();
    };
    expect(await caught(client().getWaba(WABA))).toMatchObject({ httpStatus: 429, isRetryable: true });
  });

  it.each([
    ['not JSON', 'OK'],
    ['an empty body', ''],
    ['a JSON array', '[]'],
  ])('rejects an OK answer that is %s', async (_label, text) => {
    graph.handler = (_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(text);
    };
    const error = await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x')));
    expect(error).toBeInstanceOf(GraphResponseError);
    expect(error.message).toBe('Invalid WhatsApp API response');
  });

  it('times out as a retryable GraphNetworkError', async () => {
    graph.handler = () => {
      // never answer
    };
    const started = Date.now();
    const error = await caught(client({ timeoutMs: 150 }).getWaba(WABA));
    expect(Date.now() - started).toBeLessThan(1500);
    expect(error).toBeInstanceOf(GraphNetworkError);
    expect(error).toMatchObject({ isTimeout: true, isRetryable: true });
    expect(error.message).toBe('WhatsApp API request timed out after 150 ms');
    graph.server.closeAllConnections();
  });

  it('reports a refused connection as a retryable GraphNetworkError', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const error = await caught(client({ baseUrl: `http://127.0.0.1:${port}/v22.0` }).debugToken(TOKEN));
    expect(error).toBeInstanceOf(GraphNetworkError);
    expect(error).toMatchObject({ isTimeout: false, isRetryable: true, causeCode: 'ECONNREFUSED' });
  });

  it('never puts the access token, app secret or exchanged tokens in an error', async () => {
    const short = 'EAAGshortLivedSecretToken42';
    graph.handler = (request, response) =>
      json(response, 400, {
        error: {
          message: `Invalid OAuth access token - Cannot parse access token ${TOKEN} / ${short} / ${APP_SECRET}`,
          type: 'OAuthException',
          code: 190,
          error_data: { details: `token ${encodeURIComponent(TOKEN)} in ${request.path}` },
          fbtrace_id: 'trace',
        },
      });
    const errors = [
      await caught(client().exchangeToken(short)),
      await caught(client().sendMessage(PHONE, buildTextMessage('1', 'x'))),
      await caught(client().debugToken(short)),
      await caught(client({ timeoutMs: 1 }).exchangeToken(short)),
    ];
    graph.handler = (_request, response) => {
      response.writeHead(500);
      response.end(`upstream said ${TOKEN} and ${APP_SECRET}`);
    };
    errors.push(await caught(client().getWaba(WABA)));
    for (const error of errors) {
      const text = everythingAbout(error);
      expect(text).not.toContain(TOKEN);
      expect(text).not.toContain(APP_SECRET);
    }
    // The exchanged token is redacted from the calls that sent it.
    for (const error of [errors[0], errors[2], errors[3]])
      expect(everythingAbout(error as Error)).not.toContain(short);
    expect(errors[0]?.message).toContain('[redacted]');
  });
});
