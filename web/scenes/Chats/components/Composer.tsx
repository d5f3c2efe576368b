import type { InboxMessage } from '@common/api/inbox';
import type { SavedMessageView } from '@common/api/saved-messages';
import { BookmarkIcon, LayoutTemplateIcon, LockIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, lazy, Suspense, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { Autocomplete } from 'react-aria-components';
import type { RichSend } from '../../../api/richSends';
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
import { AttachMenu } from './composer/AttachMenu';
import { AttachmentDraft, ReplyBar } from './composer/ComposerBars';
import { EmojiButton } from './composer/EmojiButton';
import { MessageInput } from './composer/MessageInput';
import { isSuggestKey, SuggestButton, SuggestionNotice } from './composer/SuggestButton';
import { useSuggestion } from './composer/useSuggestion';
import { useVoiceRecorder } from './composer/useVoiceRecorder';
import { MicButton, RecordingBar } from './composer/VoiceRecorder';
import { RichDialogs, type RichKind } from './interactive/RichDialogs';

// The '/' list (React Aria's list box) is downloaded the first time it opens.
const SavedPanel = lazy(() => import('./composer/SavedPanel').then((m) => ({ default: m.SavedPanel })));

type ComposerProps = {
  /** Turns on "Suggest reply" and the AI rewrites for this contact's chat. */
  contactId?: string;
  contactName: string;
  /** Free-form messages allowed (inside the 24-hour window). */
  canSend: boolean;
  /** The customer never wrote: there is no window to be inside of. */
  neverMessaged: boolean;
  replyTo: InboxMessage | null;
  onCancelReply: () => void;
  onSendText: (text: string) => Promise<unknown>;
  onSendMedia: (attachment: PreparedAttachment, caption: string) => Promise<unknown>;
  /** Reply buttons, a list, a link button, a location or a contact card from the attach menu. */
  onSendRich?: (send: RichSend) => Promise<unknown>;
  /** A microphone recording, sent as a voice note; without it the composer has no microphone. */
  onSendVoice?: (recording: File) => Promise<unknown>;
  onOpenTemplates: () => void;
};

const MAX_TEXTAREA_PX = 160;

/** The bottom of the conversation: text, emoji, attachments, the reply bar, or the window lock. */
export function Composer({
  contactId,
  contactName,
  canSend,
  neverMessaged,
  replyTo,
  onCancelReply,
  onSendText,
  onSendMedia,
  onSendRich,
  onSendVoice,
  onOpenTemplates,
}: ComposerProps) {
  const [text, setText] = useState('');
  const [isSending, setSending] = useState(false);
  const [draft, setDraft] = useState<PreparedAttachment | null>(null);
  const [caption, setCaption] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [preparing, setPreparing] = useState(false);
  const [showSaved, setShowSaved] = useState(false);
  const [richOpen, setRichOpen] = useState<RichKind | null>(null);
  const textareaRef = useRef<HTMLTextAreaElement>(null);
  const fileRefs = {
    image: useRef<HTMLInputElement>(null),
    video: useRef<HTMLInputElement>(null),
    document: useRef<HTMLInputElement>(null),
  };

  const suggestion = useSuggestion({ contactId, text, setText, textareaRef });
  const voice = useVoiceRecorder(setProblem);
  const recording = voice.phase !== 'idle';
  // The window closing mid-recording ends it: nothing free-form may go out any more.
  useEffect(() => {
    if (!canSend && recording) voice.cancel();
  }, [canSend, recording, voice.cancel]);

  const slashFilter = text.startsWith('/') ? text.slice(1) : null;
  const savedOpen = showSaved || slashFilter !== null;

  const closeSaved = () => {
    setShowSaved(false);
    if (text.startsWith('/')) setText('');
    textareaRef.current?.focus();
  };
  // Escape from anywhere (the message box handles its own, before the Autocomplete's list does).
  useEscapeKey(savedOpen, closeSaved);

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

  // Kept open when the window closes meanwhile: the dialog then says so and offers templates.
  const dialogs = onSendRich ? (
    <RichDialogs
      open={richOpen}
      onClose={() => setRichOpen(null)}
      canSend={canSend}
      onOpenTemplates={onOpenTemplates}
      onSend={onSendRich}
    />
  ) : null;

  if (!canSend) {
    return (
      <div className="border-t border-slate-200 bg-[#f0f2f5] px-4 py-3" data-testid="composer-locked">
        {dialogs}
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
  const canSubmit = trimmed.length > 0 && !isSending && !suggestion.running;

  const submit = async () => {
    if (!canSubmit) return;
    setSending(true);
    setText('');
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
    if (event.nativeEvent.isComposing) return;
    if (contactId && isSuggestKey(event)) {
      event.preventDefault();
      if (suggestion.running) suggestion.stop();
      else suggestion.start('suggest');
      return;
    }
    if (event.key === 'Escape' && savedOpen) {
      event.preventDefault();
      closeSaved();
    }
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      // While the saved messages are open Enter picks the highlighted one (the list's Autocomplete);
      // '/…' searches them and is never sent.
      if (!savedOpen && !suggestion.running) void submit();
    }
  };

  /** At the caret the message box had when the picker opened; the caret moves past the emoji. */
  const insertEmoji = (emoji: string) => {
    const area = textareaRef.current;
    const start = area?.selectionStart ?? text.length;
    const end = area?.selectionEnd ?? text.length;
    setText(text.slice(0, start) + emoji + text.slice(end));
    requestAnimationFrame(() => area?.setSelectionRange(start + emoji.length, start + emoji.length));
  };

  const handleFile = async (kind: AttachKind, file: File | undefined) => {
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
    // Reply buttons, a list or a link button (issue 17) go out as they were saved.
    if (saved.interactive && onSendRich) {
      setText('');
      void onSendRich(saved.interactive).catch(() => {});
      return;
    }
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

  const sendVoice = async () => {
    const recorded = await voice.finish();
    requestAnimationFrame(() => textareaRef.current?.focus());
    if (!recorded || !onSendVoice) return;
    try {
      await onSendVoice(recorded);
    } catch {
      // shown on the bubble and in a toast
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
      {contactId && <SuggestionNotice suggestion={suggestion} />}
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
      {recording && <RecordingBar recorder={voice} onSend={() => void sendVoice()} />}
      <div className="flex items-end gap-1.5 px-3 py-2.5" hidden={recording}>
        <EmojiButton
          onPick={insertEmoji}
          onClosed={() => requestAnimationFrame(() => textareaRef.current?.focus())}
        />
        <AttachMenu
          busy={preparing}
          onPick={(kind) => {
            if (kind === 'image' || kind === 'video' || kind === 'document') fileRefs[kind].current?.click();
            else setRichOpen(kind);
          }}
        />
        {dialogs}
        <button
          type="button"
          onClick={() => {
            setShowSaved((v) => !v);
            textareaRef.current?.focus();
          }}
          aria-label="Saved messages"
          aria-expanded={savedOpen}
          className={`flex size-10 shrink-0 items-center justify-center rounded-full transition-colors hover:bg-slate-200 ${savedOpen ? 'text-brand-700' : 'text-slate-500'}`}
        >
          <BookmarkIcon className="size-5" />
        </button>
        {contactId && <SuggestButton suggestion={suggestion} hasDraft={trimmed !== ''} />}
        {/* The message box drives the saved-messages list: ↑/↓ move through it, Enter picks. */}
        <Autocomplete inputValue={text} onInputChange={setText} disableAutoFocusFirst>
          {savedOpen && (
            <Suspense fallback={null}>
              <SavedPanel
                filter={slashFilter ?? ''}
                onPick={(saved) => void pickSaved(saved)}
                onClose={closeSaved}
              />
            </Suspense>
          )}
          <MessageInput
            drivesList={savedOpen}
            readOnly={suggestion.running !== null}
            value={text}
            onChange={setText}
            onKeyDown={handleKeyDown}
            inputRef={textareaRef}
          />
        </Autocomplete>
        {onSendVoice && trimmed === '' && !isSending && !draft ? (
          <MicButton
            onClick={() => {
              setProblem(null);
              void voice.start();
            }}
            disabled={suggestion.running !== null}
          />
        ) : (
          <button
            type="button"
            onClick={() => void submit()}
            disabled={!canSubmit}
            aria-label="Send"
            className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:bg-slate-300 disabled:shadow-none"
          >
            {isSending ? <Spinner className="size-4.5" /> : <SendHorizontalIcon className="size-5" />}
          </button>
        )}
      </div>
    </div>
  );
}
