import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS } from '../state/settings';
import { planSteps, recipientFate, replyText } from './plan';

/** The timeline plan: who fails, reads and replies (by hash, reproducible), and when each step is due. */

const numbers = Array.from({ length: 2000 }, (_, i) => String(15550000000 + i * 7919));
const shares = { marketingLimitShare: 0, undeliverableShare: 0, readShare: 0, replyShare: 0 };

describe('recipientFate', () => {
  it('is the same every time for a number, and splits numbers close to the shares', () => {
    const set = { marketingLimitShare: 10, undeliverableShare: 5, readShare: 60, replyShare: 20 };
    const fates = numbers.map((n) => recipientFate(n, set));
    expect(numbers.map((n) => recipientFate(n, set))).toEqual(fates);
    const count = (f: (x: (typeof fates)[number]) => boolean) => fates.filter(f).length / numbers.length;
    expect(count((f) => f.fails === 131049)).toBeCloseTo(0.1, 1);
    expect(count((f) => f.fails === 131026)).toBeCloseTo(0.05, 1);
    // Reads and replies are shares of those the message reached.
    expect(count((f) => f.reads) / 0.85).toBeCloseTo(0.6, 1);
    expect(count((f) => f.replies) / 0.85).toBeCloseTo(0.2, 1);
    for (const fate of fates) {
      if (fate.replies) expect(fate.reads).toBe(true);
      if (fate.fails) expect(fate.reads).toBe(false);
    }
  });

  it('all or nothing at 100 and 0; failure shares above 100 together are capped', () => {
    for (const n of numbers.slice(0, 50)) {
      expect(recipientFate(n, { ...shares, marketingLimitShare: 100, readShare: 100 })).toEqual({
        fails: 131049,
        reads: false,
        replies: false,
      });
      expect(recipientFate(n, { ...shares, undeliverableShare: 100 }).fails).toBe(131026);
      expect(
        recipientFate(n, { ...shares, marketingLimitShare: 70, undeliverableShare: 70 }).fails,
      ).not.toBeNull();
      expect(recipientFate(n, { ...shares, readShare: 100, replyShare: 100 })).toEqual({
        fails: null,
        reads: true,
        replies: true,
      });
      // One has to read to reply.
      expect(recipientFate(n, { ...shares, replyShare: 100 }).replies).toBe(false);
    }
  });
});

describe('planSteps', () => {
  const wamids = numbers.slice(0, 200).map((n) => `wamid.${n}`);
  const plan = (settings: Partial<typeof DEFAULT_SETTINGS>, isTemplate = true, i = 0) =>
    planSteps(
      { wamid: wamids[i]!, customerWaId: numbers[i]!, isTemplate },
      { ...DEFAULT_SETTINGS, ...settings },
      1_000_000,
    ).map((s) => [s.step, s.dueAt.getTime() - 1_000_000] as const);

  it('instant: sent at once, delivered 300 ms later; read and a reply follow for readers', () => {
    expect(plan({})).toEqual([
      ['sent', 0],
      ['delivered', 300],
    ]);
    expect(plan({ readShare: 100, replyShare: 100 })).toEqual([
      ['sent', 0],
      ['delivered', 300],
      ['read', 600],
      ['reply', 900],
    ]);
    expect(plan({ undeliverableShare: 100 })).toEqual([
      ['sent', 0],
      ['failed:131026', 300],
    ]);
    expect(plan({ outOfOrderStatuses: true })).toEqual([
      ['sent', 300],
      ['delivered', 0],
    ]);
  });

  it('realistic: sent within 0.2–1 s, delivered 1–3 s later, read 3–60 s after that, reply 3–12 s after reading', () => {
    const settings = { statusDelays: 'realistic' as const, readShare: 100, replyShare: 100 };
    const sentDelays = new Set<number>();
    for (let i = 0; i < wamids.length; i++) {
      const [sent, delivered, read, reply] = plan(settings, true, i).map(([, at]) => at);
      expect(sent).toBeGreaterThanOrEqual(200);
      expect(sent).toBeLessThanOrEqual(1_000);
      expect(delivered! - sent!).toBeGreaterThanOrEqual(1_000);
      expect(delivered! - sent!).toBeLessThanOrEqual(3_000);
      expect(read! - delivered!).toBeGreaterThanOrEqual(3_000);
      expect(read! - delivered!).toBeLessThanOrEqual(60_000);
      expect(reply! - read!).toBeGreaterThanOrEqual(3_000);
      expect(reply! - read!).toBeLessThanOrEqual(12_000);
      sentDelays.add(sent!);
    }
    expect(sentDelays.size).toBeGreaterThan(50);
  });

  it('recipient shares apply to templates only', () => {
    expect(plan({ marketingLimitShare: 100, readShare: 100 }, false).map(([step]) => step)).toEqual([
      'sent',
      'delivered',
    ]);
  });

  it('a reply is a short text picked by the message', () => {
    expect(replyText(wamids[0]!)).toBe(replyText(wamids[0]!));
    expect(new Set(wamids.map(replyText)).size).toBeGreaterThan(3);
  });
});
