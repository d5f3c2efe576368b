import { describe, expect, it } from 'vitest';
import { definePolicy, type PolicyActor } from './define-policy';
import { memberPolicy, teamPolicy } from './team';

const TEAM = 'team-t';
const OTHER_TEAM = 'team-u';
const actors: Record<string, PolicyActor> = {
  owner: { id: 'owner-1', teamId: TEAM, role: 'owner' },
  member: { id: 'member-1', teamId: TEAM, role: 'member' },
  outsider: { id: 'owner-2', teamId: OTHER_TEAM, role: 'owner' },
  'signed out': null,
};

describe('team policy', () => {
  // actor → [viewMembers, invite, removeMembers, viewActivity, changeSettings] on team T
  it.each([
    ['owner', [true, true, true, true, true]],
    ['member', [true, false, false, false, false]],
    ['outsider', [false, false, false, false, false]],
    ['signed out', [false, false, false, false, false]],
  ] as const)('%s', (who, [viewMembers, invite, removeMembers, viewActivity, changeSettings]) => {
    expect(teamPolicy.abilities(actors[who]!, { id: TEAM })).toEqual({
      viewMembers,
      invite,
      removeMembers,
      viewActivity,
      changeSettings,
    });
  });
});

const ACTIVE = 'active' as const;
const INVITED = 'invited' as const;

describe('member policy: remove', () => {
  const rows = {
    'an active member': { teamId: TEAM, userId: 'member-1', role: 'member' as const, status: ACTIVE },
    'an invitation': { teamId: TEAM, userId: null, role: 'member' as const, status: INVITED },
    'the owner (themself)': { teamId: TEAM, userId: 'owner-1', role: 'owner' as const, status: ACTIVE },
    "a third team's member": {
      teamId: 'team-v',
      userId: 'member-9',
      role: 'member' as const,
      status: ACTIVE,
    },
  };
  // actor → can remove [active member, invitation, owner, a third team's member]
  it.each([
    ['owner', [true, true, false, false]],
    ['member', [false, false, false, false]],
    ['outsider', [false, false, false, false]],
    ['signed out', [false, false, false, false]],
  ] as const)('%s', (who, expected) => {
    const got = Object.values(rows).map((row) => memberPolicy.can(actors[who]!, 'remove', row));
    expect(got).toEqual(expected);
  });

  // actor → can resend [active member, invitation, owner, a third team's member]
  it.each([
    ['owner', [false, true, false, false]],
    ['member', [false, false, false, false]],
    ['outsider', [false, false, false, false]],
    ['signed out', [false, false, false, false]],
  ] as const)('resend: %s', (who, expected) => {
    const got = Object.values(rows).map((row) => memberPolicy.can(actors[who]!, 'resend', row));
    expect(got).toEqual(expected);
  });

  it('refuses with the policy message', () => {
    expect(() => memberPolicy.authorize(actors.member!, 'remove', rows['an active member'])).toThrow(
      'Only team owners can remove members.',
    );
    expect(() => teamPolicy.authorize(actors.member!, 'invite', { id: TEAM })).toThrow(
      'Only team owners can invite members.',
    );
  });
});

describe('definePolicy', () => {
  it('denies abilities it does not list', () => {
    const policy = definePolicy<null, 'read'>({ read: { rule: () => true, denied: 'no' } });
    const can = policy.can as (actor: PolicyActor, ability: string, subject: null) => boolean;
    expect(can(actors.owner!, 'read', null)).toBe(true);
    expect(can(actors.owner!, 'delete', null)).toBe(false);
    expect(can(actors.owner!, 'toString', null)).toBe(false);
    expect(can(null, 'read', null)).toBe(false);
  });
});
