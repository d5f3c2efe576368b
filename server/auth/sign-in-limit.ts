import { sha256Hex } from '../lib/crypto';

/** Sign-in attempts one e-mail address may spend per window, whatever address(es) they come from. */
export const SIGN_IN_ACCOUNT_MAX = 10;
export const SIGN_IN_ACCOUNT_WINDOW_MS = 15 * 60_000;

/** Keys of the shared counters (one per address, hashed: Redis never holds the address itself). */
export const SIGN_IN_LIMIT_NAMESPACE = 'switchboard:sign-in-account:';

/** The few Redis commands the limit needs (an ioredis client fits). */
export type SignInLimitRedis = {
  eval(script: string, numKeys: number, ...args: (string | number)[]): Promise<unknown>;
  del(key: string): Promise<number>;
};

type Log = { warn(obj: object, msg: string): void; info(msg: string): void };

export type SignInAttempt = { allowed: true } | { allowed: false; retryAfterMs: number };

/**
 * The per-account sign-in limit, next to the per-IP one: forged or rotating client addresses do not
 * buy more guesses at one account. Every attempt for an address counts before its password is checked
 * (so parallel guesses cannot all slip in under the limit), whether or not the address has an account;
 * a successful sign-in clears the count. Past the budget the address is refused until its window ends,
 * without checking the password.
 *
 * With Redis the count is shared by every process (INCR and the window's expiry in one script). If a
 * Redis command fails (an outage, a timeout), the count falls back to this process's memory and the
 * outage is logged once: nobody is locked out and no request fails because Redis is away.
 */
export class SignInLimit {
  private readonly memory = new Map<string, { count: number; resetAt: number }>();
  private redisDown = false;

  constructor(
    private readonly options: {
      redis?: SignInLimitRedis;
      log: Log;
      max?: number;
      windowMs?: number;
      now?: () => number;
    },
  ) {}

  private get max() {
    return this.options.max ?? SIGN_IN_ACCOUNT_MAX;
  }
  private get windowMs() {
    return this.options.windowMs ?? SIGN_IN_ACCOUNT_WINDOW_MS;
  }
  private now() {
    return this.options.now?.() ?? Date.now();
  }

  private key(email: string): string {
    return `${SIGN_IN_LIMIT_NAMESPACE}${sha256Hex(email.trim().toLowerCase())}`;
  }

  /** Counts one attempt for the address; says whether it may go ahead. */
  async attempt(email: string): Promise<SignInAttempt> {
    const key = this.key(email);
    const counted = await this.countInRedis(key);
    const { count, ttlMs } = counted ?? this.countInMemory(key);
    if (count <= this.max) return { allowed: true };
    return { allowed: false, retryAfterMs: Math.max(1000, ttlMs) };
  }

  /** A successful sign-in: the address starts again with its whole budget. */
  async succeeded(email: string): Promise<void> {
    const key = this.key(email);
    this.memory.delete(key);
    const { redis } = this.options;
    if (!redis) return;
    try {
      await redis.del(key);
      this.redisBack();
    } catch (error) {
      this.redisFailed(error);
    }
  }

  private async countInRedis(key: string): Promise<{ count: number; ttlMs: number } | undefined> {
    const { redis } = this.options;
    if (!redis) return undefined;
    try {
      const result = (await redis.eval(COUNT_SCRIPT, 1, key, this.windowMs)) as [number, number];
      this.redisBack();
      return { count: Number(result[0]), ttlMs: Number(result[1]) };
    } catch (error) {
      this.redisFailed(error);
      return undefined;
    }
  }

  private countInMemory(key: string): { count: number; ttlMs: number } {
    const now = this.now();
    if (this.memory.size > 50_000) this.sweep(now);
    let entry = this.memory.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + this.windowMs };
      this.memory.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.resetAt - now };
  }

  /** Drops windows that ended, so addresses tried once do not pile up in memory. */
  private sweep(now: number): void {
    for (const [key, entry] of this.memory) if (entry.resetAt <= now) this.memory.delete(key);
  }

  private redisFailed(error: unknown): void {
    if (this.redisDown) return;
    this.redisDown = true;
    this.options.log.warn(
      { err: { message: error instanceof Error ? error.message : String(error) } },
      'sign-in limit: Redis unreachable, counting per account in this process until it is back',
    );
  }

  private redisBack(): void {
    if (!this.redisDown) return;
    this.redisDown = false;
    this.options.log.info('sign-in limit: Redis is back, counting per account there again');
  }
}

/** INCR, and start the window on the first attempt (or if the key somehow has no expiry). */
const COUNT_SCRIPT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if count == 1 or ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

/** "15 minutes", "1 minute", "30 seconds": how long until the address may try again. */
export function formatRetryAfter(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}
