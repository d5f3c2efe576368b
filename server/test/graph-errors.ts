import { GraphApiError } from '../whatsapp/graph-errors';

/** A Graph API error envelope as Meta answers it (OAuthException, HTTP 400), `code` and the rest as given. */
export function graphApiError(
  code: number | null,
  extra: Partial<ConstructorParameters<typeof GraphApiError>[0]> = {},
): GraphApiError {
  return new GraphApiError({
    message: code === null ? 'WhatsApp API error: HTTP 500' : `(#${code}) Meta title`,
    httpStatus: 400,
    code,
    subcode: null,
    type: 'OAuthException',
    details: null,
    fbtraceId: null,
    isTransient: false,
    userTitle: null,
    userMessage: null,
    ...extra,
  });
}
