import type { ContactListItem } from '@common/api/inbox';
import { TagIcon, UserIcon } from '../../../../components/Icons';
import { Section } from './Section';

/** Who the contact is assigned to and its tags (changed from the header and the list). */
export function TagsAndAssignment({ contact, meId }: { contact: ContactListItem; meId: string | null }) {
  const assignee = contact.assignee;
  return (
    <Section title="Tags and assignment" testId="contact-tags-assignment">
      <dl className="space-y-3 text-sm">
        <div className="flex items-center gap-3">
          <dt className="w-20 shrink-0 text-slate-500">Assigned to</dt>
          <dd className="min-w-0" data-testid="panel-assignee">
            {assignee ? (
              <span className="inline-flex max-w-full items-center gap-1.5 rounded-full bg-brand-50 py-0.5 pr-2.5 pl-1 text-[13px] font-medium text-brand-800 ring-1 ring-brand-200/70">
                <span className="flex size-5 items-center justify-center rounded-full bg-brand-100 text-[10px] font-semibold uppercase">
                  {assignee.label.slice(0, 1)}
                </span>
                <span className="truncate">{assignee.label}</span>
                {assignee.id === meId && <span className="font-normal text-brand-700/80">(You)</span>}
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 text-slate-500">
                <UserIcon className="size-3.5 text-slate-400" />
                Unassigned
              </span>
            )}
          </dd>
        </div>
        <div className="flex items-start gap-3">
          <dt className="w-20 shrink-0 pt-0.5 text-slate-500">Tags</dt>
          <dd className="min-w-0 flex-1" data-testid="panel-tags">
            {contact.tags.length === 0 ? (
              <span className="text-slate-400">No tags yet</span>
            ) : (
              <ul className="flex flex-wrap gap-1.5">
                {contact.tags.map((tag) => (
                  <li
                    key={tag.id}
                    className="inline-flex max-w-full items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700"
                  >
                    <TagIcon className="size-3 shrink-0 text-slate-400" />
                    <span className="truncate">{tag.name}</span>
                  </li>
                ))}
              </ul>
            )}
          </dd>
        </div>
      </dl>
    </Section>
  );
}
