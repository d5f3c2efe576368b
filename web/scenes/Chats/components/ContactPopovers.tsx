import type { ContactListItem } from '@common/api/inbox';
import { useMemo, useState } from 'react';
import { Popover, type PopoverPlacement } from '../../../ui/Popover';
import { ContactAssignMenu } from './assign/ContactAssignMenu';
import { ContactTagPicker } from './tags/ContactTagPicker';

type Which = 'tags' | 'assign';

/**
 * The tag picker and the assign menu of one contact, opened from two buttons (the conversation
 * header's and the contact panel's). Pass `setTagAnchor` / `setAssignAnchor` as the buttons' refs.
 */
export function useContactPopovers() {
  const [open, setOpen] = useState<Which | null>(null);
  const [tagAnchor, setTagAnchor] = useState<HTMLButtonElement | null>(null);
  const [assignAnchor, setAssignAnchor] = useState<HTMLButtonElement | null>(null);
  return {
    open,
    toggle: (which: Which) => setOpen((current) => (current === which ? null : which)),
    close: () => setOpen(null),
    tagAnchor,
    setTagAnchor,
    assignAnchor,
    setAssignAnchor,
  };
}

export function ContactPopovers({
  contact,
  popovers,
  tagPlacement,
  assignPlacement,
}: {
  contact: ContactListItem;
  popovers: ReturnType<typeof useContactPopovers>;
  tagPlacement: PopoverPlacement;
  assignPlacement: PopoverPlacement;
}) {
  const { open, close, tagAnchor, assignAnchor } = popovers;
  const tagRef = useMemo(() => ({ current: tagAnchor }), [tagAnchor]);
  const assignRef = useMemo(() => ({ current: assignAnchor }), [assignAnchor]);
  const onOpenChange = (isOpen: boolean) => {
    if (!isOpen) close();
  };
  return (
    <>
      <Popover
        triggerRef={tagRef}
        isOpen={open === 'tags' && tagAnchor !== null}
        onOpenChange={onOpenChange}
        placement={tagPlacement}
      >
        <ContactTagPicker contactId={contact.id} tags={contact.tags} />
      </Popover>
      <Popover
        triggerRef={assignRef}
        isOpen={open === 'assign' && assignAnchor !== null}
        onOpenChange={onOpenChange}
        placement={assignPlacement}
        aria-label="Assign"
      >
        <ContactAssignMenu contact={contact} onDone={close} />
      </Popover>
    </>
  );
}
