/**
 * The HTTP layer under the Graph client: builds URLs, adds the bearer token, enforces timeouts, turns every
 * failure into a typed error with secrets redacted, follows list paging, and downloads media.
 */
import { request as undiciRequest } from 'undici';
import {
  GraphApiError,
  GraphConfigError,
  GraphNetworkError,
  GraphResponseError,
  type GraphResponseProblem,
  redactSecrets,
} from './graph-errors';
import { readPaging } from './graph-responses';
import {
  arrayOf,
  isRecord,
  type JsonRecord,
  nonEmptyOrNull,
  numberOrNull,
  recordOf,
  stringOrNull,
} from './wire-guards';

/** How long an API call may take before it counts as timed out (the campaign sender relies on it). */
export const DEFAULT_TIMEOUT_MS = 15_000;
const DEFAULT_DOWNLOAD_TIMEOUT_MS = 120_000;
const MAX_PAGES = 100;

export type GraphTransportOptions = {
  baseUrl: string;
  accessToken?: string;
  appId?: string;
  appSecret?: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
  downloadTimeoutMs?: number;
};

export type RequestSpec = {
  method: 'GET' | 'POST';
  /** Path segments under the base URL (each is URL-encoded), or an absolute same-origin URL (paging). */
  path: string[] | { absoluteUrl: string };
  query?: Record<string, string | number | boolean | undefined>;
  json?: unknown;
  form?: Record<string, string>;
  multipart?: FormData;
  /** Raw bytes (a Resumable Upload chunk), sent as application/octet-stream with the long timeout. */
  binary?: Blob | Uint8Array;
  /** Extra request headers (e.g. the upload's `file_offset`). */
  headers?: Record<string, string>;
  /**
   * account: the client's token as `Bearer`; oauth: the same token as `OAuth` (what the Resumable
   * Upload API asks for); app: the token or else `appId|appSecret`; none: no Authorization header.
   */
  auth: 'account' | 'oauth' | 'app' | 'none';
  /** Values of this call to redact from any error text (on top of the client's own secrets). */
  secrets?: (string | undefined)[];
};

/** Throws the typed error for an OK answer that lacks what the call needs. */
export function fail(problem: GraphResponseProblem, message: string, status: number): never {
  throw new GraphResponseError(problem, message, status);
}

function parseJsonOrUndefined(text: string): unknown {
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

function networkError(error: unknown, secrets: (string | undefined)[], limitMs: number): GraphNetworkError {
  const name = error instanceof Error ? error.name : '';
  const isTimeout = name === 'TimeoutError' || name === 'AbortError';
  // fetch puts the socket's code on `cause`; undici's request API on the error itself.
  const causeCode =
    stringOrNull(recordOf(error instanceof Error ? error.cause : undefined).code) ??
    stringOrNull(recordOf(error).code);
  // Built from scratch: fetch's own messages can quote the URL, and URLs can carry tokens.
  const message = isTimeout
    ? `WhatsApp API request timed out after ${limitMs} ms`
    : `Could not reach the WhatsApp API${causeCode ? ` (${causeCode})` : ''}`;
  return new GraphNetworkError(redactSecrets(message, secrets), { isTimeout, causeCode });
}

function apiError(status: number, text: string, secrets: (string | undefined)[]): GraphApiError {
  const parsed = parseJsonOrUndefined(text);
  const envelope = isRecord(parsed) && isRecord(parsed.error) ? parsed.error : null;
  const redact = (value: unknown) => {
    const plain = nonEmptyOrNull(value);
    return plain === null ? null : redactSecrets(plain, secrets);
  };
  if (!envelope) {
    const snippet = text.trim().slice(0, 300);
    return new GraphApiError({
      message: redactSecrets(`WhatsApp API error: HTTP ${status}${snippet ? ` ${snippet}` : ''}`, secrets),
      httpStatus: status,
      code: null,
      subcode: null,
      type: null,
      details: null,
      fbtraceId: null,
      isTransient: false,
      userTitle: null,
      userMessage: null,
    });
  }
  return new GraphApiError({
    message: redact(envelope.message) ?? `WhatsApp API error: HTTP ${status}`,
    httpStatus: status,
    code: numberOrNull(envelope.code),
    subcode: numberOrNull(envelope.error_subcode),
    type: nonEmptyOrNull(envelope.type),
    details: redact(recordOf(envelope.error_data).details),
    fbtraceId: nonEmptyOrNull(envelope.fbtrace_id),
    isTransient: envelope.is_transient === true,
    userTitle: redact(envelope.error_user_title),
    userMessage: redact(envelope.error_user_msg),
  });
}

/**
 * One path segment, percent-encoded, except that ':' stays as it is: Resumable Upload session ids
 * look like `upload:MTph…` and are used as the path as Meta wrote them.
 */
function encodeSegment(segment: string): string {
  return encodeURIComponent(segment).replace(/%3A/gi, ':');
}

/** Creates the request layer the Graph client's calls go through. */
export function createGraphTransport(options: GraphTransportOptions) {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  const downloadTimeoutMs = options.downloadTimeoutMs ?? DEFAULT_DOWNLOAD_TIMEOUT_MS;
  const clientSecrets = [options.accessToken, options.appSecret];

  function requireAccessToken(): string {
    if (!options.accessToken) {
      throw new GraphConfigError('WhatsApp access token not found. Please reconnect your WhatsApp account.');
    }
    return options.accessToken;
  }

  function requireAppId(): string {
    if (!options.appId) {
      throw new GraphConfigError('The Meta app id (META_APP_ID) is required to upload template media.');
    }
    return options.appId;
  }

  function requireApp(): { appId: string; appSecret: string } {
    if (!options.appId || !options.appSecret) {
      throw new GraphConfigError('Meta app id and app secret are required for this call.');
    }
    return { appId: options.appId, appSecret: options.appSecret };
  }

  function authorizationFor(auth: RequestSpec['auth']): string | null {
    if (auth === 'none') return null;
    if (auth === 'oauth') return `OAuth ${requireAccessToken()}`;
    if (auth === 'account' || options.accessToken) return `Bearer ${requireAccessToken()}`;
    // debug_token accepts any valid token; without an account token the app token `id|secret` works.
    const app = requireApp();
    return `Bearer ${app.appId}|${app.appSecret}`;
  }

  function urlFor(spec: RequestSpec): string {
    const url =
      'absoluteUrl' in spec.path
        ? new URL(spec.path.absoluteUrl)
        : new URL(`${baseUrl}/${spec.path.map(encodeSegment).join('/')}`);
    for (const [key, value] of Object.entries(spec.query ?? {})) {
      if (value !== undefined) url.searchParams.set(key, String(value));
    }
    return url.toString();
  }

  function isSameOrigin(url: string): boolean {
    try {
      return new URL(url).origin === new URL(baseUrl).origin;
    } catch {
      return false;
    }
  }

  async function fetchText(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: BodyInit | undefined,
    limitMs: number,
  ) {
    const response = await fetchImpl(url, { method, headers, body, signal: AbortSignal.timeout(limitMs) });
    return { status: response.status, text: await response.text() };
  }

  /**
   * A call whose body is text (JSON, a form) or empty, as nearly every call is: through undici's own
   * request API, which costs a third of the CPU of fetch (no web streams); a campaign makes up to
   * 1,000 of these a second. An injected `fetch` (tests) is used for everything.
   */
  async function requestText(
    url: string,
    method: string,
    headers: Record<string, string>,
    body: string | undefined,
    limitMs: number,
  ) {
    if (options.fetch) return fetchText(url, method, headers, body, limitMs);
    const response = await undiciRequest(url, {
      method: method as 'GET' | 'POST',
      headers,
      body,
      signal: AbortSignal.timeout(limitMs),
    });
    return { status: response.statusCode, text: await response.body.text() };
  }

  /** Sends one request; resolves with the JSON object Meta answered, or throws a typed error. */
  async function send(spec: RequestSpec): Promise<{ status: number; body: JsonRecord }> {
    const secrets = [...clientSecrets, ...(spec.secrets ?? [])];
    const headers: Record<string, string> = { ...spec.headers, Accept: 'application/json' };
    const authorization = authorizationFor(spec.auth);
    if (authorization) headers.Authorization = authorization;

    let body: string | FormData | Blob | Uint8Array | undefined;
    if (spec.json !== undefined) {
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(spec.json);
    } else if (spec.form) {
      headers['Content-Type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(spec.form).toString();
    } else if (spec.multipart) {
      body = spec.multipart; // fetch writes the multipart boundary itself
    } else if (spec.binary) {
      headers['Content-Type'] = 'application/octet-stream';
      body = spec.binary;
    }
    // File bytes may be up to 100 MB: uploads get the media timeout, not the one for API calls.
    const limitMs = spec.binary || spec.multipart ? downloadTimeoutMs : timeoutMs;

    let status: number;
    let text: string;
    try {
      ({ status, text } =
        typeof body === 'string' || body === undefined
          ? await requestText(urlFor(spec), spec.method, headers, body, limitMs)
          : await fetchText(urlFor(spec), spec.method, headers, body as BodyInit, limitMs));
    } catch (error) {
      throw networkError(error, secrets, limitMs);
    }

    const parsed = parseJsonOrUndefined(text);
    if ((isRecord(parsed) && isRecord(parsed.error)) || status < 200 || status >= 300) {
      throw apiError(status, text, secrets);
    }
    if (!isRecord(parsed)) fail('invalid_response', 'Invalid WhatsApp API response', status);
    return { status, body: parsed };
  }

  /** Reads `data` of every page: by `after` cursor while Meta sends `next`, else by a same-origin `next`. */
  async function collectPages<T>(first: RequestSpec, read: (item: unknown) => T): Promise<T[]> {
    const items: T[] = [];
    const seen = new Set<string>();
    let spec = first;
    for (let page = 0; page < MAX_PAGES; page++) {
      const { status, body } = await send(spec);
      if (!Array.isArray(body.data))
        fail('invalid_format', 'Invalid response format from WhatsApp API', status);
      const data = arrayOf(body.data);
      items.push(...data.map(read));

      // Meta always sends cursors; `next` is there only while more pages exist.
      const { after, next } = readPaging(body);
      if (next === null || data.length === 0) break;
      if (after !== null && !seen.has(`after:${after}`)) {
        seen.add(`after:${after}`);
        spec = { ...first, query: { ...first.query, after } };
      } else if (isSameOrigin(next) && !seen.has(`next:${next}`)) {
        // Never follow a link to another origin: it would receive our bearer token.
        seen.add(`next:${next}`);
        spec = { ...first, path: { absoluteUrl: next }, query: {} };
      } else {
        break;
      }
    }
    return items;
  }

  /** GETs a media URL with the bearer token and returns the bytes; only http(s), at most maxBytes. */
  async function download(
    url: string,
    maxBytes: number | undefined,
  ): Promise<{ data: Buffer; contentType: string | null }> {
    const token = requireAccessToken();
    let target: URL | null;
    try {
      target = new URL(url);
    } catch {
      target = null;
    }
    if (!target || (target.protocol !== 'https:' && target.protocol !== 'http:')) {
      fail('invalid_response', 'Invalid WhatsApp API response', 200);
    }

    let response: Response;
    try {
      response = await fetchImpl(target, {
        method: 'GET',
        headers: { Authorization: `Bearer ${token}` },
        signal: AbortSignal.timeout(downloadTimeoutMs),
      });
    } catch (error) {
      throw networkError(error, clientSecrets, downloadTimeoutMs);
    }

    try {
      if (!response.ok) throw apiError(response.status, await response.text(), clientSecrets);
      const declared = numberOrNull(response.headers.get('content-length'));
      if (maxBytes !== undefined && declared !== null && declared > maxBytes) {
        await response.body?.cancel();
        fail('media_too_large', 'The media file is larger than allowed', response.status);
      }
      const data = Buffer.from(await response.arrayBuffer());
      if (maxBytes !== undefined && data.length > maxBytes) {
        fail('media_too_large', 'The media file is larger than allowed', response.status);
      }
      if (data.length === 0) fail('empty_media', 'No data received from download service', response.status);
      return { data, contentType: response.headers.get('content-type') };
    } catch (error) {
      if (error instanceof GraphApiError || error instanceof GraphResponseError) throw error;
      throw networkError(error, clientSecrets, downloadTimeoutMs);
    }
  }

  return { send, collectPages, download, requireApp, requireAppId };
}
