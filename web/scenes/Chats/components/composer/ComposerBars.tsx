import { CAPTION_MAX_LENGTH, INBOX_MSG, type InboxMessage } from '@common/api/inbox';
import { FileTextIcon, PlayIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { formatBytes } from '../../../../components/fileSize';
import { COPY } from '../../../../copy';
import type { PreparedAttachment } from '../../attachments';

/** The composer's bars above the message box: the message being replied to, and a file about to go. */

export function ReplyBar({
  message,
  contactName,
  onCancel,
}: {
  message: InboxMessage;
  contactName: string;
  onCancel: () => void;
}) {
  return (
    <div className="flex items-center gap-3 px-4 pt-2" data-testid="reply-bar">
      <div className="min-w-0 flex-1 rounded-lg border-l-4 border-brand-600 bg-white px-3 py-1.5 shadow-xs">
        <p className="text-xs font-semibold text-brand-800">
          {COPY.replyingTo} {message.direction === 'outgoing' ? 'yourself' : contactName}
        </p>
        <p className="truncate text-xs text-slate-600">{message.preview}</p>
      </div>
      <button
        type="button"
        onClick={onCancel}
        aria-label="Cancel reply"
        className="rounded-full p-1.5 text-slate-500 hover:bg-slate-200 hover:text-slate-800"
      >
        <XIcon className="size-4.5" />
      </button>
    </div>
  );
}

export function AttachmentDraft({
  draft,
  caption,
  onCaption,
  onCancel,
  onSend,
}: {
  draft: PreparedAttachment;
  caption: string;
  onCaption: (value: string) => void;
  onCancel: () => void;
  onSend: () => void;
}) {
  const tooLong = caption.trim().length > CAPTION_MAX_LENGTH;
  return (
    <div className="border-t border-slate-200 bg-white px-4 py-3" data-testid="attachment-draft">
      <div className="flex gap-3">
        <div className="relative flex size-20 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-slate-100 ring-1 ring-slate-900/5">
          {draft.previewUrl ? (
            <img
              src={draft.previewUrl}
              alt={`Preview of ${draft.file.name}`}
              className="size-full object-cover"
            />
          ) : (
            <FileTextIcon className="size-9 text-slate-400" />
          )}
          {draft.kind === 'video' && (
            <span className="absolute inset-0 flex items-center justify-center">
              <span className="flex size-8 items-center justify-center rounded-full bg-black/50 text-white">
                <PlayIcon className="ml-0.5 size-4" />
              </span>
            </span>
          )}
        </div>
        <div className="min-w-0 flex-1">
          <div className="flex items-center justify-between gap-2">
            <p className="truncate text-sm font-medium text-slate-900">{draft.file.name}</p>
            <span className="shrink-0 text-xs text-slate-500">{formatBytes(draft.file.size)}</span>
          </div>
          <textarea
            value={caption}
            onChange={(event) => onCaption(event.target.value)}
            onKeyDown={(event) => {
              if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                event.preventDefault();
                if (!tooLong) onSend();
              }
            }}
            rows={2}
            placeholder="Add a caption..."
            aria-label="Caption"
            className="mt-1.5 w-full resize-none rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-900 ring-1 ring-slate-200 placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-500/50 focus:outline-none"
          />
          <div className="mt-1 flex items-center justify-between gap-2">
            <span
              className={`text-xs ${tooLong ? 'text-red-600' : 'text-slate-400'}`}
              role={tooLong ? 'alert' : undefined}
            >
              {tooLong ? INBOX_MSG.captionTooLong : `${caption.trim().length}/${CAPTION_MAX_LENGTH}`}
            </span>
            <div className="flex gap-2">
              <button
                type="button"
                onClick={onCancel}
                className="h-8 rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100"
              >
                Cancel
              </button>
              <button
                type="button"
                onClick={onSend}
                disabled={tooLong}
                className="inline-flex h-8 items-center gap-1.5 rounded-lg bg-brand-600 px-3 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-50"
              >
                <SendHorizontalIcon className="size-3.5" /> Send{' '}
                {draft.kind === 'image' ? 'photo' : draft.kind}
              </button>
            </div>
          </div>
        </div>
      </div>
    </div>
  );
}
