/**
 * The server's messaging clock as seen from the browser. The 24-hour window runs on it, and it is
 * not the browser's clock: against the sandbox it can be moved days ahead. Every response that
 * carries `serverNow` (lists, conversations, the live feed's hello and pong) updates the offset.
 */
let offsetMs = 0;
const listeners = new Set<() => void>();

export function noteServerNow(serverNow: string | null | undefined): void {
  if (!serverNow) return;
  const parsed = Date.parse(serverNow);
  if (Number.isNaN(parsed)) return;
  const next = parsed - Date.now();
  // Ignore jitter from request latency; a real move (a sandbox clock jump, a skewed laptop) is large.
  if (Math.abs(next - offsetMs) < 2_000) return;
  offsetMs = next;
  for (const listener of listeners) listener();
}

/** Milliseconds since the epoch on the server's clock. */
export function serverNow(): number {
  return Date.now() + offsetMs;
}

export function subscribeServerClock(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The current offset, for tests and diagnostics. */
export function serverClockOffset(): number {
  return offsetMs;
}
