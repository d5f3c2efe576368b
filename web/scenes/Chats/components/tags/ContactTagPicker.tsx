import type { TagSummary } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Dialog } from 'react-aria-components';
import { addTagToContacts, removeTagFromContacts } from '../../../../api/tags';
import { showToast } from '../../../../ui/Toast';
import { LazyTagPicker as TagPicker } from './LazyTagPicker';

/**
 * The tag picker for one contact ('Tag chat', the header's add-tag button), a dialog for a Popover:
 * ticking a box puts the tag on the contact at once and takes it back if the server refuses (spec §4),
 * with a toast saying why.
 */
export function ContactTagPicker({ contactId, tags }: { contactId: string; tags: readonly TagSummary[] }) {
  const client = useQueryClient();
  const checked = useMemo(() => new Set(tags.map((t) => t.id)), [tags]);
  const toggle = (tag: TagSummary, next: boolean) => {
    const action = next
      ? addTagToContacts(client, tag, [contactId])
      : removeTagFromContacts(client, tag, [contactId]);
    action.catch((error: unknown) =>
      showToast(error instanceof Error ? error.message : String(error), 'error'),
    );
  };
  return (
    <Dialog aria-label="Tag chat" className="flex w-72 min-h-0 flex-col outline-none">
      <TagPicker checked={checked} onToggle={toggle} />
    </Dialog>
  );
}
