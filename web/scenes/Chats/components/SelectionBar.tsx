import type { ContactListItem, UserSummary } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon, ChevronDownIcon, PlusIcon, UserPlusIcon, XIcon } from 'lucide-react';
import { useMemo, useState } from 'react';
import { Button as AriaButton } from 'react-aria-components';
import { assignContactsBulk } from '../../../api/assignment';
import { Button, buttonClasses } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';
import { useSession } from '../../../hooks/useSession';
import { MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';
import { showToast } from '../../../ui/Toast';
import { Tooltip } from '../../../ui/Tooltip';
import { AssignMenu } from './assign/AssignMenu';
import { ManageTagsDialog } from './tags/ManageTagsDialog';

export type SelectionMode = 'tags' | 'assign';

type SelectionBarProps = {
  mode: SelectionMode;
  /** The ticked contacts still in the list. */
  selected: readonly ContactListItem[];
  /** How many rows are loaded (for the select-all box). */
  loadedCount: number;
  onSelectAll: () => void;
  onClearSelection: () => void;
  onExit: () => void;
};

/** The text the bar shows for a selection (spec §2). */
export function selectionLabel(mode: SelectionMode, count: number): string {
  return mode === 'tags' ? `${count} Selected` : `${count} Selected for Assignment`;
}

/**
 * The bar of a selection mode, in place of the panel's title: 'N Selected' with 'Add Tag' (the Manage
 * Tags dialog), or 'N Selected for Assignment' with the assignee picker (which has 'Unassign' when
 * allowed). A box ticks every loaded row or none; the cross leaves the mode.
 */
export function SelectionBar({
  mode,
  selected,
  loadedCount,
  onSelectAll,
  onClearSelection,
  onExit,
}: SelectionBarProps) {
  const client = useQueryClient();
  const session = useSession();
  const meId = session.data?.user?.id ?? null;
  const [manageOpen, setManageOpen] = useState(false);
  const [assignOpen, setAssignOpen] = useState(false);
  const [assigning, setAssigning] = useState(false);
  const count = selected.length;
  const all = count > 0 && count >= loadedCount;
  const current = useMemo(() => selected.map((c) => c.assignee), [selected]);

  const assign = async (assignee: UserSummary | null) => {
    setAssignOpen(false);
    setAssigning(true);
    try {
      const outcome = await assignContactsBulk(
        client,
        selected.map((c) => c.id),
        assignee,
        meId,
      );
      showToast(outcome.text, outcome.kind);
      if (outcome.result.assigned.length > 0) onExit();
    } catch (error) {
      showToast(error instanceof Error ? error.message : String(error), 'error');
    } finally {
      setAssigning(false);
    }
  };

  return (
    <div
      className="flex h-10 animate-fade-in items-center gap-1.5 rounded-xl bg-brand-50 pr-1.5 pl-1 ring-1 ring-brand-200/80"
      data-testid="selection-bar"
      role="toolbar"
      aria-label={mode === 'tags' ? 'Tag selection' : 'Assignment selection'}
    >
      <Tooltip content="Leave selection mode">
        <AriaButton
          onPress={onExit}
          aria-label="Leave selection mode"
          className="flex size-8 items-center justify-center rounded-lg text-brand-900/70 outline-none hover:bg-brand-100 hover:text-brand-900 focus-visible:ring-2 focus-visible:ring-brand-500"
        >
          <XIcon className="size-4" />
        </AriaButton>
      </Tooltip>
      <label className="flex size-8 cursor-pointer items-center justify-center rounded-lg hover:bg-brand-100">
        <input
          type="checkbox"
          className="peer sr-only"
          checked={all}
          ref={(input) => {
            if (input) input.indeterminate = count > 0 && !all;
          }}
          onChange={all ? onClearSelection : onSelectAll}
          aria-label="Select all loaded chats"
        />
        <span
          aria-hidden="true"
          className={`flex size-[18px] items-center justify-center rounded-[5px] ring-1 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${
            count > 0 ? 'bg-brand-600 text-white ring-brand-600' : 'bg-white ring-brand-300'
          }`}
        >
          {all ? (
            <CheckIcon className="size-3.5" />
          ) : count > 0 ? (
            <span className="h-0.5 w-2 rounded-full bg-white" />
          ) : null}
        </span>
      </label>
      <p className="min-w-0 flex-1 truncate text-[13px] font-semibold text-brand-900" aria-live="polite">
        {selectionLabel(mode, count)}
      </p>
      {mode === 'tags' ? (
        <Button
          size="sm"
          disabled={count === 0}
          onClick={() => setManageOpen(true)}
          icon={<PlusIcon className="size-3.5" />}
        >
          Add Tag
        </Button>
      ) : (
        <MenuTrigger isOpen={assignOpen} onOpenChange={setAssignOpen}>
          <AriaButton isDisabled={count === 0 || assigning} className={buttonClasses('primary', 'sm')}>
            {assigning ? <Spinner className="size-3.5" /> : <UserPlusIcon className="size-3.5" />}
            Assign
            <ChevronDownIcon className="-mr-1 size-3.5 opacity-70" />
          </AriaButton>
          <Popover placement="bottom-end">
            <AssignMenu current={current} onSelect={(assignee) => void assign(assignee)} />
          </Popover>
        </MenuTrigger>
      )}
      <ManageTagsDialog
        isOpen={manageOpen}
        contacts={selected}
        onClose={() => setManageOpen(false)}
        onDone={() => {
          setManageOpen(false);
          onExit();
        }}
      />
    </div>
  );
}
