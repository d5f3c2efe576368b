import { describe, expect, it } from 'vitest';
import { isWindowOpen, windowStatus } from './windowStatus';

const HOUR = 60 * 60 * 1000;
const now = Date.parse('2026-03-12T12:00:00Z');
const closesIn = (ms: number) => new Date(now + ms).toISOString();

describe('windowStatus', () => {
  it('shows nothing when the customer never wrote', () => {
    expect(windowStatus(null, now)).toEqual({ state: 'none' });
  });

  it('is green above 12 hours left', () => {
    const status = windowStatus(closesIn(23 * HOUR + 59 * 60_000), now);
    expect(status).toMatchObject({ state: 'open', tone: 'green', label: '23h 59m left' });
    expect(windowStatus(closesIn(12 * HOUR + 60_000), now)).toMatchObject({ tone: 'green' });
  });

  it('never shows more than the 24 hours of the window', () => {
    expect(windowStatus(closesIn(24 * HOUR + 5_000), now)).toMatchObject({
      label: '24h 0m left',
      fraction: 1,
    });
  });

  it('is amber from 12 hours down to 2 hours', () => {
    expect(windowStatus(closesIn(12 * HOUR), now)).toMatchObject({ tone: 'amber', label: '12h 0m left' });
    expect(windowStatus(closesIn(2 * HOUR + 1), now)).toMatchObject({ tone: 'amber' });
  });

  it('is red (pulsing) under 2 hours', () => {
    expect(windowStatus(closesIn(2 * HOUR), now)).toMatchObject({ tone: 'red', label: '2h 0m left' });
    expect(windowStatus(closesIn(59 * 60_000), now)).toMatchObject({ tone: 'red', label: '59m left' });
  });

  it("says 'Window closed … ago' once the 24 hours are over", () => {
    expect(windowStatus(closesIn(-3 * HOUR - 5 * 60_000), now)).toEqual({
      state: 'closed',
      closedForMs: 3 * HOUR + 5 * 60_000,
      label: 'Window closed 3h 5m ago',
    });
    expect(windowStatus(closesIn(0), now)).toMatchObject({ state: 'closed' });
  });

  it('reports the share of the 24 hours left for the ring', () => {
    const status = windowStatus(closesIn(6 * HOUR), now);
    expect(status.state === 'open' && status.fraction).toBe(0.25);
  });
});

describe('isWindowOpen', () => {
  it("needs the server's ability and a closing time still ahead of the clock", () => {
    const open = { windowClosesAt: closesIn(HOUR), abilities: { sendFreeform: true } };
    expect(isWindowOpen(open, now)).toBe(true);
    expect(isWindowOpen(open, now + 2 * HOUR)).toBe(false);
    expect(isWindowOpen({ ...open, abilities: { sendFreeform: false } }, now)).toBe(false);
    expect(isWindowOpen({ windowClosesAt: null, abilities: { sendFreeform: true } }, now)).toBe(false);
  });
});
