import { type BulkAction, type BulkTarget, MAX_BULK_IDS } from '@common/api/contact-bulk';
import type { UserSummary } from '@common/api/inbox';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ChevronDownIcon,
  DownloadIcon,
  TagIcon,
  TagsIcon,
  Trash2Icon,
  UserPlusIcon,
  XIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Button as AriaButton, Dialog, DialogTrigger } from 'react-aria-components';
import { errorMessage } from '../../../api/client';
import { exportContacts, runBulkAction } from '../../../api/contactBulk';
import { tagsQuery } from '../../../api/inbox';
import { Spinner } from '../../../components/Spinner';
import { AlertDialog } from '../../../ui/AlertDialog';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';
import { showToast } from '../../../ui/Toast';
import { AssignMenu } from '../../Chats/components/assign/AssignMenu';
import { TagPicker } from '../../Chats/components/tags/TagPicker';

const NO_CHECKED: ReadonlySet<string> = new Set();
const ACTION =
  'flex h-8 shrink-0 items-center gap-1.5 rounded-lg px-2.5 text-[13px] font-medium text-slate-700 outline-none hover:bg-white focus-visible:ring-2 focus-visible:ring-brand-500/50 disabled:opacity-50';

export function deleteQuestion(count: number): string {
  return count === 1 ? 'Delete 1 contact?' : `Delete ${count.toLocaleString()} contacts?`;
}

type BulkBarProps = {
  /** How many contacts the actions touch. */
  count: number;
  /** What the request names; null when too many rows are ticked one by one. */
  target: BulkTarget | null;
  /** Owners export and delete. */
  isOwner: boolean;
  /**
   * The current assignees the assign menu judges by: the ticked rows' own, or for "all matching" a
   * mix (owners get every choice; members only "Me", as the spec's rules allow).
   */
  assignees: readonly (UserSummary | null)[];
  onClear: () => void;
};

/**
 * The bar over the table while rows are ticked: add or remove a tag, assign, export and delete
 * (owners), each on the ticked rows or on all contacts matching the filter. The server's line
 * ('Tagged 120 contacts.') shows in a toast.
 */
export function BulkBar({ count, target, isOwner, assignees, onClear }: BulkBarProps) {
  const client = useQueryClient();
  const tags = useQuery(tagsQuery).data ?? [];
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const disabled = target === null || busy !== null;

  const run = async (action: BulkAction) => {
    if (!target) return;
    setBusy(action.type);
    try {
      const result = await runBulkAction(client, target, action);
      showToast(result.message, result.failedCount > 0 ? 'error' : 'success');
      if (action.type === 'delete') {
        setConfirmDelete(false);
        onClear();
      }
    } catch (error) {
      const text = errorMessage(error, 'That did not work. Try again.');
      if (action.type === 'delete') setDeleteError(text);
      else showToast(text, 'error');
    } finally {
      setBusy(null);
    }
  };

  const runExport = async () => {
    if (!target) return;
    setBusy('export');
    try {
      await exportContacts(target);
      showToast(`Exported ${count === 1 ? '1 contact' : `${count.toLocaleString()} contacts`}.`, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'The export failed. Try again.'), 'error');
    } finally {
      setBusy(null);
    }
  };

  return (
    <div
      className="flex min-h-11 animate-fade-in flex-wrap items-center gap-1 rounded-xl bg-brand-50 px-1.5 py-1 ring-1 ring-brand-200/80"
      data-testid="bulk-bar"
      role="toolbar"
      aria-label="Bulk actions"
    >
      <button
        type="button"
        onClick={onClear}
        aria-label="Clear selection"
        className="rounded-md p-1.5 text-slate-600 hover:bg-white hover:text-slate-900"
      >
        <XIcon className="size-4" />
      </button>
      <span className="mr-2 text-[13px] font-semibold text-slate-900 tabular-nums" data-testid="bulk-count">
        {count.toLocaleString()} selected
      </span>
      {target === null && (
        <span className="mr-2 text-xs text-slate-700">
          At most {MAX_BULK_IDS.toLocaleString()} ticked rows at once; select all matching instead.
        </span>
      )}
      {busy && busy !== 'delete' && <Spinner className="size-4 text-slate-500" label="Working" />}
      <DialogTrigger>
        <AriaButton className={ACTION} isDisabled={disabled}>
          <TagIcon aria-hidden="true" className="size-4 text-slate-500" /> Add tag
        </AriaButton>
        <Popover placement="bottom-start" className="w-72">
          <Dialog aria-label="Add tag" className="flex min-h-0 flex-col p-2 outline-none">
            {({ close }) => (
              <TagPicker
                checked={NO_CHECKED}
                onToggle={(tag, next) => {
                  close();
                  if (next) void run({ type: 'tag', tagId: tag.id });
                }}
              />
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <MenuTrigger>
        <AriaButton className={ACTION} isDisabled={disabled || tags.length === 0}>
          <TagsIcon aria-hidden="true" className="size-4 text-slate-500" /> Remove tag
          <ChevronDownIcon aria-hidden="true" className="size-3.5 text-slate-500" />
        </AriaButton>
        <Popover placement="bottom-start" className="max-h-80 w-60">
          <Menu aria-label="Remove tag" onAction={(key) => void run({ type: 'untag', tagId: String(key) })}>
            {tags.map((tag) => (
              <MenuItem key={tag.id} id={tag.id}>
                {tag.name}
              </MenuItem>
            ))}
          </Menu>
        </Popover>
      </MenuTrigger>
      <DialogTrigger>
        <AriaButton className={ACTION} isDisabled={disabled}>
          <UserPlusIcon aria-hidden="true" className="size-4 text-slate-500" /> Assign
          <ChevronDownIcon aria-hidden="true" className="size-3.5 text-slate-500" />
        </AriaButton>
        <Popover placement="bottom-start">
          <Dialog aria-label="Assign" className="outline-none">
            {({ close }) => (
              <AssignMenu
                current={assignees}
                onSelect={(assignee) => {
                  close();
                  void run({ type: 'assign', assigneeId: assignee?.id ?? null });
                }}
              />
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      {isOwner && (
        <>
          <button type="button" className={ACTION} disabled={disabled} onClick={() => void runExport()}>
            <DownloadIcon aria-hidden="true" className="size-4 text-slate-500" /> Export
          </button>
          <button
            type="button"
            className={`${ACTION} text-red-700 hover:text-red-800`}
            disabled={disabled}
            onClick={() => {
              setDeleteError(null);
              setConfirmDelete(true);
            }}
          >
            <Trash2Icon aria-hidden="true" className="size-4" /> Delete
          </button>
        </>
      )}
      <AlertDialog
        isOpen={confirmDelete}
        tone="danger"
        icon={<Trash2Icon className="size-6" />}
        title={deleteQuestion(count)}
        description="Their conversations and media are deleted too. This cannot be undone."
        confirmLabel={count === 1 ? 'Delete contact' : `Delete ${count.toLocaleString()} contacts`}
        busyLabel="Deleting…"
        isBusy={busy === 'delete'}
        error={deleteError}
        onCancel={() => setConfirmDelete(false)}
        onConfirm={() => void run({ type: 'delete' })}
        testId="bulk-delete-dialog"
      />
    </div>
  );
}
