import type { TagSummary } from '@common/api/inbox';
import { TAG_MSG, type Tag } from '@common/api/tags';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  CheckIcon,
  PencilIcon,
  PlusIcon,
  SearchIcon,
  TagIcon,
  Trash2Icon,
  TriangleAlertIcon,
} from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Button as AriaButton, Checkbox, GridList, GridListItem } from 'react-aria-components';
import { tagsQuery } from '../../../../api/inbox';
import { createTag, deleteTag, findTagByName, renameTag } from '../../../../api/tags';
import { Spinner } from '../../../../components/Spinner';
import { useInlineEdit } from '../../../../hooks/useInlineEdit';
import { AlertDialog } from '../../../../ui/AlertDialog';
import { showToast } from '../../../../ui/Toast';
import { Tooltip } from '../../../../ui/Tooltip';
import { TagListStatus } from './TagListStatus';

type TagPickerProps = {
  /** Tags the contact (or every selected contact) carries: their boxes are ticked. */
  checked: ReadonlySet<string>;
  /** A box was ticked or cleared. */
  onToggle: (tag: TagSummary, nextChecked: boolean) => void;
  /** A tag was created from the typed text; by default it is ticked at once. */
  onCreated?: (tag: Tag) => void;
  /** Focus the search box when the picker appears (default). */
  autoFocus?: boolean;
  /** Height of the scrolling tag list. */
  listClassName?: string;
};

/**
 * The tag picker (spec §2): 'Search or create tag...', the account's tags filtered as you type (any
 * letter case) with a box per tag, 'Create "{text}"' when no tag has that name in any letter case,
 * 'No matching tags', and per tag a pencil (rename inline) and a bin (delete, after the spec's
 * confirmation). Blank names are ignored. Ticking is the parent's business (one contact or many).
 */
export function TagPicker({
  checked,
  onToggle,
  onCreated,
  autoFocus = true,
  listClassName = 'max-h-60',
}: TagPickerProps) {
  const client = useQueryClient();
  const tags = useQuery(tagsQuery);
  const [text, setText] = useState('');
  const [editing, setEditing] = useState<{ id: string; name: string } | null>(null);
  const [deleting, setDeleting] = useState<TagSummary | null>(null);
  const [busy, setBusy] = useState<'create' | 'delete' | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const listId = useId();

  useEffect(() => {
    if (autoFocus) inputRef.current?.focus();
  }, [autoFocus]);

  // When the delete confirmation closes, focus comes back to the search box (the bin it was opened
  // from only shows on hover).
  const wasConfirming = useRef(false);
  useEffect(() => {
    if (wasConfirming.current && !deleting) inputRef.current?.focus();
    wasConfirming.current = deleting !== null;
  }, [deleting]);

  const query = text.trim();
  const all = tags.data ?? [];
  const shown = useMemo(() => {
    const needle = query.toLowerCase();
    return needle ? all.filter((t) => t.name.toLowerCase().includes(needle)) : all;
  }, [all, query]);
  const exact = query ? findTagByName(all, query) : undefined;
  const canCreate = query !== '' && !exact && tags.isSuccess;

  const create = async () => {
    if (!canCreate || busy) return;
    setBusy('create');
    try {
      const tag = await createTag(client, query);
      setText('');
      if (onCreated) onCreated(tag);
      else onToggle({ id: tag.id, name: tag.name }, true);
    } catch (error) {
      showToast(error instanceof Error ? error.message : TAG_MSG.createFailed, 'error');
    } finally {
      setBusy(null);
      inputRef.current?.focus();
    }
  };

  const saveRename = async (tag: Tag, name: string) => {
    setEditing(null);
    const next = name.trim();
    // Blank names are ignored (spec §5); an unchanged name is not saved.
    if (!next || next === tag.name) return;
    try {
      await renameTag(client, tag, next);
    } catch (error) {
      showToast(error instanceof Error ? error.message : TAG_MSG.updateFailed, 'error');
    }
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy('delete');
    try {
      await deleteTag(client, deleting);
      setDeleting(null);
    } catch (error) {
      setDeleting(null);
      showToast(error instanceof Error ? error.message : TAG_MSG.deleteFailed, 'error');
    } finally {
      setBusy(null);
    }
  };

  const handleInputKey = (event: KeyboardEvent<HTMLInputElement>) => {
    // Down from the search box goes to the first tag; the list moves on from there.
    if (event.key === 'ArrowDown' && shown.length > 0) {
      event.preventDefault();
      listRef.current?.querySelector<HTMLElement>('[role="row"]')?.focus();
    } else if (event.key === 'Enter') {
      event.preventDefault();
      if (exact) onToggle({ id: exact.id, name: exact.name }, !checked.has(exact.id));
      else if (canCreate) void create();
      else if (shown.length === 1) onToggle(shown[0]!, !checked.has(shown[0]!.id));
    }
  };

  return (
    <div className="flex min-h-0 flex-col" data-testid="tag-picker">
      <div className="relative border-b border-slate-100 p-2">
        <SearchIcon className="pointer-events-none absolute top-1/2 left-4.5 size-3.5 -translate-y-1/2 text-slate-400" />
        <input
          ref={inputRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleInputKey}
          placeholder={TAG_MSG.searchPlaceholder}
          aria-label={TAG_MSG.searchPlaceholder}
          aria-controls={listId}
          maxLength={50}
          className="h-8 w-full rounded-lg bg-slate-50 pr-2 pl-7.5 text-[13px] text-slate-900 ring-1 ring-slate-200 placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
      </div>
      <div className={`min-h-0 overflow-y-auto p-1 ${listClassName}`}>
        {tags.isPending || tags.isError ? (
          <TagListStatus tags={tags} rowClassName="px-2.5 py-2 text-[13px]" spinnerClassName="size-3.5" />
        ) : (
          <>
            {/* A grid of tags: arrow keys move between tags (and right, to a tag's buttons), Space ticks. */}
            <GridList
              ref={listRef}
              id={listId}
              aria-label="Tags"
              items={shown}
              dependencies={[editing]}
              selectionMode="multiple"
              selectionBehavior="toggle"
              selectedKeys={checked}
              onSelectionChange={(keys) => {
                const next = keys === 'all' ? new Set(shown.map((t) => t.id)) : keys;
                const changed = shown.find((t) => next.has(t.id) !== checked.has(t.id));
                if (changed) onToggle({ id: changed.id, name: changed.name }, next.has(changed.id));
              }}
              className="outline-none"
            >
              {(tag) =>
                editing?.id === tag.id ? (
                  <GridListItem id={tag.id} textValue={tag.name} className="outline-none">
                    <RenameRow
                      tag={tag}
                      onSave={(name) => void saveRename(tag, name)}
                      onCancel={() => setEditing(null)}
                    />
                  </GridListItem>
                ) : (
                  <TagRow
                    tag={tag}
                    onRename={() => setEditing({ id: tag.id, name: tag.name })}
                    onDelete={() => setDeleting({ id: tag.id, name: tag.name })}
                  />
                )
              }
            </GridList>
            {query !== '' && shown.length === 0 && (
              <p className="px-2.5 py-2 text-[13px] text-slate-500" data-testid="tag-no-matches">
                {TAG_MSG.noMatches}
              </p>
            )}
            {query === '' && all.length === 0 && (
              <p className="flex items-center gap-2 px-2.5 py-2 text-[13px] text-slate-500">
                <TagIcon className="size-3.5 text-slate-400" />
                No tags yet. Type a name to create one.
              </p>
            )}
          </>
        )}
      </div>
      {canCreate && (
        <div className="border-t border-slate-100 p-1">
          <button
            type="button"
            onClick={() => void create()}
            disabled={busy === 'create'}
            className="flex w-full items-center gap-2.5 rounded-lg px-2 py-1.5 text-left text-[13px] font-medium text-brand-800 hover:bg-brand-50 focus-visible:bg-brand-50 focus-visible:outline-none disabled:opacity-60"
          >
            {busy === 'create' ? <Spinner className="size-4" /> : <PlusIcon className="size-4" />}
            <span className="min-w-0 truncate">{TAG_MSG.create(query)}</span>
          </button>
        </div>
      )}
      <AlertDialog
        isOpen={deleting !== null}
        tone="danger"
        icon={<TriangleAlertIcon className="size-6" />}
        title="Delete tag"
        description={
          <>
            {deleting && <strong className="mb-1 block text-slate-900">“{deleting.name}”</strong>}
            {TAG_MSG.deleteConfirm}
          </>
        }
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={busy === 'delete'}
        onCancel={() => setDeleting(null)}
        onConfirm={() => void confirmDelete()}
      />
    </div>
  );
}

/** One tag: its box, name and count; on hover or focus its rename and delete buttons. */
function TagRow({ tag, onRename, onDelete }: { tag: Tag; onRename: () => void; onDelete: () => void }) {
  return (
    <GridListItem
      id={tag.id}
      textValue={tag.name}
      data-testid="tag-option"
      className="group/tag flex items-center rounded-lg outline-none data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/50 data-[focus-visible]:ring-inset focus-within:bg-slate-50 data-[hovered]:bg-slate-50"
    >
      <Checkbox
        slot="selection"
        aria-label={tag.name}
        className="group/box flex min-w-0 flex-1 cursor-pointer items-center gap-2.5 rounded-lg px-2 py-1.5 text-[13px] text-slate-700"
      >
        <span
          aria-hidden="true"
          className="flex size-4 shrink-0 items-center justify-center rounded-[5px] bg-white ring-1 ring-slate-300 transition-colors group-hover/tag:ring-slate-400 group-data-[selected]/box:bg-brand-600 group-data-[selected]/box:text-white group-data-[selected]/box:ring-brand-600 group-data-[focus-visible]/box:outline-2 group-data-[focus-visible]/box:outline-offset-2 group-data-[focus-visible]/box:outline-brand-500"
        >
          <CheckIcon className="hidden size-3 group-data-[selected]/box:block" />
        </span>
        <span className="min-w-0 flex-1 truncate">{tag.name}</span>
        <span className="text-[11px] text-slate-400 tabular-nums group-hover/tag:hidden group-focus-within/tag:hidden">
          {tag.contactCount}
        </span>
      </Checkbox>
      <span className="hidden shrink-0 items-center gap-0.5 pr-1 group-hover/tag:flex group-focus-within/tag:flex">
        <Tooltip content="Rename">
          <AriaButton
            aria-label={`Rename tag ${tag.name}`}
            onPress={onRename}
            className="rounded-md p-1 text-slate-400 outline-none hover:bg-slate-200/70 hover:text-slate-700 focus-visible:ring-2 focus-visible:ring-brand-500/50"
          >
            <PencilIcon className="size-3.5" />
          </AriaButton>
        </Tooltip>
        <Tooltip content="Delete">
          <AriaButton
            aria-label={`Delete tag ${tag.name}`}
            onPress={onDelete}
            className="rounded-md p-1 text-slate-400 outline-none hover:bg-red-50 hover:text-red-600 focus-visible:ring-2 focus-visible:ring-red-500/40"
          >
            <Trash2Icon className="size-3.5" />
          </AriaButton>
        </Tooltip>
      </span>
    </GridListItem>
  );
}

function RenameRow({
  tag,
  onSave,
  onCancel,
}: {
  tag: Tag;
  onSave: (name: string) => void;
  onCancel: () => void;
}) {
  const [name, setName] = useState(tag.name);
  const inputRef = useRef<HTMLInputElement>(null);
  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);
  // Escape cancels the rename only; the picker stays open.
  const editHandlers = useInlineEdit((save) => {
    if (save) onSave(name);
    else onCancel();
  });
  return (
    <div className="flex items-center gap-2 rounded-lg bg-slate-50 px-2 py-1">
      <PencilIcon className="size-3.5 shrink-0 text-slate-400" />
      <input
        ref={inputRef}
        value={name}
        maxLength={50}
        aria-label={`New name for ${tag.name}`}
        onChange={(event) => setName(event.target.value)}
        {...editHandlers}
        // Typing, arrows and Space belong to the field, not to the list around it.
        onKeyDown={(event) => {
          editHandlers.onKeyDown(event);
          event.stopPropagation();
        }}
        className="h-7 min-w-0 flex-1 rounded-md bg-white px-2 text-[13px] text-slate-900 ring-1 ring-brand-500/50 focus:ring-2 focus:outline-none"
      />
    </div>
  );
}
