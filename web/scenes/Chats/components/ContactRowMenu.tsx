import type { ContactListItem } from '@common/api/inbox';
import { EllipsisIcon, TagIcon, UserPlusIcon } from 'lucide-react';
import { useRef, useState } from 'react';
import { Button } from 'react-aria-components';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';
import { ContactAssignMenu } from './assign/ContactAssignMenu';
import { ContactTagPicker } from './tags/ContactTagPicker';

type Open = 'menu' | 'tags' | 'assign' | null;

/**
 * The per-chat menu (spec §2): a small button on the row (shown on hover and focus) with 'Tag chat'
 * and 'Assign'; each opens its picker in the same place.
 */
export function ContactRowMenu({ contact, name }: { contact: ContactListItem; name: string }) {
  const anchorRef = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const onPickerOpenChange = (isOpen: boolean) => {
    if (!isOpen) close();
  };

  return (
    <>
      <MenuTrigger
        isOpen={open === 'menu'}
        // Picking an item first opens its picker, then closes the menu: keep the picker.
        onOpenChange={(isOpen) =>
          setOpen((current) => (isOpen ? 'menu' : current === 'menu' ? null : current))
        }
      >
        <Button
          ref={anchorRef}
          aria-label={`Chat options for ${name}`}
          // Also while its tag picker or assign menu is open (the row makes room for the button).
          aria-expanded={open !== null}
          data-testid="contact-row-menu"
          className={`flex size-7 items-center justify-center rounded-md text-slate-500 outline-none transition hover:bg-slate-200/70 hover:text-slate-800 focus-visible:opacity-100 focus-visible:ring-2 focus-visible:ring-brand-500/50 group-focus-within:opacity-100 group-hover:opacity-100 ${
            open ? 'bg-slate-200/70 text-slate-800 opacity-100' : 'opacity-0'
          }`}
        >
          <EllipsisIcon className="size-4" />
        </Button>
        <Popover placement="bottom-end">
          <Menu
            aria-label="Chat options"
            className="w-44"
            onAction={(key) => setOpen(key === 'tags' ? 'tags' : 'assign')}
          >
            <MenuItem id="tags" icon={<TagIcon className="size-4" />}>
              Tag chat
            </MenuItem>
            <MenuItem id="assign" icon={<UserPlusIcon className="size-4" />}>
              Assign
            </MenuItem>
          </Menu>
        </Popover>
      </MenuTrigger>
      <Popover
        triggerRef={anchorRef}
        isOpen={open === 'tags'}
        onOpenChange={onPickerOpenChange}
        placement="bottom-end"
      >
        <ContactTagPicker contactId={contact.id} tags={contact.tags} />
      </Popover>
      <Popover
        triggerRef={anchorRef}
        isOpen={open === 'assign'}
        onOpenChange={onPickerOpenChange}
        placement="bottom-end"
        aria-label="Assign"
      >
        <ContactAssignMenu contact={contact} onDone={close} />
      </Popover>
    </>
  );
}
