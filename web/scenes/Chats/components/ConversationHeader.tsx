import type { ContactDetail } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { ArrowLeftIcon, ChevronDownIcon, PencilIcon, PlusIcon, TagIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { saveContactName } from '../../../api/contactCache';
import { Avatar } from '../../../components/Avatar';
import { useInlineEdit } from '../../../hooks/useInlineEdit';
import { showToast } from '../../../ui/Toast';
import { ContactPopovers, useContactPopovers } from './ContactPopovers';
import { TagChips } from './tags/TagChips';
import { WindowTimer } from './WindowTimer';

type ConversationHeaderProps = {
  contact: ContactDetail;
  now: number;
  onBack: () => void;
  /** Opens the contact panel; called when the avatar or the phone line is clicked (not the edit controls). */
  onOpenDetails?: () => void;
};

function NameEditor({ contact, onDone }: { contact: ContactDetail; onDone: () => void }) {
  const client = useQueryClient();
  const [value, setValue] = useState(contact.name);
  const editHandlers = useInlineEdit((save) => {
    onDone();
    if (!save) return;
    saveContactName(client, contact, value).catch((error: unknown) =>
      showToast(error instanceof Error ? error.message : String(error), 'error'),
    );
  });
  return (
    <input
      // biome-ignore lint/a11y/noAutofocus: the user just asked to edit the name
      autoFocus
      value={value}
      maxLength={200}
      aria-label="Contact name"
      placeholder={contact.profileName || INBOX_MSG.unknownName}
      onFocus={(event) => event.currentTarget.select()}
      onChange={(event) => setValue(event.target.value)}
      {...editHandlers}
      data-testid="contact-name-input"
      className="-ml-1.5 h-7 w-56 max-w-full rounded-md bg-white px-1.5 text-[15px] font-semibold text-slate-900 ring-2 ring-brand-500/40 focus:outline-none"
    />
  );
}

/**
 * Name (or 'Unknown', editable in place), phone with its '+', tags with an add-tag picker, the
 * assignment (a button opening the assign dropdown) and the messaging window.
 *
 * The layout follows the header's own width (a container query), not the window's: in a wide chat
 * everything sits on one row; in a narrow one (a phone, or a laptop with the contact panel open) the
 * name and the timer take the first row and the tags and the assignee the second, so nothing overlaps
 * and the whole name shows, wrapping if it must.
 */
export function ConversationHeader({ contact, now, onBack, onOpenDetails }: ConversationHeaderProps) {
  const name = contact.name || INBOX_MSG.unknownName;
  const tags = contact.tags;
  const [editing, setEditing] = useState(false);
  const popovers = useContactPopovers();
  const { open, toggle } = popovers;
  const profileName = contact.name && contact.profileName && contact.profileName !== contact.name && (
    <span className="text-slate-400"> · ~{contact.profileName}</span>
  );

  return (
    <header
      className="@container shrink-0 border-b border-slate-200 bg-white"
      data-testid="conversation-header"
    >
      <div className="flex min-h-16 flex-wrap items-center gap-x-2.5 gap-y-2 px-4 py-2.5 @2xl:gap-x-3">
        <button
          type="button"
          onClick={onBack}
          aria-label="Back to contacts"
          className="-ml-1 rounded-full p-1.5 text-slate-500 hover:bg-slate-100 md:hidden"
        >
          <ArrowLeftIcon className="size-5" />
        </button>
        {onOpenDetails ? (
          <button
            type="button"
            onClick={onOpenDetails}
            title="Contact details"
            className="shrink-0 rounded-full transition hover:ring-4 hover:ring-slate-100"
            data-testid="open-contact-details"
          >
            <Avatar id={contact.id} name={contact.name} size="lg" />
            <span className="sr-only">Open contact details</span>
          </button>
        ) : (
          <Avatar id={contact.id} name={contact.name} size="lg" />
        )}
        <div className="min-w-28 flex-1 basis-0">
          {editing ? (
            <NameEditor contact={contact} onDone={() => setEditing(false)} />
          ) : (
            <span className="group/name flex min-w-0 items-start gap-0.5">
              <h2 className="min-w-0" data-testid="contact-name">
                <button
                  type="button"
                  onClick={() => setEditing(true)}
                  title="Edit name"
                  className="-ml-1 rounded-md px-1 text-left text-[15px] leading-snug font-semibold [overflow-wrap:anywhere] text-slate-900 hover:bg-slate-100"
                >
                  {name}
                </button>
              </h2>
              <button
                type="button"
                onClick={() => setEditing(true)}
                aria-label="Edit name"
                className="shrink-0 rounded-md p-1 text-slate-400 opacity-0 transition group-hover/name:opacity-100 hover:bg-slate-100 hover:text-slate-700 focus-visible:opacity-100"
              >
                <PencilIcon className="size-3.5" />
              </button>
            </span>
          )}
          {onOpenDetails ? (
            <button
              type="button"
              tabIndex={-1}
              onClick={onOpenDetails}
              className="block max-w-full truncate text-left text-xs text-slate-500 tabular-nums hover:text-slate-700"
              data-testid="contact-phone"
            >
              {contact.phone}
              {profileName}
            </button>
          ) : (
            <p className="truncate text-xs text-slate-500 tabular-nums" data-testid="contact-phone">
              {contact.phone}
              {profileName}
            </p>
          )}
        </div>
        {/* First row's end when narrow; the last item of the single row when wide. */}
        <span className="shrink-0 @2xl:order-last">
          <WindowTimer windowClosesAt={contact.windowClosesAt} now={now} variant="ring" />
        </span>
        <div className="flex min-w-0 basis-full items-center justify-between gap-2 @2xl:basis-auto @2xl:justify-end @2xl:gap-3">
          <span className="flex min-w-0 flex-wrap items-center gap-1" data-testid="header-tags">
            <TagChips tags={tags} max={3} size="sm" />
            <button
              ref={popovers.setTagAnchor}
              type="button"
              onClick={() => toggle('tags')}
              aria-label="Add tag"
              aria-haspopup="dialog"
              aria-expanded={open === 'tags'}
              title="Add tag"
              data-testid="header-add-tag"
              className={`flex h-6 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium transition-colors ${
                open === 'tags'
                  ? 'bg-slate-100 text-slate-800'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-700'
              }`}
            >
              {tags.length === 0 ? <TagIcon className="size-3.5" /> : <PlusIcon className="size-3.5" />}
              {tags.length === 0 && <span>Add tag</span>}
            </button>
          </span>
          <AssignButton contact={contact} popovers={popovers} />
        </div>
      </div>
      <ContactPopovers
        contact={contact}
        popovers={popovers}
        tagPlacement="bottom-start"
        assignPlacement="bottom-end"
      />
    </header>
  );
}

function AssignButton({
  contact,
  popovers,
}: {
  contact: ContactDetail;
  popovers: ReturnType<typeof useContactPopovers>;
}) {
  const expanded = popovers.open === 'assign';
  const label = contact.assignee ? contact.assignee.label : 'Unassigned';
  return (
    <button
      ref={popovers.setAssignAnchor}
      type="button"
      onClick={() => popovers.toggle('assign')}
      aria-haspopup="menu"
      aria-expanded={expanded}
      aria-label={`Assignment: ${label}`}
      data-testid="header-assign"
      className={`inline-flex h-8 max-w-32 shrink-0 items-center @lg:max-w-44 gap-1.5 rounded-full px-2.5 text-xs font-medium ring-1 transition-colors ${
        contact.assignee
          ? 'bg-white text-slate-700 ring-slate-200 hover:bg-slate-50'
          : 'bg-slate-50 text-slate-500 ring-slate-200 hover:bg-slate-100 hover:text-slate-700'
      } ${expanded ? 'bg-slate-100 ring-slate-300' : ''}`}
    >
      {contact.assignee ? (
        // The initial is drawn, not text: the button's name says 'Assignment: <name>'.
        <span
          aria-hidden="true"
          data-initial={Array.from(contact.assignee.label)[0] ?? '?'}
          className="flex size-5 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold text-brand-800 uppercase before:content-[attr(data-initial)]"
        />
      ) : (
        <UserIcon className="size-3.5 text-slate-400" />
      )}
      <span className="truncate" data-testid="header-assignee">
        {label}
      </span>
      <ChevronDownIcon className="size-3.5 shrink-0 text-slate-400" />
    </button>
  );
}
