import { ASSIGN_MSG } from '@common/api/assignment';
import type { InboxAbilities, UserSummary } from '@common/api/inbox';
import type { TeamMember } from '@common/api/team';

/** A teammate the contact(s) can be given to. */
export type AssigneeOption = UserSummary & { isOwner: boolean };

export type AssignOptions = {
  /** 'Unassign' is offered. */
  unassign: boolean;
  /** 'Me' (You) is offered; `me` is the signed-in user as an assignee. */
  me: AssigneeOption | null;
  /** Other active teammates (owners only may pick them). */
  teammates: AssigneeOption[];
  /** The grey note under the list (spec §6), or null. */
  note: string | null;
};

type AssignOptionsInput = {
  meId: string | null;
  abilities: Pick<InboxAbilities, 'assignToOthers'>;
  members: readonly TeamMember[];
  /** The current assignee of each contact the menu is for (one for a single contact). */
  current: readonly (UserSummary | null)[];
};

/**
 * Who the assign menu offers (spec §6). Owners give contacts to any active member or unassign them;
 * members take contacts nobody has and unassign only their own. The server judges every request by
 * the same rules; this only keeps the menu from offering what would be refused.
 * - The current assignee (when all the contacts share one) is left out of the list.
 * - Labels are the part of the e-mail before the @ (the server's label), else 'Unknown'.
 * - Without `assignToOthers` the note says 'Only team owners can assign to others', or, when nobody at
 *   all can be picked for unassigned contacts, 'Only team owners can assign to other members'.
 */
export function assignOptions({ meId, abilities, members, current }: AssignOptionsInput): AssignOptions {
  const shared =
    current.length > 0 && current.every((c) => c?.id === current[0]?.id) ? current[0] : undefined;
  const excluded = shared?.id ?? null;
  const isAssigned = current.some((c) => c !== null);
  const allUnassigned = current.every((c) => c === null);
  const active = members.filter((m) => m.status === 'active' && m.userId);
  const label = (m: TeamMember) => m.label || 'Unknown';
  const mine = active.find((m) => m.userId === meId);
  const meOption: AssigneeOption | null = meId
    ? { id: meId, label: mine ? label(mine) : 'Me', isOwner: mine?.role === 'owner' }
    : null;

  if (abilities.assignToOthers) {
    return {
      unassign: isAssigned,
      me: meOption && excluded !== meId ? meOption : null,
      teammates: active
        .filter((m) => m.userId !== meId && m.userId !== excluded)
        .map((m) => ({ id: m.userId!, label: label(m), isOwner: m.role === 'owner' })),
      note: null,
    };
  }

  // A member: only contacts nobody has (or their own) are theirs to take or give back.
  const onlyMineOrNobody = current.every((c) => c === null || c.id === meId);
  const unassign = onlyMineOrNobody && current.some((c) => c?.id === meId);
  const me = meOption && onlyMineOrNobody && current.some((c) => c === null) ? meOption : null;
  const nobody = !unassign && !me;
  return {
    unassign,
    me,
    teammates: [],
    note: nobody && allUnassigned ? ASSIGN_MSG.onlyOwnersOtherMembers : ASSIGN_MSG.onlyOwners,
  };
}
