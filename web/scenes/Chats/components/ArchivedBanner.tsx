import type { ContactListItem } from '@common/api/inbox';
import { useQueryClient } from '@tanstack/react-query';
import { ArchiveIcon, ArchiveRestoreIcon } from 'lucide-react';
import { useState } from 'react';
import { errorMessage } from '../../../api/client';
import { setContactState } from '../../../api/contactDetails';
import { Spinner } from '../../../components/Spinner';
import { showToast } from '../../../ui/Toast';

export const UNARCHIVE_TEXT = {
  note: 'This chat is archived.',
  action: 'Unarchive',
  done: 'Contact moved back to the inbox',
  failed: 'Failed to unarchive contact',
} as const;

/**
 * Above an archived chat's messages: says so and offers 'Unarchive', which moves the chat back to its
 * tab at once (here, and through the live feed for every teammate).
 */
export function ArchivedBanner({ contact, meId }: { contact: ContactListItem; meId: string | null }) {
  const client = useQueryClient();
  const [busy, setBusy] = useState(false);

  const unarchive = async () => {
    setBusy(true);
    try {
      await setContactState(client, contact, { archived: false }, meId);
      showToast(UNARCHIVE_TEXT.done, 'success');
    } catch (failure) {
      showToast(errorMessage(failure, UNARCHIVE_TEXT.failed), 'error');
    } finally {
      setBusy(false);
    }
  };

  return (
    <div
      data-testid="archived-banner"
      className="flex shrink-0 items-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <ArchiveIcon className="size-4 shrink-0" aria-hidden="true" />
      <p className="min-w-0 flex-1">{UNARCHIVE_TEXT.note}</p>
      <button
        type="button"
        onClick={() => void unarchive()}
        disabled={busy}
        className="flex h-8 items-center gap-1.5 rounded-lg bg-white px-3 font-medium text-slate-800 shadow-xs ring-1 ring-amber-300 hover:bg-amber-100 disabled:cursor-wait"
      >
        {busy ? <Spinner className="size-4" /> : <ArchiveRestoreIcon className="size-4" aria-hidden="true" />}
        {UNARCHIVE_TEXT.action}
      </button>
    </div>
  );
}
