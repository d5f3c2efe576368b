import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ListFilterIcon } from 'lucide-react';
import { useState } from 'react';
import { tagsQuery } from '../../../api/inbox';
import { COPY } from '../../../copy';
import { useEscapeKey } from '../../../hooks/useEscapeKey';
import { TagListStatus } from './tags/TagListStatus';

type TagFilterProps = { selected: string[]; onChange: (tagIds: string[]) => void };

/** The tag filter popup: pick tags to show only contacts carrying any of them. */
export function TagFilter({ selected, onChange }: TagFilterProps) {
  const [isOpen, setOpen] = useState(false);
  useEscapeKey(isOpen, () => setOpen(false));
  const tags = useQuery({ ...tagsQuery, enabled: isOpen || selected.length > 0 });

  const toggle = (id: string) =>
    onChange(selected.includes(id) ? selected.filter((t) => t !== id) : [...selected, id]);

  return (
    <div className="relative">
      <button
        type="button"
        onClick={() => setOpen((v) => !v)}
        aria-label={COPY.filterByTags}
        aria-expanded={isOpen}
        title={COPY.filterByTags}
        className={`relative flex size-9 items-center justify-center rounded-lg transition-colors ${
          selected.length > 0
            ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200'
            : 'text-slate-500 hover:bg-slate-100'
        }`}
      >
        <ListFilterIcon className="size-5" />
        {selected.length > 0 && (
          <span className="absolute -top-1 -right-1 flex size-4 items-center justify-center rounded-full bg-brand-600 text-[10px] font-semibold text-white">
            {selected.length}
          </span>
        )}
      </button>
      {isOpen && (
        <>
          <button
            type="button"
            aria-hidden="true"
            tabIndex={-1}
            className="fixed inset-0 z-20 cursor-default"
            onClick={() => setOpen(false)}
          />
          <div
            role="dialog"
            aria-label={COPY.filterByTags}
            className="absolute top-11 right-0 z-30 w-64 animate-pop-in rounded-xl bg-white p-2 shadow-pop ring-1 ring-slate-900/10"
          >
            <div className="flex items-center justify-between px-2 pt-1 pb-2">
              <p className="text-sm font-semibold text-slate-900">{COPY.filterByTags}</p>
              {selected.length > 0 && (
                <button
                  type="button"
                  onClick={() => onChange([])}
                  className="text-xs font-medium text-brand-700 hover:underline"
                >
                  {COPY.clearAllFilters}
                </button>
              )}
            </div>
            <div className="max-h-64 overflow-y-auto">
              {tags.isPending || tags.isError ? (
                <TagListStatus tags={tags} rowClassName="px-2 py-3 text-sm" spinnerClassName="size-4" />
              ) : tags.data.length === 0 ? (
                <p className="px-2 py-3 text-sm text-slate-500">{COPY.noTagsAvailable}</p>
              ) : (
                tags.data.map((tag) => {
                  const checked = selected.includes(tag.id);
                  return (
                    <button
                      key={tag.id}
                      type="button"
                      role="menuitemcheckbox"
                      aria-checked={checked}
                      onClick={() => toggle(tag.id)}
                      className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left text-sm text-slate-700 hover:bg-slate-50"
                    >
                      <span
                        className={`flex size-4 items-center justify-center rounded ring-1 ${
                          checked ? 'bg-brand-600 text-white ring-brand-600' : 'ring-slate-300'
                        }`}
                      >
                        {checked && <CheckIcon className="size-3" />}
                      </span>
                      <span className="min-w-0 flex-1 truncate">{tag.name}</span>
                      <span className="text-xs text-slate-400 tabular-nums">{tag.contactCount}</span>
                    </button>
                  );
                })
              )}
            </div>
          </div>
        </>
      )}
    </div>
  );
}
