import type { Segment } from '@common/api/segments';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BookmarkIcon,
  CheckIcon,
  ChevronDownIcon,
  EllipsisIcon,
  PencilIcon,
  Trash2Icon,
  UsersIcon,
} from 'lucide-react';
import { useState } from 'react';
import { Button, Dialog, DialogTrigger, Heading } from 'react-aria-components';
import { deleteSegment, segmentCountQuery, segmentsQuery, updateSegment } from '../../../api/segments';
import { Spinner } from '../../../components/Spinner';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';
import { showToast } from '../../../ui/Toast';
import { DeleteSegmentDialog, SegmentNameDialog } from './SegmentDialogs';

function SegmentCount({ id }: { id: string }) {
  const count = useQuery(segmentCountQuery(id));
  if (count.data === undefined) return <span className="text-xs text-slate-400">…</span>;
  return <span className="text-xs text-slate-500 tabular-nums">{count.data.toLocaleString()}</span>;
}

const ROW =
  'flex w-full items-center gap-2.5 rounded-lg px-2.5 py-2 text-left text-[13px] text-slate-700 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500/50';

type SegmentMenuProps = {
  /** The segment applied (its filter unchanged), or null. */
  activeId: string | null;
  onPick: (segment: Segment | null) => void;
};

/**
 * The segments dropdown: "All contacts" and the team's segments with their live counts; picking one
 * applies its filter. Its creator or an owner renames or deletes it from the ⋯ beside it.
 */
export function SegmentMenu({ activeId, onPick }: SegmentMenuProps) {
  const client = useQueryClient();
  const segments = useQuery(segmentsQuery);
  const list = segments.data ?? [];
  const active = list.find((s) => s.id === activeId) ?? null;
  const [renaming, setRenaming] = useState<Segment | null>(null);
  const [deleting, setDeleting] = useState<Segment | null>(null);

  return (
    <>
      <DialogTrigger>
        <Button
          className="flex h-9 max-w-56 shrink-0 items-center gap-2 rounded-lg bg-white px-3 text-[13px] font-medium text-slate-800 ring-1 ring-slate-200 outline-none hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-500/50"
          aria-label={`Segment: ${active?.name ?? 'All contacts'}`}
          data-testid="segment-menu-button"
        >
          {active ? (
            <BookmarkIcon aria-hidden="true" className="size-4 shrink-0 text-brand-700" />
          ) : (
            <UsersIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
          )}
          <span className="min-w-0 truncate">{active?.name ?? 'All contacts'}</span>
          <ChevronDownIcon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
        </Button>
        <Popover placement="bottom-start" className="w-80">
          <Dialog aria-label="Segments" className="flex max-h-[70vh] min-h-0 flex-col outline-none">
            {({ close }) => (
              <>
                <Heading slot="title" className="px-4 pt-3.5 pb-2 text-sm font-semibold text-slate-900">
                  Segments
                </Heading>
                <div className="min-h-0 overflow-y-auto px-2 pb-2" data-testid="segment-list">
                  <button
                    type="button"
                    className={ROW}
                    onClick={() => {
                      onPick(null);
                      close();
                    }}
                  >
                    <UsersIcon aria-hidden="true" className="size-4 text-slate-500" />
                    <span className="flex-1">All contacts</span>
                    {activeId === null && (
                      <CheckIcon aria-label="Selected" className="size-4 text-brand-700" />
                    )}
                  </button>
                  {segments.isPending && (
                    <p className="flex items-center gap-2 px-2.5 py-2 text-[13px] text-slate-500">
                      <Spinner className="size-3.5" /> Loading segments…
                    </p>
                  )}
                  {segments.isError && (
                    <p className="px-2.5 py-2 text-[13px] text-red-600">Segments could not be loaded.</p>
                  )}
                  {segments.isSuccess && list.length === 0 && (
                    <p className="px-2.5 py-2 text-xs leading-5 text-slate-600">
                      No segments yet. Set a filter and choose “Save as segment” to share it with your team.
                    </p>
                  )}
                  {list.map((segment) => (
                    <div key={segment.id} className="group flex items-center gap-1" data-testid="segment-row">
                      <button
                        type="button"
                        className={`${ROW} min-w-0 flex-1`}
                        onClick={() => {
                          onPick(segment);
                          close();
                        }}
                      >
                        <BookmarkIcon aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
                        <span className="min-w-0 flex-1 truncate">{segment.name}</span>
                        <SegmentCount id={segment.id} />
                        {segment.id === activeId && (
                          <CheckIcon aria-label="Selected" className="size-4 shrink-0 text-brand-700" />
                        )}
                      </button>
                      {(segment.abilities.update || segment.abilities.delete) && (
                        <MenuTrigger>
                          <Button
                            aria-label={`More actions for ${segment.name}`}
                            className="rounded-md p-1.5 text-slate-500 outline-none hover:bg-slate-100 hover:text-slate-800 focus-visible:ring-2 focus-visible:ring-brand-500/50"
                          >
                            <EllipsisIcon className="size-4" />
                          </Button>
                          <Popover placement="bottom-end" className="w-40">
                            <Menu aria-label={`${segment.name} actions`}>
                              {segment.abilities.update && (
                                <MenuItem
                                  icon={<PencilIcon className="size-4" />}
                                  onAction={() => setRenaming(segment)}
                                >
                                  Rename
                                </MenuItem>
                              )}
                              {segment.abilities.delete && (
                                <MenuItem
                                  tone="danger"
                                  icon={<Trash2Icon className="size-4" />}
                                  onAction={() => setDeleting(segment)}
                                >
                                  Delete
                                </MenuItem>
                              )}
                            </Menu>
                          </Popover>
                        </MenuTrigger>
                      )}
                    </div>
                  ))}
                </div>
              </>
            )}
          </Dialog>
        </Popover>
      </DialogTrigger>
      <SegmentNameDialog
        isOpen={renaming !== null}
        title="Rename segment"
        initialName={renaming?.name ?? ''}
        submitLabel="Rename"
        onClose={() => setRenaming(null)}
        onSubmit={async (name) => {
          if (renaming) await updateSegment(client, renaming.id, { name });
          showToast('Segment renamed.', 'success');
        }}
      />
      <DeleteSegmentDialog
        name={deleting?.name ?? null}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteSegment(client, deleting.id);
          if (deleting.id === activeId) onPick(null);
          setDeleting(null);
          showToast('Segment deleted.', 'success');
        }}
      />
    </>
  );
}
