import type { TeamMember } from '@common/api/team';
import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';

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
    <Modal
      isOpen={member !== null}
      onClose={onCancel}
      title={isInvitation ? 'Withdraw invitation' : 'Remove team member'}
      icon={
        <span className="flex size-12 items-center justify-center rounded-full bg-red-50 text-red-600 ring-8 ring-red-50/50">
          <TriangleAlertIcon className="size-6" />
        </span>
      }
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
    >
      <div className="flex justify-center gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={isRemoving}>
          Cancel
        </Button>
        <Button variant="danger" onClick={onConfirm} isLoading={isRemoving} loadingText="Removing...">
          {isInvitation ? 'Withdraw' : 'Remove'}
        </Button>
      </div>
    </Modal>
  );
}
