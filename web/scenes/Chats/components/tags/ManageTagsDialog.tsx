import type { ContactListItem, TagSummary } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { addTagToContacts, commonTags, removeTagFromContacts } from '../../../../api/tags';
import { Button } from '../../../../components/Button';
import { Dialog } from '../../../../ui/Dialog';
import { showToast } from '../../../../ui/Toast';
import { LazyTagPicker as TagPicker } from './LazyTagPicker';
import { TagChip } from './TagChips';

type ManageTagsDialogProps = {
  isOpen: boolean;
  /** The selected contacts (their current rows). */
  contacts: readonly ContactListItem[];
  onClose: () => void;
  /** The changes were sent (the rows already show them). */
  onDone: () => void;
};

type Draft = { add: Map<string, TagSummary>; remove: Map<string, TagSummary> };
const emptyDraft = (): Draft => ({ add: new Map(), remove: new Map() });

/**
 * 'Manage Tags' for the contacts picked in tag selection mode (spec §2): 'Current Tags' are the tags
 * all of them carry (spec §4), each removable; 'Add Tag' is the tag picker. Nothing is sent until
 * 'Done'; 'Cancel' forgets the changes. Contacts that already carry an added tag are skipped.
 */
export function ManageTagsDialog({ isOpen, contacts, onClose, onDone }: ManageTagsDialogProps) {
  const client = useQueryClient();
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (isOpen) setDraft(emptyDraft());
  }, [isOpen]);

  const common = useMemo(() => commonTags(contacts), [contacts]);
  const current = useMemo(
    () => [...common.filter((t) => !draft.remove.has(t.id)), ...draft.add.values()],
    [common, draft],
  );
  const checked = useMemo(() => new Set(current.map((t) => t.id)), [current]);

  const toggle = (tag: TagSummary, next: boolean) =>
    setDraft((d) => {
      const add = new Map(d.add);
      const remove = new Map(d.remove);
      const isCommon = common.some((t) => t.id === tag.id);
      if (next) {
        remove.delete(tag.id);
        if (!isCommon) add.set(tag.id, tag);
      } else {
        add.delete(tag.id);
        if (isCommon) remove.set(tag.id, tag);
      }
      return { add, remove };
    });

  const done = async () => {
    const ids = contacts.map((c) => c.id);
    if (draft.add.size === 0 && draft.remove.size === 0) {
      onClose();
      return;
    }
    setSaving(true);
    const actions = [
      ...[...draft.add.values()].map((tag) => addTagToContacts(client, tag, ids)),
      ...[...draft.remove.values()].map((tag) => removeTagFromContacts(client, tag, ids)),
    ];
    const results = await Promise.allSettled(actions);
    setSaving(false);
    const failures = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
    for (const failure of failures) {
      showToast(failure.reason instanceof Error ? failure.reason.message : String(failure.reason), 'error');
    }
    if (failures.length < results.length) {
      showToast(`Tags updated for ${ids.length} ${ids.length === 1 ? 'contact' : 'contacts'}`, 'success');
    }
    onDone();
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Manage Tags"
      description={`${contacts.length} ${contacts.length === 1 ? 'chat' : 'chats'} selected`}
      widthClass="max-w-md"
    >
      <section aria-labelledby="manage-tags-current">
        <h3 id="manage-tags-current" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Current Tags
        </h3>
        <div className="mt-2 flex min-h-8 flex-wrap items-center gap-1.5" data-testid="current-tags">
          {current.length === 0 ? (
            <p className="text-[13px] text-slate-400">
              {contacts.length > 1 ? 'No tags in common yet.' : 'No tags yet.'}
            </p>
          ) : (
            current.map((tag) => (
              <TagChip key={tag.id} tag={tag} size="sm" onRemove={() => toggle(tag, false)} />
            ))
          )}
        </div>
      </section>
      <section aria-labelledby="manage-tags-add" className="mt-5">
        <h3 id="manage-tags-add" className="text-xs font-semibold tracking-wide text-slate-500 uppercase">
          Add Tag
        </h3>
        <div className="mt-2 overflow-hidden rounded-xl ring-1 ring-slate-200">
          <TagPicker
            checked={checked}
            onToggle={toggle}
            listClassName="max-h-48 min-h-24"
            autoFocus={false}
          />
        </div>
      </section>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="secondary" onClick={onClose} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void done()} isLoading={saving} loadingText="Saving...">
          Done
        </Button>
      </div>
    </Dialog>
  );
}
