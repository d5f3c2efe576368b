import type { ContactListItem } from '@common/api/inbox';
import { useState } from 'react';
import { Popover, type PopoverPlacement } from '../../../components/Popover';
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
  return (
    <>
      <Popover anchor={tagAnchor} isOpen={open === 'tags'} onClose={close} placement={tagPlacement}>
        <ContactTagPicker contactId={contact.id} tags={contact.tags} />
      </Popover>
      <Popover anchor={assignAnchor} isOpen={open === 'assign'} onClose={close} placement={assignPlacement}>
        <ContactAssignMenu
          contact={contact}
          onDone={() => {
            close();
            assignAnchor?.focus();
          }}
        />
      </Popover>
    </>
  );
}
