import { useQuery } from '@tanstack/react-query';
import { CheckIcon, ListFilterIcon } from 'lucide-react';
import { Button, Dialog, DialogTrigger, Heading, Menu, MenuItem } from 'react-aria-components';
import { tagsQuery } from '../../../api/inbox';
import { COPY } from '../../../copy';
import { Popover } from '../../../ui/Popover';
import { Tooltip } from '../../../ui/Tooltip';
import { TagListStatus } from './tags/TagListStatus';

type TagFilterProps = { selected: string[]; onChange: (tagIds: string[]) => void };

/** The tag filter popup: pick tags to show only contacts carrying any of them. */
export function TagFilter({ selected, onChange }: TagFilterProps) {
  return (
    <DialogTrigger>
      <Tooltip content={COPY.filterByTags}>
        <Button
          aria-label={COPY.filterByTags}
          className={`relative flex size-9 items-center justify-center rounded-lg outline-none transition-colors focus-visible:ring-2 focus-visible:ring-brand-500/50 ${
            selected.length > 0
              ? 'bg-brand-50 text-brand-800 ring-1 ring-brand-200'
              : 'text-slate-500 hover:bg-slate-100 aria-expanded:bg-slate-100'
          }`}
        >
          <ListFilterIcon className="size-5" />
          {selected.length > 0 && (
            <span className="absolute -top-1 -right-1 flex size-4 items-center justify-center rounded-full bg-brand-600 text-[10px] font-semibold text-white">
              {selected.length}
            </span>
          )}
        </Button>
      </Tooltip>
      <Popover placement="bottom-end" className="w-64">
        <Dialog aria-label={COPY.filterByTags} className="flex min-h-0 flex-col p-2 outline-none">
          <TagFilterBody selected={selected} onChange={onChange} />
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}

function TagFilterBody({ selected, onChange }: TagFilterProps) {
  const tags = useQuery(tagsQuery);
  return (
    <>
      <div className="flex items-center justify-between px-2 pt-1 pb-2">
        <Heading slot="title" className="text-sm font-semibold text-slate-900">
          {COPY.filterByTags}
        </Heading>
        {selected.length > 0 && (
          <Button
            onPress={() => onChange([])}
            className="rounded text-xs font-medium text-brand-700 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-brand-500/50"
          >
            {COPY.clearAllFilters}
          </Button>
        )}
      </div>
      {tags.isPending || tags.isError ? (
        <TagListStatus tags={tags} rowClassName="px-2 py-3 text-sm" spinnerClassName="size-4" />
      ) : tags.data.length === 0 ? (
        <p className="px-2 py-3 text-sm text-slate-500">{COPY.noTagsAvailable}</p>
      ) : (
        // A menu of check items: arrow keys move, Space or Enter ticks, and it stays open.
        <Menu
          aria-label="Tags"
          autoFocus="first"
          selectionMode="multiple"
          selectedKeys={selected}
          onSelectionChange={(keys) =>
            onChange(keys === 'all' ? tags.data.map((t) => t.id) : [...keys].map(String))
          }
          className="max-h-64 min-h-0 overflow-y-auto outline-none"
        >
          {tags.data.map((tag) => (
            <MenuItem
              key={tag.id}
              id={tag.id}
              textValue={tag.name}
              className="group flex cursor-default items-center gap-2.5 rounded-lg px-2 py-1.5 text-sm text-slate-700 outline-none data-[focused]:bg-slate-100 data-[hovered]:bg-slate-50"
            >
              <span className="flex size-4 items-center justify-center rounded ring-1 ring-slate-300 group-data-[selected]:bg-brand-600 group-data-[selected]:text-white group-data-[selected]:ring-brand-600">
                <CheckIcon className="hidden size-3 group-data-[selected]:block" />
              </span>
              <span className="min-w-0 flex-1 truncate">{tag.name}</span>
              <span className="text-xs text-slate-400 tabular-nums">{tag.contactCount}</span>
            </MenuItem>
          ))}
        </Menu>
      )}
    </>
  );
}
