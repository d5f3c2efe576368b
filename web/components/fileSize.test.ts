import { describe, expect, it } from 'vitest';
import { formatBytes } from './fileSize';

describe('formatBytes', () => {
  it('uses B, kB and MB', () => {
    expect(formatBytes(812)).toBe('812 B');
    expect(formatBytes(218 * 1024)).toBe('218 kB');
    expect(formatBytes(4.2 * 1024 * 1024)).toBe('4.2 MB');
    expect(formatBytes(42 * 1024 * 1024)).toBe('42 MB');
  });
});
