import type { Random } from './random';

/**
 * Hostile values for the fuzz test: strings, JSON values, broken JSON, query strings and path
 * segments. Everything is drawn from a seeded Random, so a run is replayable.
 */

/** Strings a careless server mishandles: NUL bytes, lone surrogates, markup, injections, huge ones. */
const NASTY_STRINGS = [
  '',
  ' ',
  '\t\r\n',
  '\u0000',
  'a\u0000b',
  '\u0000'.repeat(64),
  '\ud800',
  'x\udfffy',
  '\ud83d',
  '\ufeff',
  '\u202eexe.gpj',
  '\u200b\u200c\u200d',
  'e\u0301\u0301\u0301\u0301',
  '😀',
  '👩🏽‍🚀👨‍👩‍👧‍👦',
  '🏳️‍🌈'.repeat(20),
  'ﷺ𒐫𒐫𒐫',
  'Ω≈ç√∫˜µ≤≥÷',
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  'javascript:alert(1)',
  "' OR 1=1 --",
  "'; drop table contacts; --",
  '"\\',
  '\\u0000',
  '%00',
  '%s%n%x',
  '\u0024{jndi:ldap://x}',
  '{{7*7}}',
  '{{1}}',
  '{{',
  '}}{{',
  '../../../../etc/passwd',
  '..\\..\\windows',
  'null',
  'undefined',
  'NaN',
  '-1',
  '0',
  '1e309',
  '9'.repeat(40),
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'temp-',
  'temp-ok_1',
  'temp-\u0000',
  'user@example.com',
  'a@b',
  '@',
  '+1 650 555 0199',
  '+',
  'https://example.com/',
  'http://127.0.0.1:1/',
  'data:text/html,<script>alert(1)</script>',
  '00000000-0000-0000-0000-000000000000',
  'ffffffff-ffff-ffff-ffff-ffffffffffff',
  '2024-01-01T00:00:00.000Z_00000000-0000-0000-0000-000000000000',
  '9999-99-99T99:99:99.999Z_00000000-0000-0000-0000-000000000000',
  'eyJ0IjoiMjAyNC0wMS0wMSJ9',
];

/** Percent-encodes the UTF-8 bytes of any string (lone surrogates included, as U+FFFD). */
export function encode(text: string): string {
  let out = '';
  for (const byte of Buffer.from(text, 'utf8')) {
    const c = String.fromCharCode(byte);
    out += /[A-Za-z0-9\-_.~]/.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
  }
  return out;
}

export type Pools = {
  /** Real ids and values worth mixing in (team A's rows, and team B's to probe isolation). */
  strings: () => string[];
};

export function randomString(r: Random, pools: Pools): string {
  return r.weighted<() => string>([
    [6, () => r.pick(NASTY_STRINGS)],
    [2, () => r.pick(pools.strings())],
    [2, () => asciiNoise(r, r.between(1, 40))],
    [1, () => unicodeNoise(r, r.between(1, 40))],
    [1, () => r.pick(['a', 'é', '😀', '\u0000', 'x']).repeat(r.pick([33, 51, 101, 201, 1025, 4097, 5001]))],
    [0.2, () => 'A'.repeat(r.pick([65_536, 300_000]))],
  ])();
}

export function asciiNoise(r: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += String.fromCharCode(r.int(128));
  return out;
}

export function unicodeNoise(r: Random, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) {
    const roll = r.int(4);
    if (roll === 0) out += String.fromCharCode(r.int(0x10000));
    else if (roll === 1) out += String.fromCodePoint(0x10000 + r.int(0x100000 - 0x10000));
    else if (roll === 2) out += String.fromCharCode(0xd800 + r.int(0x800));
    else out += String.fromCharCode(0x20 + r.int(0x5f));
  }
  return out;
}

/** Any JSON value: wrong types, deep and wide nesting, huge numbers, hostile keys. */
export function randomJson(r: Random, pools: Pools, depth = 0): unknown {
  const leaf = depth > 4 || r.chance(0.45);
  if (leaf) {
    return r.weighted<() => unknown>([
      [1, () => null],
      [1, () => r.chance(0.5)],
      [
        1,
        () => r.pick([0, -1, 1, 1.5, -0.000001, 2 ** 31, 2 ** 53 + 1, -(2 ** 63), 1e308, Number.MIN_VALUE]),
      ],
      [5, () => randomString(r, pools)],
    ])();
  }
  if (r.chance(0.4)) {
    // A long array holds only small values, so the body stays under a few hundred kB.
    if (r.chance(0.1)) return Array.from({ length: 600 }, () => r.pick([null, 1, 'x', '', {}, []]));
    return Array.from({ length: r.pick([0, 1, 2, 3]) }, () => randomJson(r, pools, depth + 1));
  }
  const out: Record<string, unknown> = {};
  const keys = r.pick([0, 1, 2, 3, 5]);
  for (let i = 0; i < keys; i++) out[randomKey(r, pools)] = randomJson(r, pools, depth + 1);
  return out;
}

const HOSTILE_KEYS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  '$where',
  '0',
  'a.b',
  '\u0000',
  'toString',
];

function randomKey(r: Random, pools: Pools): string {
  return r.chance(0.3) ? r.pick(HOSTILE_KEYS) : r.chance(0.5) ? randomString(r, pools).slice(0, 40) : 'x';
}

/**
 * Changes a plausible body in one or a few places, so most of it passes validation and the change
 * reaches deeper code: a field gets a wrong type or hostile string, goes missing, or gains siblings.
 */
export function mutate(r: Random, pools: Pools, value: unknown, depth = 0): unknown {
  if (value === null || typeof value !== 'object' || depth > 3 || r.chance(0.15)) {
    return r.weighted<() => unknown>([
      [4, () => randomJson(r, pools, 3)],
      [3, () => (typeof value === 'string' ? `${value}${randomString(r, pools)}` : randomString(r, pools))],
      [1, () => [value]],
      [1, () => ({ value })],
      [1, () => undefined],
    ])();
  }
  if (Array.isArray(value)) {
    const copy = [...value];
    if (copy.length > 0 && r.chance(0.7)) {
      const i = r.int(copy.length);
      copy[i] = mutate(r, pools, copy[i], depth + 1);
    } else {
      copy.push(randomJson(r, pools, 2));
    }
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const keys = Object.keys(copy);
  const times = r.pick([1, 1, 1, 2, 3]);
  for (let t = 0; t < times; t++) {
    if (keys.length > 0 && r.chance(0.8)) {
      const key = r.pick(keys);
      const changed = mutate(r, pools, copy[key], depth + 1);
      if (changed === undefined) delete copy[key];
      else copy[key] = changed;
    } else {
      copy[randomKey(r, pools)] = randomJson(r, pools, 2);
    }
  }
  return copy;
}

/** Text that is not JSON, or JSON no parser should take happily. */
export function brokenJson(r: Random): string {
  return r.pick<() => string>([
    () => '{',
    () => '}',
    () => '{"a":',
    () => '{"a" 1}',
    () => "{'a': 1}",
    () => '[1,2,',
    () => '{"a":1,}',
    () => 'nul',
    () => 'undefined',
    () => 'NaN',
    () => '-',
    () => '1e99999',
    () => '"\\ud800"',
    () => '"\\u0000"',
    () => '{"text":"\u0000"}',
    () => '\u0000',
    () => '\ufeff{}',
    () => '{"__proto__":{"admin":true}}',
    () => '{"constructor":{"prototype":{"admin":true}}}',
    () => '{"a":1,"a":2}',
    () => `${'['.repeat(r.pick([100, 5_000, 100_000]))}${']'.repeat(r.pick([100, 5_000]))}`,
    () => {
      const depth = r.pick([64, 1_000, 10_000, 50_000]);
      return `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`;
    },
    () => {
      const depth = r.pick([1_000, 100_000]);
      return `${'['.repeat(depth)}${']'.repeat(depth)}`;
    },
    () => `{"text":"${'x'.repeat(r.pick([10_000, 900_000]))}"}`,
    () => asciiNoise(r, r.between(1, 200)),
    () => Buffer.from(Array.from({ length: 64 }, () => r.int(256))).toString('latin1'),
  ])();
}

/** A path segment in place of a parameter: ids of the wrong shape, encodings, traversal. */
export function hostileSegment(r: Random, pools: Pools): string {
  return r.weighted<() => string>([
    [
      6,
      () =>
        r.pick([
          'null',
          'undefined',
          '0',
          '-1',
          '1',
          '1e309',
          'abc',
          'NaN',
          '%00',
          '%2e%2e',
          '..%2f..%2fetc%2fpasswd',
          '%E0%A4%A',
          '%',
          '%zz',
          '%C0%AE',
          '%F0%9F%98%80',
          encode('😀'),
          encode("' OR 1=1 --"),
          '00000000-0000-0000-0000-00000000000',
          '00000000-0000-0000-0000-0000000000000',
          'g0000000-0000-0000-0000-000000000000',
          '00000000000000000000000000000000',
          '{00000000-0000-0000-0000-000000000000}',
          'ffffffff-ffff-ffff-ffff-ffffffffffff',
          'FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF',
          '123456789012345678901234567890',
          '1'.repeat(16),
          'me',
          'x'.repeat(5_000),
        ]),
    ],
    [3, () => encode(r.pick(pools.strings()))],
    [2, () => encode(randomString(r, pools).slice(0, 300))],
    [1, () => `${r.pick(pools.strings())}%00`],
    [1, () => `${encode(r.pick(pools.strings()))}${encode(' ')}`],
  ])();
}

const QUERY_KEYS = [
  'tab',
  'q',
  'tagIds',
  'cursor',
  'limit',
  'before',
  'status',
  'refresh',
  'download',
  'hub.mode',
  'hub.verify_token',
  'hub.challenge',
  'access_token',
  'input_token',
  'fields',
  'code',
  'client_id',
  'client_secret',
  'fb_exchange_token',
  'grant_type',
  'after',
  'mid',
  'ext',
  'hash',
];

/** A query string (without '?'): repeated keys, bracket syntax, broken escapes, huge values. */
export function hostileQuery(r: Random, pools: Pools): string {
  const parts: string[] = [];
  const count = r.pick([1, 1, 2, 3, 6, 50]);
  for (let i = 0; i < count; i++) {
    const key = r.chance(0.85) ? r.pick(QUERY_KEYS) : encode(randomString(r, pools).slice(0, 50));
    const value = r.weighted<() => string>([
      [4, () => encode(randomString(r, pools).slice(0, r.pick([50, 5_000, 70_000])))],
      [
        2,
        () =>
          r.pick([
            '',
            '0',
            '-1',
            '1',
            '1.5',
            '201',
            '1e309',
            'Infinity',
            'NaN',
            '0x10',
            'true',
            'mine',
            'team',
            'unassigned',
            'media',
            'docs',
            'approved',
            'pending',
            'subscribe',
          ]),
      ],
      [2, () => r.pick(['%', '%zz', '%00', '%E0%A4%A', '+', '%2B', '&', '=', '==', '%26%3D'])],
      [2, () => encode(r.pick(pools.strings()))],
      [1, () => Array.from({ length: r.pick([2, 60]) }, () => r.pick(pools.strings())).join(',')],
    ])();
    const shape = r.weighted<() => string>([
      [6, () => `${key}=${value}`],
      [1, () => `${key}[]=${value}&${key}[]=${value}`],
      [1, () => `${key}[a]=${value}`],
      [1, () => `${key}=${value}&${key}=${value}`],
      [1, () => key],
      [0.5, () => `=${value}`],
    ])();
    parts.push(shape);
  }
  return parts.join(r.chance(0.9) ? '&' : ';');
}
