/**
 * Polls `check` until it returns something truthy, and returns that; throws after `timeoutMs` with
 * what was awaited, so a stuck test says what it was waiting for.
 */
export async function until<T>(
  check: () => Promise<T | undefined | false> | T | undefined | false,
  what: string,
  timeoutMs = 30_000,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
