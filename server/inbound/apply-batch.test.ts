import { describe, expect, it } from 'vitest';
import { withoutNul } from './apply-batch';

describe('withoutNul', () => {
  it('drops escaped NUL characters and keeps everything else', () => {
    expect(withoutNul('{"body":"a\\u0000b"}')).toBe('{"body":"ab"}');
    expect(JSON.parse(withoutNul('{"body":"\\u0000\\u0000x"}')).body).toBe('x');
    // An escaped backslash followed by u0000 is the literal text "\u0000".
    expect(JSON.parse(withoutNul('{"body":"\\\\u0000"}')).body).toBe('\\u0000');
    expect(JSON.parse(withoutNul('{"body":"\\\\\\u0000"}')).body).toBe('\\');
    expect(withoutNul('{"body":"caf\\u00e9"}')).toBe('{"body":"caf\\u00e9"}');
  });
});
