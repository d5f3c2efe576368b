import type { ApiError } from '@common/api/auth';

/** A failed API call: the HTTP status plus the server's `{error, message}` body when it sent one. */
export class ApiRequestError extends Error {
  readonly status: number;
  readonly code: string | null;
  /** The request field the server's message is about (validation errors), when it named one. */
  readonly field: string | null;
  /** True when the server sent its own message (as opposed to a network or parse failure). */
  readonly hasServerMessage: boolean;

  constructor(status: number, body: Partial<ApiError> | null, fallback: string) {
    super(body?.message || fallback);
    this.name = 'ApiRequestError';
    this.status = status;
    this.code = body?.error ?? null;
    this.field = typeof body?.field === 'string' && body.field ? body.field : null;
    this.hasServerMessage = Boolean(body?.message);
  }
}

type RequestOptions = {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  signal?: AbortSignal;
};

/** Status 0 stands for "no response at all" (offline, DNS, aborted). */
const NETWORK_ERROR_STATUS = 0;

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

/** The one way the web talks to the server: same-origin JSON with the session cookie. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', body, signal } = options;
  let response: Response;
  try {
    response = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers:
        body === undefined
          ? { Accept: 'application/json' }
          : { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiRequestError(NETWORK_ERROR_STATUS, null, 'Network error. Please check your connection.');
  }

  const data = await readJson(response);
  if (!response.ok) {
    const errorBody = data && typeof data === 'object' ? (data as Partial<ApiError>) : null;
    throw new ApiRequestError(response.status, errorBody, `Request failed (${response.status})`);
  }
  return data as T;
}

/**
 * POSTs a multipart form by XHR, for the upload progress fetch cannot report; `signal` cancels it.
 * Fails like apiRequest: an ApiRequestError with the server's `{error, message}` body when it sent one.
 */
export function uploadForm<T>(
  url: string,
  form: FormData,
  onProgress: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<T> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () =>
      reject(new ApiRequestError(NETWORK_ERROR_STATUS, null, 'Network error. Please check your connection.'));
    xhr.onabort = () => reject(new ApiRequestError(NETWORK_ERROR_STATUS, null, 'Upload cancelled'));
    xhr.onload = () => {
      let body: unknown = null;
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(body as T);
      else
        reject(
          new ApiRequestError(
            xhr.status,
            body && typeof body === 'object' ? (body as Partial<ApiError>) : null,
            `Request failed (${xhr.status})`,
          ),
        );
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The server's message when it sent one, otherwise the spec's fallback text for this screen. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError && error.hasServerMessage) return error.message;
  return fallback;
}
