import { type ContactListItem, INBOX_MSG } from '@common/api/inbox';
import { CheckIcon } from 'lucide-react';
import { memo } from 'react';
import { Avatar } from '../../../components/Avatar';
import { formatListTime } from '../../../components/time';
import { ContactRowMenu } from './ContactRowMenu';
import { TagChips } from './tags/TagChips';
import { WindowTimer } from './WindowTimer';

/** Row heights for the virtual list: a row with tags has a third line for its chips. */
export const ROW_HEIGHT = 72;
export const ROW_HEIGHT_WITH_TAGS = 90;

/**
 * Who the last message is from, before its preview: 'You' for the signed-in user's own, the teammate's
 * first name ('Sam') for theirs; nothing for the customer's, or when the sender is unknown.
 */
export function senderPrefix(contact: ContactListItem, meId: string | null): string | null {
  if (contact.lastMessageDirection !== 'outgoing' || !contact.lastMessageSentBy) return null;
  return contact.lastMessageSentBy.id === meId ? 'You' : contact.lastMessageSentBy.firstName;
}

export function rowHeight(contact: ContactListItem | undefined): number {
  return contact && contact.tags.length > 0 ? ROW_HEIGHT_WITH_TAGS : ROW_HEIGHT;
}

type ContactRowProps = {
  contact: ContactListItem;
  isSelected: boolean;
  now: number;
  /** The signed-in user: their own messages say 'You:', a teammate's their first name. */
  meId?: string | null;
  onSelect: (contactId: string) => void;
  /** Selection mode (tagging or assigning many): the row ticks instead of opening the chat. */
  selectMode?: boolean;
  checked?: boolean;
  onToggleSelect?: (contactId: string) => void;
};

/**
 * A contact in the list: initials, name or 'Unknown', last message and time, unread count, window
 * dot, up to two tag chips, and the per-chat menu (a sibling of the row's button, not inside it).
 */
export const ContactRow = memo(function ContactRow({
  contact,
  isSelected,
  now,
  meId = null,
  onSelect,
  selectMode = false,
  checked = false,
  onToggleSelect,
}: ContactRowProps) {
  const name = contact.name || INBOX_MSG.unknownName;
  const unread = contact.unreadCount > 0;
  const selecting = selectMode;
  const ticked = selectMode && checked;
  const sender = senderPrefix(contact, meId);
  return (
    <div
      className={`group relative h-full transition-colors ${
        ticked ? 'bg-brand-50/70' : isSelected ? 'bg-slate-100' : 'hover:bg-slate-50'
      }`}
      data-testid="contact-row"
      data-contact-id={contact.id}
      data-selected={selecting ? String(ticked) : undefined}
    >
      <button
        type="button"
        onClick={() => (selecting ? onToggleSelect?.(contact.id) : onSelect(contact.id))}
        aria-current={isSelected && !selecting ? 'true' : undefined}
        {...(selecting ? { role: 'checkbox', 'aria-checked': ticked } : {})}
        aria-label={selecting ? `Select ${name}` : undefined}
        className="flex h-full w-full items-center gap-3 px-3 text-left outline-offset-[-2px]"
      >
        {selecting && (
          <span
            aria-hidden="true"
            className={`flex size-[18px] shrink-0 animate-fade-in items-center justify-center rounded-[5px] ring-1 transition-colors ${
              ticked
                ? 'bg-brand-600 text-white ring-brand-600'
                : 'bg-white ring-slate-300 group-hover:ring-slate-400'
            }`}
          >
            {ticked && <CheckIcon className="size-3.5" />}
          </span>
        )}
        <span className="relative shrink-0">
          <Avatar id={contact.id} name={contact.name} />
          <WindowTimer
            windowClosesAt={contact.windowClosesAt}
            now={now}
            variant="dot"
            className="absolute right-0 bottom-0"
          />
        </span>
        <span className="flex h-full min-w-0 flex-1 flex-col justify-center border-b border-slate-100">
          <span className="flex items-baseline justify-between gap-2">
            <span
              className={`truncate text-[15px] ${unread ? 'font-semibold text-slate-900' : 'font-medium text-slate-800'}`}
            >
              {name}
            </span>
            {contact.lastMessageAt && (
              <span
                className={`shrink-0 text-xs ${unread ? 'font-medium text-brand-700' : 'text-slate-600'}`}
              >
                {formatListTime(contact.lastMessageAt, now)}
              </span>
            )}
          </span>
          <span
            className={`mt-0.5 flex items-center justify-between gap-2 ${selecting ? '' : 'group-focus-within:pr-8 group-hover:pr-8 group-has-[[aria-expanded=true]]:pr-8'}`}
          >
            <span
              className={`truncate text-[13px] ${unread ? 'text-slate-700' : 'text-slate-600'}`}
              data-testid="last-message"
            >
              {contact.lastMessagePreview ? (
                <>
                  {sender && <span className="font-medium">{sender}: </span>}
                  {contact.lastMessagePreview}
                </>
              ) : (
                <span className="text-slate-600">{contact.phone}</span>
              )}
            </span>
            {unread && (
              <span
                className="flex h-5 min-w-5 shrink-0 items-center justify-center rounded-full bg-brand-500 px-1.5 text-[11px] font-semibold text-white"
                data-testid="unread-badge"
              >
                {contact.unreadCount > 99 ? '99+' : contact.unreadCount}
                <span className="sr-only"> unread</span>
              </span>
            )}
          </span>
          {contact.tags.length > 0 && (
            <span className="mt-1.5 flex">
              <TagChips tags={contact.tags} max={2} />
            </span>
          )}
        </span>
      </button>
      {!selecting && (
        <div className={`absolute right-2 ${contact.tags.length > 0 ? 'top-[38px]' : 'top-[34px]'}`}>
          <ContactRowMenu contact={contact} name={name} />
        </div>
      )}
    </div>
  );
});
