/** 130429s within a second beyond this share of the pace mean the number is over its limit. */
const OVER_LIMIT_SHARE = 0.05;

/**
 * The pace of one number's campaign sends: a token bucket at the campaign's rate (messages per
 * second), holding at most a tenth of a second of tokens so a pause never turns into a burst. When
 * Meta answers 130429 (too many messages from this number) to more than a twentieth of a second's
 * sends, the rate halves and sending stops for a second; each calm second after that it climbs
 * back by a fifth, up to the configured rate. Fewer are noise, retried like a 5xx: halving on each
 * one brought a 1,000/s campaign down to a few a second when 2.5 % of answers were 130429
 * (bench/campaign).
 */
export class Pacer {
  private rate: number;
  private current: number;
  private tokens = 0;
  private last: number;
  private holdUntil = 0;
  private calmSince: number;
  /** When the 130429s of the last second came. */
  private limited: number[] = [];

  constructor(
    rate: number,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.rate = rate;
    this.current = rate;
    this.last = now();
    this.calmSince = this.last;
  }

  /**
   * The configured rate. It takes effect at once (the pump's bucket starts at 1/s until it has read the
   * campaign), except that a pace still recovering from a 130429 climbs to a higher one as it recovers.
   */
  setRate(rate: number): void {
    if (rate === this.rate) return;
    this.current = this.slowed ? Math.min(this.current, rate) : rate;
    this.rate = rate;
  }

  /** The rate it sends at now (lower than configured after a 130429). */
  get pace(): number {
    return this.current;
  }

  get slowed(): boolean {
    return this.current < this.rate;
  }

  /** How many sends may start now, at most `max`; they are taken from the bucket. */
  take(max: number): number {
    const at = this.now();
    const elapsed = Math.max(0, at - this.last) / 1000;
    this.last = at;
    if (at < this.holdUntil) return 0;
    if (this.current < this.rate && at - this.calmSince >= 1000) {
      this.current = Math.min(this.rate, this.current * 1.2);
      this.calmSince = at;
    }
    this.tokens = Math.min(this.tokens + elapsed * this.current, Math.max(1, this.current / 10));
    const n = Math.max(0, Math.min(Math.floor(this.tokens), max));
    this.tokens -= n;
    return n;
  }

  /** Sends taken but not made (the queue had fewer) go back into the bucket. */
  giveBack(n: number): void {
    this.tokens = Math.min(this.tokens + n, Math.max(1, this.current / 10));
  }

  /** Meta said 130429: past a twentieth of a second's sends, halve the pace and hold for a second. */
  slowDown(): void {
    const at = this.now();
    if (at < this.holdUntil) return; // one slow-down per burst of refusals
    this.limited.push(at);
    while (this.limited[0]! <= at - 1000) this.limited.shift();
    if (this.limited.length <= Math.max(1, this.current * OVER_LIMIT_SHARE)) return;
    this.limited = [];
    this.current = Math.max(1, this.current / 2);
    this.tokens = 0;
    this.holdUntil = at + 1000;
    this.calmSince = this.holdUntil;
  }

  /** How long until the next send may start, in ms. */
  waitMs(): number {
    const at = this.now();
    if (at < this.holdUntil) return this.holdUntil - at;
    return Math.max(0, ((1 - this.tokens) / this.current) * 1000);
  }
}
