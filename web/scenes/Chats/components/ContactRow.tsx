import { type ContactListItem, INBOX_MSG } from '@common/api/inbox';
import { memo } from 'react';
import { Avatar } from '../../../components/Avatar';
import { formatListTime } from '../../../components/time';
import { WindowTimer } from './WindowTimer';

type ContactRowProps = {
  contact: ContactListItem;
  isSelected: boolean;
  now: number;
  onSelect: (contactId: string) => void;
};

/** A contact in the list: initials, name or 'Unknown', last message and time, unread count, window dot. */
export const ContactRow = memo(function ContactRow({ contact, isSelected, now, onSelect }: ContactRowProps) {
  const name = contact.name || INBOX_MSG.unknownName;
  const unread = contact.unreadCount > 0;
  return (
    <button
      type="button"
      onClick={() => onSelect(contact.id)}
      aria-current={isSelected ? 'true' : undefined}
      data-testid="contact-row"
      data-contact-id={contact.id}
      className={`flex h-[72px] w-full items-center gap-3 px-3 text-left transition-colors ${
        isSelected ? 'bg-slate-100' : 'hover:bg-slate-50'
      }`}
    >
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
            <span className={`shrink-0 text-xs ${unread ? 'font-medium text-brand-700' : 'text-slate-400'}`}>
              {formatListTime(contact.lastMessageAt, now)}
            </span>
          )}
        </span>
        <span className="mt-0.5 flex items-center justify-between gap-2">
          <span className={`truncate text-[13px] ${unread ? 'text-slate-700' : 'text-slate-500'}`}>
            {contact.lastMessagePreview ? (
              <>
                {contact.lastMessageDirection === 'outgoing' && <span className="text-slate-400">You: </span>}
                {contact.lastMessagePreview}
              </>
            ) : (
              <span className="text-slate-400">{contact.phone}</span>
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
      </span>
    </button>
  );
});
