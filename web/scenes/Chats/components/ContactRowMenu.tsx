import type { ContactListItem } from '@common/api/inbox';
import { EllipsisIcon, TagIcon, UserPlusIcon } from 'lucide-react';
import { useState } from 'react';
import { Menu, MenuItem } from '../../../components/Menu';
import { Popover } from '../../../components/Popover';
import { ContactAssignMenu } from './assign/ContactAssignMenu';
import { ContactTagPicker } from './tags/ContactTagPicker';

type Open = 'menu' | 'tags' | 'assign' | null;

/**
 * The per-chat menu (spec §2): a small button on the row (shown on hover and focus) with 'Tag chat'
 * and 'Assign'; each opens its picker in the same place.
 */
export function ContactRowMenu({ contact, name }: { contact: ContactListItem; name: string }) {
  const [anchor, setAnchor] = useState<HTMLButtonElement | null>(null);
  const [open, setOpen] = useState<Open>(null);
  const close = () => setOpen(null);
  const closeAndFocus = () => {
    setOpen(null);
    anchor?.focus();
  };

  return (
    <>
      <button
        ref={setAnchor}
        type="button"
        aria-label={`Chat options for ${name}`}
        aria-haspopup="menu"
        aria-expanded={open !== null}
        data-testid="contact-row-menu"
        onClick={() => setOpen((current) => (current ? null : 'menu'))}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen('menu');
          }
        }}
        className={`flex size-7 items-center justify-center rounded-md text-slate-500 transition hover:bg-slate-200/70 hover:text-slate-800 focus-visible:opacity-100 group-focus-within:opacity-100 group-hover:opacity-100 ${
          open ? 'bg-slate-200/70 text-slate-800 opacity-100' : 'opacity-0'
        }`}
      >
        <EllipsisIcon className="size-4" />
      </button>
      <Popover anchor={anchor} isOpen={open === 'menu'} onClose={close} placement="bottom-end">
        <Menu label="Chat options" onTabOut={close} className="w-44">
          <MenuItem icon={<TagIcon className="size-4" />} onSelect={() => setOpen('tags')}>
            Tag chat
          </MenuItem>
          <MenuItem icon={<UserPlusIcon className="size-4" />} onSelect={() => setOpen('assign')}>
            Assign
          </MenuItem>
        </Menu>
      </Popover>
      <Popover anchor={anchor} isOpen={open === 'tags'} onClose={close} placement="bottom-end">
        <ContactTagPicker contactId={contact.id} tags={contact.tags} />
      </Popover>
      <Popover anchor={anchor} isOpen={open === 'assign'} onClose={close} placement="bottom-end">
        <ContactAssignMenu contact={contact} onDone={closeAndFocus} />
      </Popover>
    </>
  );
}
