import type { FastifyRequest } from 'fastify';
import { badRequest } from './http-errors';

/**
 * PostgreSQL stores no NUL character in text (and no `\u0000` in jsonb), and jsonb refuses a lone
 * UTF-16 surrogate. Such text in a request is refused up front with a 400, instead of failing in the
 * database as a 500 halfway through a command.
 */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

export const UNSTORABLE_TEXT_MESSAGE = 'Text cannot contain NUL characters or broken Unicode.';

/** True when the string can be stored as it is. */
export function isStorableText(text: string): boolean {
  LONE_SURROGATE.lastIndex = 0;
  return !text.includes('\u0000') && !LONE_SURROGATE.test(text);
}

/** The text with every lone surrogate (half an emoji) replaced by U+FFFD, as String#toWellFormed does. */
export function toWellFormedText(text: string): string {
  return text.replace(LONE_SURROGATE, '\ufffd');
}

/** The text with NUL characters and other C0 controls dropped and lone surrogates replaced by U+FFFD. */
export function toStorableText(text: string, { keepLineBreaks = true } = {}): string {
  let out = '';
  for (const ch of text.replace(LONE_SURROGATE, '\ufffd')) {
    const code = ch.charCodeAt(0);
    const control = code < 0x20 || code === 0x7f;
    if (!control || (keepLineBreaks && (ch === '\n' || ch === '\r' || ch === '\t'))) out += ch;
  }
  return out;
}

/**
 * The dotted path of the first string (or object key) in `value` that PostgreSQL cannot store, or null.
 * Walks without recursion, so a deeply nested body cannot overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [current, path] = stack.pop()!;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      for (let i = 0; i < current.length; i++) stack.push([current[i], path ? `${path}.${i}` : String(i)]);
    } else if (current !== null && typeof current === 'object' && !Buffer.isBuffer(current)) {
      for (const [key, child] of Object.entries(current)) {
        const childPath = path ? `${path}.${key}` : key;
        if (!isStorableText(key)) return childPath;
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/** A preValidation hook: the parsed body, query and path parameters hold only storable text. */
export async function refuseUnstorableText(request: FastifyRequest): Promise<void> {
  for (const [where, value] of [
    ['params', request.params],
    ['query', request.query],
    ['body', request.body],
  ] as const) {
    const path = findUnstorableText(value);
    if (path !== null) {
      throw badRequest(
        where === 'body' ? UNSTORABLE_TEXT_MESSAGE : `${UNSTORABLE_TEXT_MESSAGE} (${where})`,
        'validation_failed',
        path || undefined,
      );
    }
  }
}
