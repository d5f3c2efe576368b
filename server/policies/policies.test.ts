import { describe, expect, it } from 'vitest';
import { canSendFreeform } from '../outbound/window';
import { contactPolicy, inboxPolicy } from './contact';
import { anyTeammateOf, type PolicyActor } from './define-policy';
import { messagePolicy } from './message';
import { tagPolicy } from './tag';

const ACCOUNT = 'account-a';
const teammate = anyTeammateOf(ACCOUNT);

const HOUR = 3_600_000;
const now = new Date('2026-11-21T12:00:00Z');
const at = (hoursAgo: number) => new Date(now.getTime() - hoursAgo * HOUR);

describe('the 24-hour window (canSendFreeform)', () => {
  it.each([
    ['no message from the customer ever', null, false],
    ['a message 1 minute ago', at(1 / 60), true],
    ['a message 23 h 59 min ago', at(24 - 1 / 60), true],
    ['a message exactly 24 h ago', at(24), false],
    ['a message 25 h ago', at(25), false],
  ])('%s → %s', (_label, lastIncomingAt, expected) => {
    expect(canSendFreeform({ lastIncomingAt }, now)).toBe(expected);
    const contact = { accountId: ACCOUNT, assignedTo: null, lastIncomingAt };
    const windowOpen = canSendFreeform(contact, now);
    expect(contactPolicy.abilities(teammate, { contact, windowOpen }).sendFreeform).toBe(expected);
  });
});

describe('inbox policy', () => {
  it.each([
    ['owner', true],
    ['member', false],
    [null, false],
  ] as const)('team-wide view for %s: %s', (role, expected) => {
    const actor: PolicyActor = { id: 'u', teamId: 'team-a', role, accountId: ACCOUNT };
    expect(inboxPolicy.can(actor, 'viewTeam', { accountId: ACCOUNT })).toBe(expected);
  });
});

describe('message policy', () => {
  const incoming = {
    accountId: ACCOUNT,
    direction: 'incoming' as const,
    externalId: 'wamid.1',
    status: 'delivered' as const,
    type: 'text',
  };
  const outgoing = {
    accountId: ACCOUNT,
    direction: 'outgoing' as const,
    externalId: 'wamid.2',
    status: 'sent' as const,
    type: 'text',
  };

  it.each([
    ['incoming with an id, window open', incoming, true, true],
    ['incoming with an id, window closed', incoming, false, false],
    [
      'outgoing pending (no id yet)',
      { ...outgoing, externalId: null, status: 'pending' as const },
      true,
      false,
    ],
    ['outgoing sent', outgoing, true, true],
  ])('react: %s', (_label, message, windowOpen, expected) => {
    expect(messagePolicy.can(teammate, 'react', { message, windowOpen })).toBe(expected);
  });

  it.each([
    ['failed outgoing', { ...outgoing, status: 'failed' as const }, true],
    ['sent outgoing', outgoing, false],
    ['incoming', incoming, false],
  ])('retry: %s', (_label, message, expected) => {
    expect(messagePolicy.can(teammate, 'retry', { message })).toBe(expected);
  });

  it.each([
    ['incoming delivered with an id', incoming, true],
    ['incoming already read', { ...incoming, status: 'read' as const }, false],
    ['incoming without an id', { ...incoming, externalId: null }, false],
    ['outgoing', outgoing, false],
  ])('markRead: %s', (_label, message, expected) => {
    expect(messagePolicy.can(teammate, 'markRead', { message })).toBe(expected);
  });

  it('refuses with typed codes: another account 403 forbidden, the message state 409', () => {
    const stranger = anyTeammateOf('account-b');
    expect(messagePolicy.check(stranger, 'react', { message: incoming, windowOpen: true })?.code).toBe(
      'forbidden',
    );
    expect(messagePolicy.check(null, 'retry', { message: outgoing })?.statusCode).toBe(403);
    const noId = { ...outgoing, externalId: null };
    expect(messagePolicy.check(teammate, 'react', { message: noId, windowOpen: true })?.code).toBe(
      'cannot_react',
    );
    expect(messagePolicy.check(teammate, 'react', { message: incoming, windowOpen: false })?.code).toBe(
      'window_closed',
    );
    expect(messagePolicy.check(teammate, 'retry', { message: outgoing })).toMatchObject({
      statusCode: 409,
      code: 'not_failed',
      ability: 'retry',
    });
    expect(messagePolicy.check(teammate, 'markRead', { message: outgoing })?.code).toBe('not_incoming');
    const read = { ...incoming, status: 'read' as const };
    expect(messagePolicy.check(teammate, 'markRead', { message: read })?.code).toBe('already_read');
  });
});

describe('tag policy', () => {
  const team = { accountId: ACCOUNT };
  it.each(['view', 'create', 'rename', 'delete', 'apply'] as const)(
    '%s: any teammate, no one else',
    (ability) => {
      expect(
        tagPolicy.can({ id: 'o', teamId: 'team-a', role: 'owner', accountId: ACCOUNT }, ability, team),
      ).toBe(true);
      expect(
        tagPolicy.can({ id: 'm', teamId: 'team-a', role: 'member', accountId: ACCOUNT }, ability, team),
      ).toBe(true);
      expect(
        tagPolicy.can({ id: 'x', teamId: 'team-b', role: 'owner', accountId: 'account-b' }, ability, team),
      ).toBe(false);
      expect(tagPolicy.can(null, ability, team)).toBe(false);
    },
  );
});
