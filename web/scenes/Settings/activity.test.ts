import type { AuditEntry } from '@common/api/team';
import { describe, expect, it } from 'vitest';
import { describeAuditEntry, timeAgo } from './activity';

const entry = (action: string, details: Record<string, unknown>): AuditEntry => ({
  id: 'a1',
  action,
  actor: { id: 'u1', label: 'jane' },
  subjectType: 'team_member',
  subjectId: 'tm1',
  subjectLabel: null,
  details,
  createdAt: '2026-11-21T10:00:00.000Z',
});

describe('team activity', () => {
  it.each([
    [entry('member.invited', { email: 'sam@example.com' }), 'invited sam@example.com'],
    [entry('member.added', { email: 'kim@example.com' }), 'added kim@example.com to the team'],
    [entry('member.removed', { email: 'sam@example.com', status: 'active' }), 'removed sam@example.com'],
    [
      entry('member.removed', { email: 'sam@example.com', status: 'invited' }),
      'withdrew the invitation for sam@example.com',
    ],
    [
      entry('member.invitation_resent', { email: 'kim@example.com' }),
      'sent kim@example.com a new invitation link',
    ],
    [entry('member.joined', { email: 'kim@example.com' }), 'joined the team from the invitation link'],
    [
      entry('team.time_zone_changed', { from: 'UTC', to: 'America/New_York' }),
      'changed the team’s time zone to America/New York',
    ],
    [entry('contact.assigned', {}), 'contact assigned'],
    [entry('contacts.bulk_deleted', { count: 1200 }), 'deleted 1,200 contacts'],
    [entry('contacts.bulk_tagged', { count: 3, tag: 'VIP' }), 'tagged 3 contacts with VIP'],
    [entry('contacts.bulk_untagged', { count: 1, tag: 'VIP' }), 'removed VIP from 1 contact'],
    [entry('contacts.exported', { count: 250 }), 'exported 250 contacts to CSV'],
    [
      entry('contacts.imported', { fileName: 'june.csv', created: 970, updated: 2, skipped: 0, failed: 28 }),
      'imported june.csv: 970 created, 2 updated, 0 skipped, 28 failed',
    ],
    [entry('contact_field.deleted', { key: 'plan', label: 'Plan' }), 'deleted the contact field Plan'],
    [entry('segment.created', { name: 'Gold wholesale' }), 'saved the segment Gold wholesale'],
    [
      entry('contact.consent_changed', { from: 'unknown', to: 'opted_out' }),
      "set a contact's marketing consent to opted out",
    ],
  ])('%#: %s', (e, text) => {
    expect(describeAuditEntry(e)).toEqual({ actor: 'jane', text });
  });

  it.each([
    [
      entry('ai_settings.updated', { changed: ['model', 'apiKey'], model: 'gpt-4o-mini', key: 'set' }),
      'changed the AI settings: model gpt-4o-mini, new API key',
    ],
    [
      entry('ai_settings.updated', {
        changed: ['baseUrl', 'apiKey', 'model'],
        model: null,
        baseUrlHost: null,
        key: 'removed',
      }),
      'changed the AI settings: base URL cleared, API key removed, model cleared',
    ],
    [
      entry('ai_settings.updated', { changed: ['baseUrl', 'instructions'], baseUrlHost: 'localhost:11434' }),
      'changed the AI settings: base URL localhost:11434, instructions',
    ],
    [entry('ai_settings.updated', { changed: [] }), 'saved the AI settings unchanged'],
    [
      entry('ai_bot.updated', { changed: ['enabled'], enabled: true, when: 'always' }),
      'turned the AI bot on',
    ],
    [
      entry('ai_bot.updated', { changed: ['enabled', 'when'], enabled: false }),
      'turned the AI bot off and changed its schedule',
    ],
    [
      entry('ai_bot.updated', { changed: ['hours', 'maxTurns', 'maxLength'], enabled: true }),
      'changed the AI bot’s business hours, turn limit and reply length',
    ],
    [entry('ai_bot.updated', { changed: ['maxRepliesPerHour'] }), 'changed the AI bot’s hourly reply limit'],
    [entry('ai_bot.updated', { changed: [] }), 'saved the AI bot’s settings unchanged'],
    [
      { ...entry('ai_bot.paused', {}), subjectType: 'contact', subjectLabel: 'Sam' },
      'paused the AI bot in the chat with Sam',
    ],
    [
      { ...entry('ai_bot.resumed', {}), subjectType: 'contact', subjectLabel: '+351912345678' },
      'resumed the AI bot in the chat with +351912345678',
    ],
    [{ ...entry('ai_bot.paused', {}), subjectType: 'contact' }, 'paused the AI bot in a chat'],
  ])('AI: %#: %s', (e, text) => {
    expect(describeAuditEntry(e)).toEqual({ actor: 'jane', text });
  });

  it('names the AI bot as the one who handed a chat over, and why', () => {
    const handedOver = (reason: unknown, subjectLabel: string | null) => ({
      ...entry('ai_bot.handed_over', { reason }),
      actor: null,
      subjectType: 'contact',
      subjectLabel,
    });
    expect(describeAuditEntry(handedOver('asked_for_person', 'Sam'))).toEqual({
      actor: 'The AI bot',
      text: 'handed the chat with Sam to the team: the customer asked for a person',
    });
    expect(describeAuditEntry(handedOver('turn_limit', null))).toEqual({
      actor: 'The AI bot',
      text: 'handed a chat to the team: the bot reached its turn limit',
    });
    expect(describeAuditEntry(handedOver('something_new', 'Sam')).text).toBe(
      'handed the chat with Sam to the team',
    );
  });

  it('names an actor who is gone "Someone"', () => {
    expect(describeAuditEntry({ ...entry('member.invited', { email: 'a@b.co' }), actor: null }).actor).toBe(
      'Someone',
    );
  });

  it.each([
    [10_000, 'just now'],
    [5 * 60_000, '5 min ago'],
    [3 * 3_600_000, '3 h ago'],
    [30 * 3_600_000, 'yesterday'],
    [4 * 86_400_000, '4 days ago'],
  ])('%d ms ago → %s', (ago, text) => {
    const now = Date.parse('2026-11-21T10:00:00.000Z');
    expect(timeAgo(new Date(now - ago).toISOString(), now)).toBe(text);
  });
});
