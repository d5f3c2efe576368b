import type { TeamMember } from '@common/api/team';
import { describe, expect, it } from 'vitest';
import { assignOptions } from './assignOptions';

const member = (userId: string | null, label: string, fields: Partial<TeamMember> = {}): TeamMember => ({
  id: `tm_${label}`,
  userId,
  email: `${label}@example.com`,
  label,
  role: 'member',
  status: 'active',
  isYou: false,
  createdAt: '2026-11-21T10:00:00.000Z',
  invitationExpiresAt: null,
  abilities: { remove: false, resend: false },
  ...fields,
});

const TEAM = [
  member('u_own', 'olivia', { role: 'owner' }),
  member('u_sam', 'sam'),
  member('u_kim', 'kim'),
  member(null, 'pending', { status: 'invited' }),
];
const owner = { meId: 'u_own', abilities: { assignToOthers: true }, members: TEAM };
const sam = { meId: 'u_sam', abilities: { assignToOthers: false }, members: TEAM };
const who = (id: string, label: string) => ({ id, label });

describe('assignOptions (spec §6)', () => {
  it('an owner: Me, every active teammate by label (owner badge on owners), no invitations, no note', () => {
    const options = assignOptions({ ...owner, current: [null] });
    expect(options.unassign).toBe(false);
    expect(options.me).toEqual({ id: 'u_own', label: 'olivia', isOwner: true });
    expect(options.teammates).toEqual([
      { id: 'u_sam', label: 'sam', isOwner: false },
      { id: 'u_kim', label: 'kim', isOwner: false },
    ]);
    expect(options.note).toBeNull();
  });

  it('leaves the current assignee out and offers Unassign on an assigned contact', () => {
    const onSam = assignOptions({ ...owner, current: [who('u_sam', 'sam')] });
    expect(onSam.unassign).toBe(true);
    expect(onSam.teammates.map((t) => t.label)).toEqual(['kim']);
    expect(onSam.me?.label).toBe('olivia');

    const onMe = assignOptions({ ...owner, current: [who('u_own', 'olivia')] });
    expect(onMe.me).toBeNull();
    expect(onMe.teammates.map((t) => t.label)).toEqual(['sam', 'kim']);
  });

  it("labels a teammate without a label 'Unknown'", () => {
    const options = assignOptions({ ...owner, members: [...TEAM, member('u_x', '')], current: [null] });
    expect(options.teammates.at(-1)?.label).toBe('Unknown');
  });

  it("a member takes an unassigned contact for themself only, with 'Only team owners can assign to others'", () => {
    const options = assignOptions({ ...sam, current: [null] });
    expect(options.me).toEqual({ id: 'u_sam', label: 'sam', isOwner: false });
    expect(options.teammates).toEqual([]);
    expect(options.unassign).toBe(false);
    expect(options.note).toBe('Only team owners can assign to others');
  });

  it('a member unassigns only their own contact', () => {
    const own = assignOptions({ ...sam, current: [who('u_sam', 'sam')] });
    expect(own.unassign).toBe(true);
    expect(own.me).toBeNull();
    expect(own.note).toBe('Only team owners can assign to others');

    const others = assignOptions({ ...sam, current: [who('u_kim', 'kim')] });
    expect(others.unassign).toBe(false);
    expect(others.me).toBeNull();
    expect(others.teammates).toEqual([]);
    expect(others.note).toBe('Only team owners can assign to others');
  });

  it("says 'Only team owners can assign to other members' when nobody can be picked for an unassigned contact", () => {
    const options = assignOptions({ ...sam, meId: null, current: [null] });
    expect(options.me).toBeNull();
    expect(options.unassign).toBe(false);
    expect(options.note).toBe('Only team owners can assign to other members');
  });

  it('many contacts: unassign when any is assigned (owner) or all assigned ones are mine (member)', () => {
    const mixed = [null, who('u_sam', 'sam'), who('u_kim', 'kim')];
    const asOwner = assignOptions({ ...owner, current: mixed });
    expect(asOwner.unassign).toBe(true);
    // No single current assignee: nobody is left out.
    expect(asOwner.teammates.map((t) => t.label)).toEqual(['sam', 'kim']);

    expect(assignOptions({ ...sam, current: mixed }).unassign).toBe(false);
    expect(assignOptions({ ...sam, current: mixed }).me).toBeNull();
    const mineAndFree = assignOptions({ ...sam, current: [null, who('u_sam', 'sam')] });
    expect(mineAndFree.unassign).toBe(true);
    expect(mineAndFree.me?.id).toBe('u_sam');
  });
});
