import { DEFAULT_BUSINESS_HOURS } from '@common/api/ai-bot';
import { describe, expect, it } from 'vitest';
import { asksForPerson } from './asks-for-person';
import { HANDOVER_MARKER, judgeAnswer } from './prompt';
import { answersAt, isOpen, wallClock } from './schedule';

describe('business hours in the team’s time zone', () => {
  // Wednesday 26 Nov 2025, 08:30 UTC: 09:30 in Berlin, 03:30 in New York, 17:30 in Tokyo.
  const at = new Date('2025-11-26T08:30:00Z');

  it('reads the weekday and time on the team’s wall clock', () => {
    expect(wallClock(at, 'UTC')).toEqual({ day: 'wed', time: '08:30' });
    expect(wallClock(at, 'Europe/Berlin')).toEqual({ day: 'wed', time: '09:30' });
    expect(wallClock(at, 'America/New_York')).toEqual({ day: 'wed', time: '03:30' });
    expect(wallClock(new Date('2025-11-26T23:30:00Z'), 'Asia/Tokyo')).toEqual({ day: 'thu', time: '08:30' });
  });

  it('is open from opening time up to (not including) closing time, closed on days without hours', () => {
    const hours = DEFAULT_BUSINESS_HOURS; // Mon–Fri 09:00–17:00
    expect(isOpen(hours, 'Europe/Berlin', at)).toBe(true);
    expect(isOpen(hours, 'UTC', at)).toBe(false);
    expect(isOpen(hours, 'America/New_York', at)).toBe(false);
    expect(isOpen(hours, 'UTC', new Date('2025-11-26T17:00:00Z'))).toBe(false);
    expect(isOpen(hours, 'UTC', new Date('2025-11-26T16:59:00Z'))).toBe(true);
    // Saturday noon.
    expect(isOpen(hours, 'UTC', new Date('2025-11-29T12:00:00Z'))).toBe(false);
  });

  it('answers always, or only while the team is closed, and never when switched off', () => {
    const base = { hours: DEFAULT_BUSINESS_HOURS, timeZone: 'Europe/Berlin' };
    expect(answersAt({ ...base, enabled: true, when: 'always' }, at)).toBe(true);
    expect(answersAt({ ...base, enabled: true, when: 'outside_hours' }, at)).toBe(false);
    expect(
      answersAt({ ...base, timeZone: 'America/New_York', enabled: true, when: 'outside_hours' }, at),
    ).toBe(true);
    expect(answersAt({ ...base, enabled: false, when: 'always' }, at)).toBe(false);
  });
});

describe('a customer asking for a person', () => {
  it.each([
    'I want to talk to a person',
    'Can I speak with someone please?',
    'HUMAN',
    'get me an agent',
    'representative!',
    'Quiero hablar con una persona',
    'Posso falar com um atendente?',
    'Je veux parler à un conseiller',
    'Ich möchte mit einem Mitarbeiter sprechen',
  ])('hands over on %j', (text) => {
    expect(asksForPerson(text)).toBe(true);
  });

  it.each(['When are you open?', 'Is delivery free?', 'My personal details changed', 'Agentur Müller'])(
    'answers %j',
    (text) => {
      expect(asksForPerson(text)).toBe(false);
    },
  );
});

describe('the model’s answer', () => {
  it('sends a plain answer, trimmed', () => {
    expect(judgeAnswer('  We open at 9.  ', 100)).toEqual({ kind: 'reply', text: 'We open at 9.' });
  });
  it('hands over on the marker, on nothing readable, and on an answer over the length limit', () => {
    expect(judgeAnswer(HANDOVER_MARKER, 100)).toEqual({ kind: 'handover', reason: 'unsure' });
    expect(judgeAnswer(`Let me see. ${HANDOVER_MARKER}`, 100)).toEqual({
      kind: 'handover',
      reason: 'unsure',
    });
    expect(judgeAnswer('   ', 100)).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(judgeAnswer('…!!', 100)).toEqual({ kind: 'handover', reason: 'provider_failed' });
    expect(judgeAnswer('x'.repeat(101), 100)).toEqual({ kind: 'handover', reason: 'too_long' });
  });
});
