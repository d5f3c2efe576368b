import { createHmac, timingSafeEqual } from 'node:crypto';

const SIGNATURE_PREFIX = 'sha256=';
const SIGNATURE_PATTERN = /^sha256=([0-9a-fA-F]{64})$/;

/** Signs a webhook body the way Meta does: `sha256=` plus the lowercase hex HMAC-SHA256 keyed with the app secret. */
export function signPayload(rawBody: Buffer | string, appSecret: string): string {
  return `${SIGNATURE_PREFIX}${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

/**
 * Checks an `X-Hub-Signature-256` header against the raw body bytes in constant time; false for a missing,
 * repeated or malformed header, and for an empty app secret (which would make any signature forgeable).
 */
export function verifySignature(
  rawBody: Buffer,
  header: string | readonly string[] | undefined,
  appSecret: string,
): boolean {
  if (typeof header !== 'string' || appSecret === '') return false;

  const match = SIGNATURE_PATTERN.exec(header.trim());
  if (!match?.[1]) return false;

  const received = Buffer.from(match[1], 'hex');
  const expected = createHmac('sha256', appSecret).update(rawBody).digest();
  // Both are 32 bytes once the pattern matched; the length check keeps timingSafeEqual from throwing anyway.
  return received.length === expected.length && timingSafeEqual(received, expected);
}

/**
 * Serialises a webhook body like Meta does: compact JSON with every non-ASCII UTF-16 unit escaped as a
 * lowercase `\uXXXX`, so the bytes are pure ASCII and the signature covers exactly what is sent.
 */
export function serializeWebhookBody(body: unknown): string {
  return (JSON.stringify(body) ?? 'null').replace(
    /[\u0080-\uffff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}
