import type { ContactListItem, UserSummary } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { assignContact } from '../../../../api/assignment';
import { useSession } from '../../../../hooks/useSession';
import { showToast } from '../../../../ui/Toast';
import { AssignMenu } from './AssignMenu';

/**
 * The assign dropdown for one contact: the choice shows at once (the row moves tab, the header
 * changes) and is undone with 'Failed to assign contact' / 'Failed to unassign contact' (or the
 * server's reason) when the server refuses.
 */
export function ContactAssignMenu({
  contact,
  onDone,
}: {
  contact: ContactListItem;
  /** The menu closes as soon as a choice is made (the change is optimistic). */
  onDone: () => void;
}) {
  const client = useQueryClient();
  const session = useSession();
  const meId = session.data?.user?.id ?? null;
  const current = useMemo(() => [contact.assignee], [contact.assignee]);
  const select = (assignee: UserSummary | null) => {
    onDone();
    assignContact(client, contact, assignee, meId).catch((error: unknown) =>
      showToast(error instanceof Error ? error.message : String(error), 'error'),
    );
  };
  return <AssignMenu current={current} onSelect={select} />;
}
