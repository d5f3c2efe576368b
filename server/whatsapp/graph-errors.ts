/**
 * Typed failures of Graph API calls. None of them ever carries an access token, app secret or request URL:
 * messages are built here from Meta's own fields, with every known secret redacted.
 */

/** Meta error codes that mean "try again later" (throttling, temporary outages, maintenance). */
export const RETRYABLE_META_CODES: ReadonlySet<number> = new Set([
  1, 2, 4, 17, 80007, 130429, 131016, 131057,
]);

export type GraphApiErrorFields = {
  message: string;
  httpStatus: number;
  code: number | null;
  subcode: number | null;
  type: string | null;
  details: string | null;
  fbtraceId: string | null;
  isTransient: boolean;
  userTitle: string | null;
  userMessage: string | null;
};

/** Meta answered with an error (a Graph error envelope, or a non-OK status with some other body). */
export class GraphApiError extends Error {
  override readonly name = 'GraphApiError';
  readonly httpStatus: number;
  /** Meta's error code (131047, 190…); null when the body was not a Graph error envelope. */
  readonly code: number | null;
  readonly subcode: number | null;
  readonly type: string | null;
  /** error_data.details: Meta's actionable explanation. */
  readonly details: string | null;
  readonly fbtraceId: string | null;
  readonly isTransient: boolean;
  readonly userTitle: string | null;
  readonly userMessage: string | null;
  /** True for HTTP 5xx and 429, Meta's throttling/outage codes, and errors Meta flags as transient. */
  readonly isRetryable: boolean;

  constructor(fields: GraphApiErrorFields) {
    super(fields.message);
    this.httpStatus = fields.httpStatus;
    this.code = fields.code;
    this.subcode = fields.subcode;
    this.type = fields.type;
    this.details = fields.details;
    this.fbtraceId = fields.fbtraceId;
    this.isTransient = fields.isTransient;
    this.userTitle = fields.userTitle;
    this.userMessage = fields.userMessage;
    this.isRetryable =
      fields.httpStatus >= 500 ||
      fields.httpStatus === 429 ||
      fields.isTransient ||
      (fields.code !== null && RETRYABLE_META_CODES.has(fields.code));
  }
}

/** The request never got a complete answer: connection refused or reset, DNS failure, or the timeout. */
export class GraphNetworkError extends Error {
  override readonly name = 'GraphNetworkError';
  readonly isRetryable = true;
  readonly isTimeout: boolean;
  /** The system error code when there was one (ECONNREFUSED, ECONNRESET…). */
  readonly causeCode: string | null;

  constructor(message: string, options: { isTimeout: boolean; causeCode: string | null }) {
    super(message);
    this.isTimeout = options.isTimeout;
    this.causeCode = options.causeCode;
  }
}

export type GraphResponseProblem =
  | 'invalid_response'
  | 'invalid_format'
  | 'no_message_id'
  | 'no_media_id'
  | 'no_access_token'
  | 'empty_media'
  | 'media_too_large';

/** Meta answered OK but the body is not what the call needs; the message is the spec §8 text. */
export class GraphResponseError extends Error {
  override readonly name = 'GraphResponseError';
  readonly isRetryable = false;
  readonly problem: GraphResponseProblem;
  readonly httpStatus: number;

  constructor(problem: GraphResponseProblem, message: string, httpStatus: number) {
    super(message);
    this.problem = problem;
    this.httpStatus = httpStatus;
  }
}

/** A call needs a credential the client was not given (access token, app id or app secret). */
export class GraphConfigError extends Error {
  override readonly name = 'GraphConfigError';
  readonly isRetryable = false;
}

/** Any error a Graph client call can throw. */
export type GraphError = GraphApiError | GraphNetworkError | GraphResponseError | GraphConfigError;

/** True for the errors a job should retry with backoff (see each class's isRetryable). */
export function isRetryableGraphError(error: unknown): boolean {
  return (error instanceof GraphApiError || error instanceof GraphNetworkError) && error.isRetryable === true;
}

/** Replaces every occurrence of each secret (and its URL-encoded form) in a text with '[redacted]'. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    // Very short values would redact ordinary words; real tokens and secrets are long.
    if (!secret || secret.length < 8) continue;
    for (const form of new Set([secret, encodeURIComponent(secret)]))
      result = result.split(form).join('[redacted]');
  }
  return result;
}
