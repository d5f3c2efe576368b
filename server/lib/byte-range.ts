/**
 * One `Range: bytes=…` request over a file of `size` bytes (RFC 9110 §14): the inclusive span to
 * send, 'unsatisfiable' for a range past the end (416), or null to send the whole file (no header,
 * another unit, several ranges or a malformed one — all of which a server may answer with 200).
 * Browsers ask for ranges to read an audio or video file's length and to seek in it.
 */
export function byteRange(
  header: string | undefined,
  size: number,
): { start: number; end: number } | 'unsatisfiable' | null {
  const match = /^bytes=(\d*)-(\d*)$/.exec(header?.trim() ?? '');
  if (!match || (match[1] === '' && match[2] === '')) return null;
  if (match[1] === '') {
    // bytes=-N: the last N bytes.
    const suffix = Number(match[2]);
    if (suffix === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (start >= size) return 'unsatisfiable';
  if (end < start) return null;
  return { start, end };
}
