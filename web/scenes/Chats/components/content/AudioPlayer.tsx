import type { InboxMessage } from '@common/api/inbox';
import { HeadphonesIcon, MicIcon, PauseIcon, PlayIcon } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Spinner } from '../../../../components/Spinner';
import { COPY } from '../../../../copy';

function clock(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return '0:00';
  const whole = Math.floor(seconds);
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/**
 * A voice note (a green mic, 'Voice message') or an audio file (orange headphones): play/pause, a seek
 * bar and the time, like a phone shows it.
 */
export function AudioPlayer({ message }: { message: InboxMessage }) {
  const audioRef = useRef<HTMLAudioElement>(null);
  const [playing, setPlaying] = useState(false);
  const [position, setPosition] = useState(0);
  const [duration, setDuration] = useState(0);
  const [failed, setFailed] = useState(false);
  const media = message.media;
  const isVoice = message.content.kind === 'audio' && message.content.isVoice;
  const ready = media?.status === 'ready' && Boolean(media.url) && !failed;

  useEffect(() => {
    const audio = audioRef.current;
    return () => audio?.pause();
  }, []);

  const toggle = () => {
    const audio = audioRef.current;
    if (!audio) return;
    if (audio.paused) void audio.play().catch(() => setFailed(true));
    else audio.pause();
  };

  return (
    <div
      className="flex w-[270px] max-w-full items-center gap-3 py-1"
      data-testid={isVoice ? 'voice-note' : 'audio-file'}
    >
      <div className="relative shrink-0">
        <span
          className={`flex size-11 items-center justify-center rounded-full ${isVoice ? 'bg-brand-600 text-white' : 'bg-orange-500 text-white'}`}
        >
          {isVoice ? <MicIcon className="size-5" /> : <HeadphonesIcon className="size-5" />}
        </span>
      </div>
      <button
        type="button"
        onClick={toggle}
        disabled={!ready}
        aria-label={playing ? 'Pause' : 'Play'}
        className="flex size-8 shrink-0 items-center justify-center text-slate-600 disabled:text-slate-300"
      >
        {media?.status === 'pending' ? (
          <Spinner className="size-4" />
        ) : playing ? (
          <PauseIcon className="size-6" />
        ) : (
          <PlayIcon className="size-6" />
        )}
      </button>
      <div className="min-w-0 flex-1">
        <input
          type="range"
          min={0}
          max={duration || 1}
          step={0.1}
          value={position}
          disabled={!ready}
          aria-label={isVoice ? 'Voice message position' : 'Audio position'}
          onChange={(event) => {
            const audio = audioRef.current;
            if (audio) audio.currentTime = Number(event.target.value);
          }}
          className="h-1 w-full cursor-pointer accent-brand-600"
        />
        <div className="mt-1 flex justify-between text-[11px] text-slate-500">
          <span>
            {media?.status === 'pending'
              ? COPY.downloading
              : failed || media?.status === 'failed'
                ? 'Audio unavailable'
                : clock(playing || position > 0 ? position : duration)}
          </span>
          {isVoice && ready && <span>Voice message</span>}
        </div>
      </div>
      {media?.url && (
        // biome-ignore lint/a11y/useMediaCaption: voice notes have no caption track
        <audio
          ref={audioRef}
          src={media.url}
          preload="metadata"
          onLoadedMetadata={(event) => setDuration(event.currentTarget.duration)}
          onTimeUpdate={(event) => setPosition(event.currentTarget.currentTime)}
          onPlay={() => setPlaying(true)}
          onPause={() => setPlaying(false)}
          onEnded={() => {
            setPlaying(false);
            setPosition(0);
          }}
          onError={() => setFailed(true)}
          className="hidden"
        />
      )}
    </div>
  );
}
