import type { ContactDetail } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { Avatar } from '../../../components/Avatar';
import { ArrowLeftIcon, TagIcon, UserIcon } from '../../../components/Icons';
import { WindowTimer } from './WindowTimer';

type ConversationHeaderProps = {
  contact: ContactDetail;
  now: number;
  onBack: () => void;
  /** Opens the contact panel: the avatar and the name are one button. */
  onOpenDetails?: () => void;
};

/** Name (or 'Unknown'), phone with its '+', tags, assignee and the messaging window. */
export function ConversationHeader({ contact, now, onBack, onOpenDetails }: ConversationHeaderProps) {
  const name = contact.name || INBOX_MSG.unknownName;
  return (
    <header
      className="flex h-16 shrink-0 items-center gap-3 border-b border-slate-200 bg-white px-4"
      data-testid="conversation-header"
    >
      <button
        type="button"
        onClick={onBack}
        aria-label="Back to contacts"
        className="-ml-1 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 md:hidden"
      >
        <ArrowLeftIcon className="size-5" />
      </button>
      <Avatar id={contact.id} name={contact.name} size="lg" />
      <div className="group relative min-w-0 flex-1">
        {onOpenDetails && (
          // Covers the avatar (40 px + the 12 px gap) and the name block; the text stays a heading.
          <button
            type="button"
            onClick={onOpenDetails}
            aria-label="Open contact details"
            data-testid="open-contact-details"
            className="absolute -inset-y-1 right-0 -left-[58px] z-10 cursor-pointer rounded-lg"
          />
        )}
        <div className="flex min-w-0 items-center gap-2">
          <h2 className="truncate text-[15px] font-semibold text-slate-900" data-testid="contact-name">
            {name}
          </h2>
          {contact.tags.slice(0, 3).map((tag) => (
            <span
              key={tag.id}
              className="inline-flex shrink-0 items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600"
            >
              <TagIcon className="size-3" />
              {tag.name}
            </span>
          ))}
          {contact.tags.length > 3 && (
            <span className="text-[11px] text-slate-400">+{contact.tags.length - 3}</span>
          )}
        </div>
        <p className="truncate text-xs text-slate-500 tabular-nums" data-testid="contact-phone">
          {contact.phone}
          {contact.name && contact.profileName && contact.profileName !== contact.name && (
            <span className="text-slate-400"> · ~{contact.profileName}</span>
          )}
        </p>
      </div>
      <div className="hidden items-center gap-2 sm:flex">
        <span
          className="inline-flex items-center gap-1.5 rounded-full bg-slate-50 px-2.5 py-1 text-xs text-slate-600 ring-1 ring-slate-200"
          title="Assignment"
        >
          <UserIcon className="size-3.5 text-slate-400" />
          {contact.assignee ? contact.assignee.label : 'Unassigned'}
        </span>
        <WindowTimer windowClosesAt={contact.windowClosesAt} now={now} variant="ring" />
      </div>
    </header>
  );
}
