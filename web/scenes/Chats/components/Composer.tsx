import { CAPTION_MAX_LENGTH, INBOX_MSG, type InboxMessage } from '@common/api/inbox';
import type { SavedMessageView } from '@common/api/saved-messages';
import {
  BookmarkIcon,
  FileTextIcon,
  ImageIcon,
  LayoutTemplateIcon,
  LockIcon,
  PaperclipIcon,
  PlayIcon,
  SendHorizontalIcon,
  SmileIcon,
  VideoIcon,
  XIcon,
} from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { formatBytes } from '../../../components/fileSize';
import { SavedMessagesPicker } from '../../../components/SavedMessagesPicker';
import { Spinner } from '../../../components/Spinner';
import { COPY } from '../../../copy';
import { useEscapeKey } from '../../../hooks/useEscapeKey';
import {
  ACCEPT,
  type AttachKind,
  type PreparedAttachment,
  prepareAttachment,
  validateCaption,
} from '../attachments';

type ComposerProps = {
  contactName: string;
  /** Free-form messages allowed (inside the 24-hour window). */
  canSend: boolean;
  /** The customer never wrote: there is no window to be inside of. */
  neverMessaged: boolean;
  replyTo: InboxMessage | null;
  onCancelReply: () => void;
  onSendText: (text: string) => Promise<unknown>;
  onSendMedia: (attachment: PreparedAttachment, caption: string) => Promise<unknown>;
  onOpenTemplates: () => void;
};

const MAX_TEXTAREA_PX = 160;

// The picker and its data load on first use, not with the inbox.
const EmojiPicker = lazy(async () => ({
  default: (await import('../../../components/EmojiPicker')).EmojiPicker,
}));

function PickerFallback() {
  return (
    <div className="flex h-[380px] w-[320px] items-center justify-center rounded-2xl bg-white shadow-pop ring-1 ring-slate-900/10">
      <Spinner className="size-5 text-slate-400" label="Loading emoji" />
    </div>
  );
}

function ReplyBar({
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

type PickableKind = Exclude<AttachKind, 'audio'>;

function AttachMenu({ onPick, onClose }: { onPick: (kind: PickableKind) => void; onClose: () => void }) {
  const options: { kind: PickableKind; label: string; icon: React.ReactNode; tone: string }[] = [
    { kind: 'image', label: 'Photo', icon: <ImageIcon className="size-4.5" />, tone: 'bg-sky-500' },
    { kind: 'video', label: 'Video', icon: <VideoIcon className="size-4.5" />, tone: 'bg-rose-500' },
    {
      kind: 'document',
      label: 'Document',
      icon: <FileTextIcon className="size-4.5" />,
      tone: 'bg-violet-500',
    },
  ];
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
        role="menu"
        aria-label="Attach"
        className="absolute bottom-14 left-12 z-30 w-48 animate-pop-in rounded-xl bg-white p-1.5 shadow-pop ring-1 ring-slate-900/10"
      >
        {options.map((option) => (
          <button
            key={option.kind}
            type="button"
            role="menuitem"
            onClick={() => onPick(option.kind)}
            className="flex w-full items-center gap-3 rounded-lg px-2.5 py-2 text-sm text-slate-700 hover:bg-slate-100"
          >
            <span
              className={`flex size-8 items-center justify-center rounded-full text-white ${option.tone}`}
            >
              {option.icon}
            </span>
            {option.label}
          </button>
        ))}
      </div>
    </>
  );
}

function AttachmentDraft({
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

/**
 * The saved-messages panel (spec §2, §9): opened by the bookmark button or a leading '/', 300–400 px
 * wide (90 % of the input), at most min(400 px, half the window) tall; '/text' filters it.
 */
function SavedPanel({
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
        role="dialog"
        aria-label="Saved messages"
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

/** The bottom of the conversation: text, emoji, attachments, the reply bar, or the window lock. */
export function Composer({
  contactName,
  canSend,
  neverMessaged,
  replyTo,
  onCancelReply,
  onSendText,
  onSendMedia,
  onOpenTemplates,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const [showEmoji, setShowEmoji] = useState(false);
  const [showAttach, setShowAttach] = useState(false);
  const [draft, setDraft] = useState<PreparedAttachment | null>(null);
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [showSaved, setShowSaved] = useState(false);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRefs = {
    image: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
    document: useRef<HTMLInputElement>(null),
  };

  const slashFilter = text.startsWith('/') ? text.slice(1) : null;
  const savedOpen = showSaved || slashFilter !== null;

  useEscapeKey(showEmoji || showAttach || savedOpen, () => {
    setShowEmoji(false);
    setShowAttach(false);
    setShowSaved(false);
    if (text.startsWith('/')) setText('');
    textareaRef.current?.focus();
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the height follows the text
  useLayoutEffect(() => {
    const area = textareaRef.current;
    if (!area) return;
    area.style.height = 'auto';
    area.style.height = `${Math.min(area.scrollHeight, MAX_TEXTAREA_PX)}px`;
  }, [text]);

  useEffect(() => {
    if (replyTo) textareaRef.current?.focus();
  }, [replyTo]);

  useEffect(
    () => () => {
      if (draft?.previewUrl) URL.revokeObjectURL(draft.previewUrl);
    },
    [draft],
  );

  if (!canSend) {
    return (
      <div className="border-t border-slate-200 bg-[#f0f2f5] px-4 py-3" data-testid="composer-locked">
        <div className="flex flex-wrap items-center gap-3 rounded-xl bg-white px-4 py-3 shadow-xs ring-1 ring-slate-200">
          <span className="flex size-9 shrink-0 items-center justify-center rounded-full bg-amber-50 text-amber-700 ring-1 ring-amber-200">
            <LockIcon className="size-4.5" />
          </span>
          <p className="min-w-0 flex-1 basis-52 text-sm text-slate-600">
            {neverMessaged
              ? `${contactName} hasn’t messaged you yet. Start the conversation with an approved template.`
              : 'The 24-hour messaging window is closed. You can send an approved template until the customer replies.'}
          </p>
          <button
            type="button"
            onClick={onOpenTemplates}
            className="ml-auto inline-flex h-9 shrink-0 items-center gap-2 rounded-lg bg-ink-900 px-3.5 text-sm font-medium text-white hover:bg-ink-800"
          >
            <LayoutTemplateIcon className="size-4" /> {COPY.sendTemplateMessage}
          </button>
        </div>
      </div>
    );
  }

  const trimmed = text.trim();
  const canSubmit = trimmed.length > 0 && !isSending;

  const submit = async () => {
    if (!canSubmit) return;
    setSending(true);
    setText('');
    setShowEmoji(false);
    try {
      await onSendText(trimmed);
    } catch {
      // The bubble shows the failure and a retry; the toast says it too.
    } finally {
      setSending(false);
      textareaRef.current?.focus();
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      // '/…' searches saved messages; it is not sent.
      if (slashFilter === null) void submit();
    }
  };

  const insertEmoji = (emoji: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    const next = text.slice(0, start) + emoji + text.slice(end);
    setText(next);
    requestAnimationFrame(() => {
      area?.focus();
      area?.setSelectionRange(start + emoji.length, start + emoji.length);
    });
  };

  const handleFile = async (kind: AttachKind, file: File | undefined) => {
    setShowAttach(false);
    if (!file) return;
    setProblem(null);
    setPreparing(true);
    try {
      const prepared = await prepareAttachment(file, kind);
      setDraft(prepared);
      setCaption(trimmed);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : COPY.failedToProcessDocument);
    } finally {
      setPreparing(false);
    }
  };

  const pickSaved = async (saved: SavedMessageView) => {
    setShowSaved(false);
    const content = saved.content;
    if (!saved.attachment) {
      setText(content);
      requestAnimationFrame(() => textareaRef.current?.focus());
      return;
    }
    setText('');
    setProblem(null);
    setPreparing(true);
    try {
      const response = await fetch(saved.attachment.url, { credentials: 'same-origin' });
      if (!response.ok) throw new Error(COPY.failedToProcessDocument);
      const blob = await response.blob();
      const file = new File([blob], saved.attachment.filename ?? saved.attachment.kind, {
        type: saved.attachment.mimeType,
      });
      const prepared = await prepareAttachment(file, saved.attachment.kind);
      setDraft(prepared);
      setCaption(content);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : COPY.failedToProcessDocument);
    } finally {
      setPreparing(false);
    }
  };

  const sendDraft = async () => {
    if (!draft) return;
    const captionProblem = validateCaption(caption);
    if (captionProblem) {
      setProblem(captionProblem);
      return;
    }
    const current = draft;
    setDraft(null);
    if (caption.trim() === trimmed) setText('');
    setCaption('');
    try {
      await onSendMedia(current, caption);
    } catch {
      // shown on the bubble and in a toast
    }
  };

  return (
    <div className="relative border-t border-slate-200 bg-[#f0f2f5]" data-testid="composer">
      {problem && (
        <div
          className="flex items-start gap-2 border-b border-red-100 bg-red-50 px-4 py-2 text-sm text-red-700"
          role="alert"
        >
          <span className="min-w-0 flex-1">{problem}</span>
          <button
            type="button"
            onClick={() => setProblem(null)}
            aria-label="Dismiss"
            className="rounded p-0.5 hover:bg-red-100"
          >
            <XIcon className="size-4" />
          </button>
        </div>
      )}
      {replyTo && <ReplyBar message={replyTo} contactName={contactName} onCancel={onCancelReply} />}
      {draft && (
        <AttachmentDraft
          draft={draft}
          caption={caption}
          onCaption={setCaption}
          onCancel={() => setDraft(null)}
          onSend={() => void sendDraft()}
        />
      )}
      {showEmoji && (
        <>
          <button
            type="button"
            aria-hidden="true"
            tabIndex={-1}
            className="fixed inset-0 z-20 cursor-default"
            onClick={() => setShowEmoji(false)}
          />
          <div className="absolute bottom-full left-3 z-30 mb-2 animate-pop-in">
            <Suspense fallback={<PickerFallback />}>
              <EmojiPicker onSelect={insertEmoji} />
            </Suspense>
          </div>
        </>
      )}
      {savedOpen && (
        <SavedPanel
          filter={slashFilter ?? ''}
          onPick={(saved) => void pickSaved(saved)}
          onClose={() => {
            setShowSaved(false);
            if (text.startsWith('/')) setText('');
          }}
        />
      )}
      {showAttach && (
        <AttachMenu onPick={(kind) => fileRefs[kind].current?.click()} onClose={() => setShowAttach(false)} />
      )}
      {(['image', 'video', 'document'] as const).map((kind) => (
        <input
          key={kind}
          ref={fileRefs[kind]}
          type="file"
          accept={ACCEPT[kind]}
          className="hidden"
          data-testid={`attach-${kind}`}
          aria-label={`Attach ${kind}`}
          onChange={(event) => {
            void handleFile(kind, event.target.files?.[0]);
            event.target.value = '';
          }}
        />
      ))}
      <div className="flex items-end gap-1.5 px-3 py-2.5">
        <button
          type="button"
          onClick={() => setShowEmoji((v) => !v)}
          aria-label="Emoji"
          aria-expanded={showEmoji}
          className={`flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-slate-200 ${showEmoji ? 'text-brand-700' : 'text-slate-500'}`}
        >
          <SmileIcon className="size-6" />
        </button>
        <button
          type="button"
          onClick={() => setShowAttach((v) => !v)}
          aria-label="Attach"
          aria-expanded={showAttach}
          disabled={preparing}
          className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-500 transition-colors hover:bg-slate-200"
        >
          {preparing ? <Spinner className="size-5" /> : <PaperclipIcon className="size-5.5" />}
        </button>
        <button
          type="button"
          onClick={() => setShowSaved((v) => !v)}
          aria-label="Saved messages"
          aria-expanded={savedOpen}
          className={`flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-slate-200 ${savedOpen ? 'text-brand-700' : 'text-slate-500'}`}
        >
          <BookmarkIcon className="size-5" />
        </button>
        <textarea
          ref={textareaRef}
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={handleKeyDown}
          rows={1}
          placeholder="Type a message"
          aria-label="Message"
          className="max-h-40 min-h-10 flex-1 resize-none rounded-lg bg-white px-3.5 py-2.5 text-[14.5px] leading-5 text-slate-900 shadow-xs ring-1 ring-slate-200 placeholder:text-slate-400 focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
        <button
          type="button"
          onClick={() => void submit()}
          disabled={!canSubmit}
          aria-label="Send"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:bg-slate-300 disabled:shadow-none"
        >
          {isSending ? <Spinner className="size-4.5" /> : <SendHorizontalIcon className="size-5" />}
        </button>
      </div>
    </div>
  );
}
