import { describe, expect, it } from 'vitest';
import { Pacer } from './pacer';

/** The campaign pacer on a clock the test moves: the token bucket, 130429's slow-down and the climb back. */

function clocked(rate: number) {
  let now = 0;
  const pacer = new Pacer(rate, () => now);
  return {
    pacer,
    advance(ms: number) {
      now += ms;
    },
  };
}

/** Takes what the bucket allows every `stepMs` for `ms`, as the pump does; returns how many. */
function drain(p: ReturnType<typeof clocked>, ms: number, stepMs = 10): number {
  let taken = 0;
  for (let t = 0; t < ms; t += stepMs) {
    p.advance(stepMs);
    taken += p.pacer.take(10_000);
  }
  return taken;
}

describe('the campaign pacer', () => {
  it('lets through its rate per second and never more than a tenth of a second at once', () => {
    const p = clocked(100);
    expect(p.pacer.take(1000)).toBe(0); // the bucket starts empty
    p.advance(5000); // idle for five seconds: no burst of 500 follows
    expect(p.pacer.take(1000)).toBe(10);
    expect(p.pacer.take(1000)).toBe(0);
    const taken = drain(p, 3000);
    expect(taken).toBeGreaterThanOrEqual(299);
    expect(taken).toBeLessThanOrEqual(301);
    // `max` limits what one take gets; the rest stays in the bucket.
    p.advance(100);
    expect(p.pacer.take(4)).toBe(4);
    expect(p.pacer.take(100)).toBe(6);
  });

  it('holds at least one token at a slow rate, and waitMs says when the next is due', () => {
    const p = clocked(2);
    p.advance(10_000);
    expect(p.pacer.take(10)).toBe(1);
    expect(p.pacer.waitMs()).toBe(500);
    p.advance(250);
    expect(p.pacer.take(10)).toBe(0);
    expect(p.pacer.waitMs()).toBe(250);
    p.advance(250);
    expect(p.pacer.take(10)).toBe(1);
    expect(drain(p, 10_000)).toBe(20);
  });

  it('takes back what a claim did not use, up to the bucket size', () => {
    const p = clocked(100);
    p.advance(100);
    expect(p.pacer.take(10)).toBe(10);
    p.pacer.giveBack(7);
    expect(p.pacer.take(100)).toBe(7);
    p.pacer.giveBack(500);
    expect(p.pacer.take(100)).toBe(10);
  });

  it('treats a few 130429s as noise: the pace stays', () => {
    const p = clocked(100);
    // Five in a second is a twentieth of 100/s: not more than the share.
    for (let i = 0; i < 5; i++) {
      p.advance(100);
      p.pacer.slowDown();
    }
    expect(p.pacer.pace).toBe(100);
    expect(p.pacer.slowed).toBe(false);
    // Spread over time, they never add up to more than the share within one second.
    p.advance(1000);
    for (let i = 0; i < 20; i++) {
      p.advance(300);
      p.pacer.slowDown();
    }
    expect(p.pacer.pace).toBe(100);
  });

  it('halves the pace and holds for a second when 130429s pass the share, then climbs back by a fifth per calm second', () => {
    const p = clocked(100);
    p.advance(100);
    expect(p.pacer.take(100)).toBe(10);
    for (let i = 0; i < 6; i++) p.pacer.slowDown();
    expect(p.pacer.pace).toBe(50);
    expect(p.pacer.slowed).toBe(true);
    // The hold: nothing for a second, and more refusals of the same burst do not halve it again.
    expect(p.pacer.waitMs()).toBe(1000);
    for (let i = 0; i < 20; i++) p.pacer.slowDown();
    expect(p.pacer.pace).toBe(50);
    expect(drain(p, 990)).toBe(0);
    // After the hold it sends at the halved pace; a calm second later it climbs by a fifth.
    const firstSecond = drain(p, 1010);
    expect(firstSecond).toBeGreaterThanOrEqual(49);
    expect(firstSecond).toBeLessThanOrEqual(61);
    expect(p.pacer.pace).toBeCloseTo(60);
    drain(p, 1000);
    expect(p.pacer.pace).toBeCloseTo(72);
    // It climbs back to the configured rate, never beyond.
    drain(p, 10_000);
    expect(p.pacer.pace).toBe(100);
    expect(p.pacer.slowed).toBe(false);
  });

  it('slows down again on a new burst of 130429s, never below one a second', () => {
    const p = clocked(4);
    for (let round = 0; round < 6; round++) {
      for (let i = 0; i < 2; i++) p.pacer.slowDown();
      p.advance(1000); // past the hold
    }
    expect(p.pacer.pace).toBe(1);
  });

  it('takes a new rate at once, but a slowed pace only climbs to it as it recovers', () => {
    const p = clocked(80);
    p.pacer.setRate(1000);
    expect(p.pacer.pace).toBe(1000);
    for (let i = 0; i < 51; i++) p.pacer.slowDown();
    expect(p.pacer.pace).toBe(500);
    p.pacer.setRate(2000);
    expect(p.pacer.pace).toBe(500);
    p.pacer.setRate(100);
    expect(p.pacer.pace).toBe(100);
    expect(p.pacer.slowed).toBe(false);
  });
});
