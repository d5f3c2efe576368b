/**
 * SavedMessagesPicker — the composer's saved-messages panel (spec §2: opened by the bookmark button
 * or a leading '/'). Lists the team's saved messages, newest first, each with its title, a 60-character
 * preview and its attachment; `filter` (the text typed after '/') narrows them by title or text.
 *
 * Props:
 * - `filter`: the search text ('' shows all).
 * - `onPick(message)`: fill the composer with `message.content`; when `message.attachment` is set,
 *   fetch `attachment.url` (same origin, the session cookie) and send it as media like any other file;
 *   a saved interactive message (`message.interactive`, labelled with its kind) is sent as it is.
 * The list is a React Aria ListBox: inside an Autocomplete (the composer) ↑/↓ move through it while
 * the typing stays in the message box, and Enter picks, as a click does. Escape and outside clicks
 * are the caller's.
 *
 * Members use them read-only; managing them is in Settings → Saved Messages (owners).
 */
import { SAVED_INTERACTIVE_LABEL } from '@common/api/interactive';
import { cutText, SAVED_PREVIEW, type SavedMessageView } from '@common/api/saved-messages';
import { useQuery } from '@tanstack/react-query';
import { ListBox, ListBoxItem } from 'react-aria-components';
import { savedMessagesQuery } from '../api/savedMessages';
import { Spinner } from './Spinner';

export type SavedMessagesPickerProps = {
  filter?: string;
  onPick: (message: SavedMessageView) => void;
};

/** Saved messages whose title or text contains the filter (case-insensitive). */
export function filterSavedMessages(list: SavedMessageView[], filter: string): SavedMessageView[] {
  const needle = filter.trim().toLowerCase();
  if (!needle) return list;
  return list.filter(
    (m) => m.name.toLowerCase().includes(needle) || m.content.toLowerCase().includes(needle),
  );
}

export function SavedMessagesPicker({ filter = '', onPick }: SavedMessagesPickerProps) {
  // Each opening asks again (showing what it has meanwhile): a teammate may have saved one since.
  const query = useQuery({ ...savedMessagesQuery, refetchOnMount: 'always' });
  if (query.isPending) {
    return (
      <div className="flex justify-center p-4">
        <Spinner label="Loading saved messages" />
      </div>
    );
  }
  if (query.isError) return <p className="p-3 text-sm text-red-700">Failed to load saved messages</p>;
  const list = filterSavedMessages(query.data.savedMessages, filter);
  if (list.length === 0) return <p className="p-3 text-sm text-slate-500">No saved messages</p>;
  return (
    <ListBox
      aria-label="Saved messages"
      items={list}
      onAction={(key) => {
        const picked = list.find((m) => m.id === key);
        if (picked) onPick(picked);
      }}
      className="max-h-80 overflow-y-auto py-1 outline-none"
      data-testid="saved-messages-picker"
    >
      {(message) => (
        <ListBoxItem
          id={message.id}
          textValue={message.name}
          className="block w-full cursor-pointer px-3 py-2 text-left outline-none data-[focused]:bg-slate-100 data-[hovered]:bg-slate-50"
        >
          <span className="flex items-center gap-2 text-sm font-medium text-slate-900">
            <span className="min-w-0 truncate">{message.name}</span>
            {message.interactive && (
              <span className="shrink-0 rounded bg-brand-50 px-1.5 py-0.5 text-[11px] font-medium text-brand-800 ring-1 ring-brand-200">
                {SAVED_INTERACTIVE_LABEL[message.interactive.type]}
              </span>
            )}
          </span>
          <span className="block truncate text-xs text-slate-500">
            {message.attachment && !message.interactive
              ? `📎 ${message.attachment.filename ?? message.attachment.kind} · `
              : ''}
            {cutText(message.content, SAVED_PREVIEW.picker)}
          </span>
        </ListBoxItem>
      )}
    </ListBox>
  );
}
