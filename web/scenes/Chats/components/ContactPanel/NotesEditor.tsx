import { CONTACT_MSG, NOTES_MAX_LENGTH } from '@common/api/contact-details';
import { useQueryClient } from '@tanstack/react-query';
import { CheckIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { saveNotes } from '../../../../api/contactDetails';
import { Button } from '../../../../components/Button';

/** The counter turns orange when fewer than this many characters remain (spec §5). */
export const NOTES_WARN_REMAINING = 50;

export type CounterTone = 'normal' | 'warn' | 'over';

/** Counts what will be saved: the trimmed text. */
export function notesCounter(text: string): { length: number; tone: CounterTone } {
  const length = text.trim().length;
  if (length > NOTES_MAX_LENGTH) return { length, tone: 'over' };
  if (NOTES_MAX_LENGTH - length < NOTES_WARN_REMAINING) return { length, tone: 'warn' };
  return { length, tone: 'normal' };
}

const TONE_CLASSES: Record<CounterTone, string> = {
  normal: 'text-slate-400',
  warn: 'text-orange-600',
  over: 'font-semibold text-red-600',
};

/** Unsaved drafts by contact, so closing the panel or switching chats does not lose them. */
const drafts = new Map<string, string>();

type Status = 'idle' | 'saving' | 'saved' | 'failed';

type NotesEditorProps = { contactId: string /** The saved notes (the live header row's). */; notes: string };

/**
 * The contact's notes (spec §5): up to 500 characters, trimmed; Enter saves, Shift+Enter adds a line,
 * Escape puts the saved text back. A teammate's change shows at once unless this one is being edited.
 */
export function NotesEditor({ contactId, notes }: NotesEditorProps) {
  const client = useQueryClient();
  const [draft, setDraft] = useState(() => drafts.get(contactId) ?? notes);
  // The saved text the draft started from: a change of the saved text while editing is a teammate's.
  const [base, setBase] = useState(notes);
  // What this editor just saved, until the cached row (updated a moment later) shows it too.
  const [justSaved, setJustSaved] = useState<string | null>(null);
  const [changedByTeammate, setChangedByTeammate] = useState(false);
  const [status, setStatus] = useState<Status>('idle');
  const counterId = useId();
  const messageId = useId();
  const savedTimer = useRef<ReturnType<typeof setTimeout>>(undefined);

  if (notes !== base) {
    setBase(notes);
    setJustSaved(null);
    if (draft === base || draft === notes || draft === justSaved) {
      setDraft(notes);
      setChangedByTeammate(false);
    } else {
      setChangedByTeammate(true);
    }
  }

  const saved = justSaved ?? notes;
  const isDirty = draft !== saved;
  const { length, tone } = notesCounter(draft);
  const isTooLong = tone === 'over';
  const isSaving = status === 'saving';

  useEffect(() => {
    if (isDirty) drafts.set(contactId, draft);
    else drafts.delete(contactId);
  }, [contactId, draft, isDirty]);
  useEffect(() => () => clearTimeout(savedTimer.current), []);

  const cancel = () => {
    setDraft(saved);
    setChangedByTeammate(false);
    setStatus('idle');
  };

  const save = async () => {
    if (isTooLong || isSaving) return;
    const trimmed = draft.trim();
    if (trimmed === saved) {
      cancel();
      return;
    }
    setStatus('saving');
    try {
      const stored = await saveNotes(client, contactId, trimmed);
      setJustSaved(stored);
      setDraft(stored);
      setChangedByTeammate(false);
      setStatus('saved');
      clearTimeout(savedTimer.current);
      savedTimer.current = setTimeout(() => setStatus((s) => (s === 'saved' ? 'idle' : s)), 2_000);
    } catch {
      setStatus('failed');
    }
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void save();
    } else if (event.key === 'Escape' && (isDirty || status === 'failed')) {
      // Handled here: the panel closes on Escape only when there is nothing to cancel.
      event.preventDefault();
      cancel();
    }
  };

  let message: { text: string; tone: 'error' | 'info' | 'success' } | null = null;
  if (isTooLong) message = { text: CONTACT_MSG.notesTooLong, tone: 'error' };
  else if (status === 'failed') message = { text: CONTACT_MSG.saveNotesFailed, tone: 'error' };
  else if (changedByTeammate)
    message = {
      text: 'A teammate changed these notes while you were editing. Save to keep yours, or press Escape to see theirs.',
      tone: 'info',
    };
  else if (status === 'saved') message = { text: 'Saved', tone: 'success' };
  else if (isDirty) message = { text: 'Enter to save · Shift+Enter for a new line', tone: 'info' };

  return (
    <div data-testid="contact-notes">
      <textarea
        value={draft}
        onChange={(event) => {
          setDraft(event.target.value);
          if (status === 'failed' || status === 'saved') setStatus('idle');
        }}
        onKeyDown={handleKeyDown}
        readOnly={isSaving}
        placeholder={CONTACT_MSG.notesPlaceholder}
        aria-label="Notes"
        aria-invalid={isTooLong || undefined}
        aria-describedby={`${counterId} ${messageId}`}
        rows={3}
        className={`block max-h-64 min-h-[5.5rem] w-full resize-none rounded-lg border bg-white px-3 py-2.5 text-sm leading-relaxed text-slate-900 [field-sizing:content] placeholder:text-slate-400 focus:ring-2 focus:outline-none ${
          isTooLong
            ? 'border-red-300 focus:border-red-400 focus:ring-red-500/20'
            : 'border-slate-200 hover:border-slate-300 focus:border-brand-500 focus:ring-brand-500/20'
        }`}
      />
      <div className="mt-1.5 flex min-h-5 items-start justify-between gap-3">
        <p
          id={messageId}
          role={message?.tone === 'error' ? 'alert' : undefined}
          data-testid="notes-message"
          className={`min-w-0 text-xs leading-5 ${
            message?.tone === 'error'
              ? 'font-medium text-red-600'
              : message?.tone === 'success'
                ? 'inline-flex items-center gap-1 font-medium text-brand-700'
                : 'text-slate-500'
          }`}
        >
          {message?.tone === 'success' && <CheckIcon className="size-3.5" />}
          {message?.text}
        </p>
        <span
          id={counterId}
          data-testid="notes-counter"
          data-tone={tone}
          className={`shrink-0 text-xs leading-5 tabular-nums ${TONE_CLASSES[tone]}`}
        >
          {length}/{NOTES_MAX_LENGTH}
        </span>
      </div>
      {(isDirty || isSaving) && (
        <div className="mt-2 flex justify-end gap-2">
          <Button variant="ghost" size="sm" onClick={cancel} disabled={isSaving}>
            Cancel
          </Button>
          <Button
            variant="primary"
            size="sm"
            onClick={() => void save()}
            disabled={isTooLong}
            isLoading={isSaving}
            loadingText="Saving..."
          >
            Save
          </Button>
        </div>
      )}
    </div>
  );
}
