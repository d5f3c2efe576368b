import type { TeamMember } from '@common/api/team';
import { TriangleAlertIcon } from 'lucide-react';
import { AlertDialog } from '../../../ui/AlertDialog';

/** The confirm step before a removal (spec §6: 'remove any other member after a confirm prompt'). */
export function RemoveMemberDialog({
  member,
  isRemoving,
  onCancel,
  onConfirm,
}: {
  member: TeamMember | null;
  isRemoving: boolean;
  onCancel: () => void;
  onConfirm: () => void;
}) {
  const isInvitation = member?.status === 'invited';
  return (
    <AlertDialog
      isOpen={member !== null}
      tone="danger"
      icon={<TriangleAlertIcon className="size-6" />}
      title={isInvitation ? 'Withdraw invitation' : 'Remove team member'}
      description={
        member &&
        (isInvitation ? (
          <>
            Are you sure you want to withdraw the invitation for <strong>{member.email}</strong>? The link in
            their e-mail will no longer add them to the team.
          </>
        ) : (
          <>
            Are you sure you want to remove <strong>{member.email}</strong> from the team? They lose access to
            the inbox right away, and contacts assigned to them go back to Unassigned.
          </>
        ))
      }
      confirmLabel={isInvitation ? 'Withdraw' : 'Remove'}
      busyLabel="Removing..."
      isBusy={isRemoving}
      onCancel={onCancel}
      onConfirm={onConfirm}
    />
  );
}
