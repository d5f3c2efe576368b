import { MicIcon, SendHorizontalIcon, Trash2Icon } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useEscapeKey } from '../../../../hooks/useEscapeKey';
import { VOICE_MAX_SECONDS, type VoiceRecorder } from './useVoiceRecorder';

function clock(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/** The composer's microphone, in the Send button's place while the message box is empty. */
export function MicButton({ onClick, disabled }: { onClick: () => void; disabled?: boolean }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label="Record voice message"
      title="Record voice message"
      className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:bg-slate-300 disabled:shadow-none"
    >
      <MicIcon className="size-5" />
    </button>
  );
}

/**
 * The composer while recording: a red dot and the time (m:ss), Cancel (discards; Escape too) and
 * Send. Send has the focus, so Enter sends and Escape cancels from the keyboard. At the time limit
 * the recording stops by itself and waits for Send or Cancel.
 */
export function RecordingBar({ recorder, onSend }: { recorder: VoiceRecorder; onSend: () => void }) {
  const sendRef = useRef<HTMLButtonElement>(null);
  const recording = recorder.phase === 'recording';
  const stopped = recorder.phase === 'stopped';

  useEscapeKey(true, recorder.cancel);
  useEffect(() => {
    if (recording || stopped) sendRef.current?.focus();
  }, [recording, stopped]);

  return (
    <div className="flex items-center gap-2 px-3 py-2.5" data-testid="voice-recorder">
      <button
        type="button"
        onClick={recorder.cancel}
        aria-label="Cancel recording"
        title="Cancel recording (Esc)"
        className="flex size-10 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-200 hover:text-red-700"
      >
        <Trash2Icon className="size-5" />
      </button>
      <div className="flex min-w-0 flex-1 items-center gap-3 rounded-full bg-white px-4 py-2 shadow-xs ring-1 ring-slate-200">
        <span
          aria-hidden="true"
          className={`size-2.5 shrink-0 rounded-full bg-red-600 ${recording ? 'motion-safe:animate-pulse' : ''}`}
        />
        <span
          role="timer"
          aria-label="Recording time"
          className="font-mono text-sm text-slate-800 tabular-nums"
        >
          {clock(recorder.seconds)}
        </span>
        <span role="status" className="min-w-0 truncate text-sm text-slate-600">
          {recorder.phase === 'starting'
            ? 'Starting the microphone…'
            : stopped
              ? `Stopped at the ${VOICE_MAX_SECONDS / 60}-minute limit`
              : 'Recording voice message'}
        </span>
      </div>
      <button
        ref={sendRef}
        type="button"
        onClick={onSend}
        disabled={!recording && !stopped}
        aria-label="Send voice message"
        title="Send voice message"
        className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brand-600 text-white shadow-sm transition-colors hover:bg-brand-700 disabled:bg-slate-300 disabled:shadow-none"
      >
        <SendHorizontalIcon className="size-5" />
      </button>
    </div>
  );
}
