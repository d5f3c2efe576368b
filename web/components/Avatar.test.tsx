import { describe, expect, it } from 'vitest';
import { initialsOf } from './Avatar';

describe('initialsOf', () => {
  it('takes the first and last word', () => {
    expect(initialsOf('Maya Patel')).toBe('MP');
    expect(initialsOf('Ana Beatriz Costa')).toBe('AC');
    expect(initialsOf('maya')).toBe('M');
  });

  it('prefers words with letters and skips emoji and punctuation', () => {
    expect(initialsOf('Omar Khan 1492')).toBe('OK');
    expect(initialsOf('🌷 Bloom (Florists)')).toBe('BF');
    expect(initialsOf('4242')).toBe('4');
  });

  it('is empty without a name (the avatar shows a person)', () => {
    expect(initialsOf('')).toBe('');
    expect(initialsOf('  ')).toBe('');
  });
});
