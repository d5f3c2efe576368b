import { fbtraceId } from '../state/ids';

/**
 * Meta's Graph error envelope and the errors the sandbox answers with. Messages follow the Cloud API
 * form `(#<code>) <title>`; the actionable text is in error_data.details (see
 * shared/docs/whatsapp-cloud-api.md §2.2, §2.3 for codes and HTTP statuses).
 */
export class GraphError extends Error {
  readonly httpStatus: number;
  readonly subcode: number | undefined;
  readonly type: 'OAuthException' | 'GraphMethodException';
  readonly isTransient: boolean;

  constructor(
    readonly code: number,
    readonly title: string,
    readonly details: string,
    options: {
      httpStatus: number;
      subcode?: number;
      type?: 'OAuthException' | 'GraphMethodException';
      isTransient?: boolean;
    },
  ) {
    super(`(#${code}) ${title}`);
    this.httpStatus = options.httpStatus;
    this.subcode = options.subcode;
    this.type = options.type ?? 'OAuthException';
    this.isTransient = options.isTransient ?? false;
  }
}

export type GraphErrorBody = {
  error: {
    message: string;
    type: string;
    code: number;
    error_subcode?: number;
    is_transient?: boolean;
    error_data: { messaging_product: 'whatsapp'; details: string };
    fbtrace_id: string;
  };
};

export function graphErrorBody(error: GraphError): GraphErrorBody {
  return {
    error: {
      message: error.message,
      type: error.type,
      code: error.code,
      ...(error.subcode !== undefined ? { error_subcode: error.subcode } : {}),
      ...(error.isTransient ? { is_transient: true } : {}),
      error_data: { messaging_product: 'whatsapp', details: error.details },
      fbtrace_id: fbtraceId(),
    },
  };
}

export const graphErrors = {
  /** 190: the bearer token is missing, unknown or malformed. */
  invalidToken: (details = 'Invalid OAuth access token - Cannot parse access token') =>
    new GraphError(190, 'Invalid OAuth access token', details, { httpStatus: 401 }),
  /** 190 / 463: the token was valid once and has expired. */
  expiredToken: (expiredAt: Date, now: Date) =>
    new GraphError(
      190,
      'Error validating access token',
      `Session has expired on ${expiredAt.toUTCString()}. The current time is ${now.toUTCString()}.`,
      { httpStatus: 401, subcode: 463 },
    ),
  invalidParameter: (details: string, subcode?: number) =>
    new GraphError(100, 'Invalid parameter', details, { httpStatus: 400, subcode }),
  /** 100 / 33: an id that does not exist, or that this token cannot see. */
  unknownObject: (id: string) =>
    new GraphError(
      100,
      'Unsupported get request',
      `Unsupported request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`,
      { httpStatus: 400, subcode: 33, type: 'GraphMethodException' },
    ),
  unknownEdge: (edge: string, nodeType: string) =>
    new GraphError(
      100,
      'Unknown path components',
      `Tried accessing nonexisting field (${edge}) on node type (${nodeType})`,
      { httpStatus: 400 },
    ),
  /** 200 / 1349174: the token is valid but does not grant this WABA or number. */
  noPermission: () =>
    new GraphError(
      200,
      'Permissions error',
      "Your app doesn't have permission to access this WhatsApp Business Account",
      { httpStatus: 403, subcode: 1349174 },
    ),
  wabaNotFound: (id: string) =>
    new GraphError(803, 'WhatsApp Business Account not found', `No WhatsApp Business Account with id ${id}`, {
      httpStatus: 404,
      type: 'GraphMethodException',
    }),
  clientSecret: () =>
    new GraphError(1, 'Error validating client secret', 'The client_id or client_secret is not valid.', {
      httpStatus: 400,
    }),
  rateLimit: () =>
    new GraphError(130429, 'Rate limit hit', 'Cloud API message throughput has been reached.', {
      httpStatus: 429,
      subcode: 2494055,
    }),
  unknownError: () =>
    new GraphError(131000, 'Something went wrong', 'Something went wrong. Please try again later.', {
      httpStatus: 500,
    }),
  serviceUnavailable: () =>
    new GraphError(2, 'Service temporarily unavailable', 'An unexpected error occurred. Please retry.', {
      httpStatus: 500,
      type: 'GraphMethodException',
      isTransient: true,
    }),
  reengagement: () =>
    new GraphError(
      131047,
      'Re-engagement message',
      'Message failed to send because more than 24 hours have passed since the customer last replied to this number.',
      { httpStatus: 400 },
    ),
  recipientIsSender: () =>
    new GraphError(131021, 'Recipient cannot be sender', 'Sender and recipient phone number is the same.', {
      httpStatus: 400,
    }),
  missingParameter: (details: string) =>
    new GraphError(131008, 'Required parameter is missing', details, { httpStatus: 400 }),
  invalidValue: (details: string) =>
    new GraphError(131009, 'Parameter value is not valid', details, { httpStatus: 400 }),
  media: (details: string) => new GraphError(131053, 'Media upload error', details, { httpStatus: 400 }),
  templateParamCount: (details: string) =>
    new GraphError(132000, 'Number of parameters does not match the expected number of params', details, {
      httpStatus: 400,
    }),
  templateMissing: (name: string, language: string) =>
    new GraphError(
      132001,
      'Template name does not exist in the translation',
      `template name (${name}) does not exist in ${language}`,
      { httpStatus: 404 },
    ),
  templateFormat: (details: string) =>
    new GraphError(132012, 'Parameter format does not match format in the created template', details, {
      httpStatus: 400,
    }),
};
