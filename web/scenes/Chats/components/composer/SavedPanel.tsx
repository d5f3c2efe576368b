import type { SavedMessageView } from '@common/api/saved-messages';
import { Link } from 'react-router';
import { SavedMessagesPicker } from '../../../../components/SavedMessagesPicker';

/**
 * The saved-messages panel (spec §2, §9): opened by the bookmark button or a leading '/', 300–400 px
 * wide (90 % of the input), at most min(400 px, half the window) tall; '/text' filters it. Focus stays
 * in the message box, which moves through the list (the composer's Autocomplete).
 */
export function SavedPanel({
  filter,
  onPick,
  onClose,
}: {
  filter: string;
  onPick: (message: SavedMessageView) => void;
  onClose: () => void;
}) {
  return (
    <>
      <button
        type="button"
        aria-hidden="true"
        tabIndex={-1}
        className="fixed inset-0 z-20 cursor-default"
        onClick={onClose}
      />
      <div
        data-popover
        data-testid="saved-panel"
        className="absolute bottom-full left-[5%] z-30 mb-2 flex max-h-[min(400px,50vh)] w-[clamp(300px,90%,400px)] animate-pop-in flex-col overflow-hidden rounded-xl bg-white shadow-pop ring-1 ring-slate-900/10"
      >
        <div className="flex items-center justify-between border-b border-slate-100 px-3 py-2">
          <p className="text-sm font-semibold text-slate-900">Saved messages</p>
          <Link
            to="/app/settings/saved-messages"
            className="text-xs font-medium text-brand-700 hover:underline"
          >
            Manage
          </Link>
        </div>
        <div className="min-h-0 overflow-y-auto">
          <SavedMessagesPicker filter={filter} onPick={onPick} />
        </div>
      </div>
    </>
  );
}
