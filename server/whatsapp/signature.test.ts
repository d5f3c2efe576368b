import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { webhookFixtures } from './fixtures';
import { serializeWebhookBody, signPayload, verifySignature } from './signature';
import { parseWebhook } from './webhook-parser';

const SECRET = 'test-app-secret-4f1c';
const body = Buffer.from(serializeWebhookBody(webhookFixtures.reaction));

describe('signPayload', () => {
  it('is sha256= plus the lowercase hex HMAC-SHA256 of the exact bytes', () => {
    const expected = createHmac('sha256', SECRET).update(body).digest('hex');
    expect(signPayload(body, SECRET)).toBe(`sha256=${expected}`);
    expect(signPayload(body.toString('utf8'), SECRET)).toBe(`sha256=${expected}`);
    expect(signPayload(body, SECRET)).toMatch(/^sha256=[0-9a-f]{64}$/);
  });
});

describe('verifySignature', () => {
  const valid = signPayload(body, SECRET);

  it('accepts the signature of the raw body', () => {
    expect(verifySignature(body, valid, SECRET)).toBe(true);
  });

  it('accepts uppercase hex digits and surrounding whitespace', () => {
    expect(verifySignature(body, `sha256=${valid.slice(7).toUpperCase()}`, SECRET)).toBe(true);
    expect(verifySignature(body, ` ${valid} `, SECRET)).toBe(true);
  });

  it.each([
    ['a wrong secret', () => verifySignature(body, signPayload(body, 'other-secret'), SECRET)],
    ['a missing header', () => verifySignature(body, undefined, SECRET)],
    ['an empty header', () => verifySignature(body, '', SECRET)],
    ['a repeated header', () => verifySignature(body, [valid, valid], SECRET)],
    ['the sha1 prefix', () => verifySignature(body, valid.replace('sha256=', 'sha1='), SECRET)],
    ['no prefix', () => verifySignature(body, valid.slice(7), SECRET)],
    ['a truncated digest', () => verifySignature(body, valid.slice(0, -2), SECRET)],
    ['an over-long digest', () => verifySignature(body, `${valid}00`, SECRET)],
    ['non-hex digits', () => verifySignature(body, `sha256=${'z'.repeat(64)}`, SECRET)],
    ['an empty app secret', () => verifySignature(body, signPayload(body, ''), '')],
  ])('rejects %s', (_label, check) => {
    expect(check()).toBe(false);
  });

  it('rejects a body with one byte changed', () => {
    const tampered = Buffer.from(body);
    const index = tampered.indexOf('reaction');
    tampered[index] = 'R'.charCodeAt(0);
    expect(verifySignature(tampered, valid, SECRET)).toBe(false);
  });

  it('rejects the same JSON re-encoded as UTF-8, because only the raw bytes count', () => {
    const reencoded = Buffer.from(JSON.stringify(webhookFixtures.reaction));
    expect(reencoded.equals(body)).toBe(false);
    expect(verifySignature(reencoded, valid, SECRET)).toBe(false);
  });
});

describe('serializeWebhookBody', () => {
  it('escapes every non-ASCII character as lowercase \\uXXXX, surrogate pairs included', () => {
    const text = serializeWebhookBody({ name: 'João', emoji: '❤️', face: '😮', plain: 'ok' });
    expect(text).toBe('{"name":"Jo\\u00e3o","emoji":"\\u2764\\ufe0f","face":"\\ud83d\\ude2e","plain":"ok"}');
    expect(/^[\x20-\x7e]*$/.test(text)).toBe(true);
  });

  it('round-trips to the same value, and the parser reads the escaped body like the original', () => {
    const text = serializeWebhookBody(webhookFixtures.batch);
    expect(JSON.parse(text)).toEqual(webhookFixtures.batch);
    const parsed = parseWebhook(JSON.parse(text));
    expect(parsed).toEqual(parseWebhook(webhookFixtures.batch));
  });

  it('produces bytes whose signature verifies', () => {
    const raw = Buffer.from(serializeWebhookBody(webhookFixtures['text-empty-profile-name']), 'utf8');
    expect(raw.length).toBe(raw.toString('utf8').length);
    expect(verifySignature(raw, signPayload(raw, SECRET), SECRET)).toBe(true);
  });
});
