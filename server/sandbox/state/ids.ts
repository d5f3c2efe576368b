import { randomBytes, randomInt } from 'node:crypto';

/**
 * Identifiers in Meta's shapes: numeric-string object ids, `wamid.` message ids, opaque tokens and
 * codes, fbtrace ids. All random; nothing in them is meaningful to the sandbox.
 */

/** A 15-digit numeric id (WABA, phone number, media, template, business). Below 2^53, so it survives JSON numbers. */
export function numericId(): string {
  let id = String(randomInt(1, 9));
  for (let i = 0; i < 14; i++) id += String(randomInt(0, 10));
  return id;
}

/**
 * A message id shaped like Meta's: `wamid.` + base64 of a small binary record holding the customer's
 * number and a random upper-case hex id (18 hex digits for business messages, 20 for customer ones).
 */
export function wamid(customerWaId: string, direction: 'to_business' | 'to_customer'): string {
  const hexLength = direction === 'to_customer' ? 18 : 20;
  const hex = randomBytes(hexLength / 2)
    .toString('hex')
    .toUpperCase();
  const number = Buffer.from(customerWaId, 'ascii');
  const bytes = Buffer.concat([
    Buffer.from([0x1c, 0x18, number.length]),
    number,
    Buffer.from([0x15, 0x02, 0x00, direction === 'to_customer' ? 0x11 : 0x12, 0x18, hexLength]),
    Buffer.from(hex, 'ascii'),
    Buffer.from([0x00]),
  ]);
  return `wamid.${bytes.toString('base64')}`;
}

/** An opaque access token (Meta's start with EAA). */
export function accessToken(): string {
  return `EAA${randomBytes(96).toString('base64url')}`;
}

/** An opaque embedded-signup code. */
export function signupCode(): string {
  return `AQ${randomBytes(64).toString('base64url')}`;
}

/** The fbtrace_id of an error answer. */
export function fbtraceId(): string {
  return `A${randomBytes(16).toString('base64url').slice(0, 22)}`;
}

/** A conversation id as v22 status webhooks carry it (32 lowercase hex digits). */
export function conversationId(): string {
  return randomBytes(16).toString('hex');
}
