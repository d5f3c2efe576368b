import type { ContactListItem } from '@common/api/inbox';
import { ChevronDownIcon, PlusIcon, TagIcon, UserIcon } from 'lucide-react';
import { ContactPopovers, useContactPopovers } from '../ContactPopovers';
import { TagChip } from '../tags/TagChips';
import { Section } from './Section';

/** Who the contact is assigned to and its tags, changed here with the same dropdown and picker as the header. */
export function TagsAndAssignment({ contact, meId }: { contact: ContactListItem; meId: string | null }) {
  const assignee = contact.assignee;
  const popovers = useContactPopovers();
  const { open, toggle } = popovers;

  return (
    <Section title="Tags and assignment" testId="contact-tags-assignment">
      <dl className="space-y-3 text-sm">
        <div className="flex items-center gap-3">
          <dt className="w-20 shrink-0 text-slate-500">Assigned to</dt>
          <dd className="min-w-0" data-testid="panel-assignee">
            <button
              ref={popovers.setAssignAnchor}
              type="button"
              onClick={() => toggle('assign')}
              aria-haspopup="menu"
              aria-expanded={open === 'assign'}
              aria-label={`Assigned to: ${assignee ? assignee.label : 'Unassigned'}`}
              className={`inline-flex h-7 max-w-full items-center gap-1.5 rounded-full py-0.5 pr-2 pl-1 text-[13px] font-medium ring-1 transition-colors ${
                assignee
                  ? 'bg-white text-slate-800 ring-slate-200 hover:bg-slate-50'
                  : 'bg-slate-50 pl-2 text-slate-500 ring-slate-200 hover:bg-slate-100 hover:text-slate-700'
              } ${open === 'assign' ? 'ring-slate-300' : ''}`}
            >
              {assignee ? (
                // The initial is drawn, not text: the button's name says 'Assigned to: <name>'.
                <span
                  aria-hidden="true"
                  data-initial={Array.from(assignee.label)[0] ?? '?'}
                  className="flex size-5 shrink-0 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold text-brand-800 uppercase before:content-[attr(data-initial)]"
                />
              ) : (
                <UserIcon className="size-3.5 shrink-0 text-slate-400" />
              )}
              <span className="truncate">{assignee ? assignee.label : 'Unassigned'}</span>
              {assignee && assignee.id === meId && <span className="font-normal text-slate-500">(You)</span>}
              <ChevronDownIcon className="size-3.5 shrink-0 text-slate-400" />
            </button>
          </dd>
        </div>
        <div className="flex items-start gap-3">
          <dt className="w-20 shrink-0 pt-1 text-slate-500">Tags</dt>
          <dd className="flex min-w-0 flex-1 flex-wrap items-center gap-1.5" data-testid="panel-tags">
            {contact.tags.map((tag) => (
              <TagChip key={tag.id} tag={tag} size="sm" />
            ))}
            <button
              ref={popovers.setTagAnchor}
              type="button"
              onClick={() => toggle('tags')}
              aria-haspopup="dialog"
              aria-expanded={open === 'tags'}
              aria-label={contact.tags.length === 0 ? 'Add tag' : 'Edit tags'}
              data-testid="panel-add-tag"
              className={`inline-flex h-6 shrink-0 items-center gap-1 rounded-md px-1.5 text-xs font-medium transition-colors ${
                open === 'tags'
                  ? 'bg-slate-100 text-slate-800'
                  : 'text-slate-500 hover:bg-slate-100 hover:text-slate-800'
              }`}
            >
              {contact.tags.length === 0 ? (
                <TagIcon className="size-3.5" />
              ) : (
                <PlusIcon className="size-3.5" />
              )}
              {contact.tags.length === 0 ? 'Add tag' : 'Edit'}
            </button>
          </dd>
        </div>
      </dl>
      <ContactPopovers
        contact={contact}
        popovers={popovers}
        tagPlacement="bottom-end"
        assignPlacement="bottom-start"
      />
    </Section>
  );
}
