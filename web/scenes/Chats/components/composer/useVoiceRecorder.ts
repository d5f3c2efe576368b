import { INBOX_MSG } from '@common/api/inbox';
import { useCallback, useEffect, useRef, useState } from 'react';

/** Longest recording; the recorder stops there and keeps what it has for Send or Cancel. */
export const VOICE_MAX_SECONDS = 10 * 60;

/**
 * What the browser can record, best first: Opus in any container (Chromium and Edge: WebM; Firefox: WebM
 * or Ogg; Safari 18.4+: MP4), which the server copies into Ogg in process. The bare types come last:
 * Safari's plain `audio/mp4` is AAC, which only a server with FFMPEG_PATH can convert.
 */
export const RECORDING_TYPES = [
  'audio/webm;codecs=opus',
  'audio/ogg;codecs=opus',
  'audio/mp4;codecs=opus',
  'audio/webm',
  'audio/ogg',
  'audio/mp4',
];

const EXTENSION: Record<string, string> = { 'audio/ogg': 'ogg', 'audio/webm': 'webm', 'audio/mp4': 'm4a' };

export type VoicePhase = 'idle' | 'starting' | 'recording' | 'stopped';

export type VoiceRecorder = {
  phase: VoicePhase;
  /** Whole seconds recorded so far. */
  seconds: number;
  start: () => Promise<void>;
  /** Discards the recording and releases the microphone. */
  cancel: () => void;
  /** Stops and hands over the recording (null when nothing was recorded). */
  finish: () => Promise<File | null>;
};

/** The first of RECORDING_TYPES the browser says it records; undefined: let it choose. */
export function pickRecordingType(
  isTypeSupported: ((type: string) => boolean) | undefined,
): string | undefined {
  if (typeof isTypeSupported !== 'function') return undefined;
  return RECORDING_TYPES.find((type) => isTypeSupported(type));
}

function recordingFile(chunks: Blob[], mimeType: string): File | null {
  const type = mimeType || chunks[0]?.type || 'audio/webm';
  const blob = new Blob(chunks, { type });
  if (blob.size === 0) return null;
  const extension = EXTENSION[type.split(';')[0]?.trim() ?? ''] ?? 'webm';
  return new File([blob], `voice-note.${extension}`, { type });
}

/**
 * Records the microphone with MediaRecorder for a voice note: `start` asks for the microphone (a
 * refusal or no device reports INBOX_MSG.microphoneDenied through `onError`), a timer counts the
 * seconds, and at VOICE_MAX_SECONDS the recording stops by itself. The microphone is released on
 * cancel, finish and unmount.
 */
export function useVoiceRecorder(onError: (message: string) => void): VoiceRecorder {
  const [phase, setPhase] = useState<VoicePhase>('idle');
  const [seconds, setSeconds] = useState(0);
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const stoppedRef = useRef<Promise<void> | null>(null);
  const timerRef = useRef<ReturnType<typeof setInterval> | null>(null);
  const cancelledRef = useRef(false);

  const release = useCallback(() => {
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
    for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    streamRef.current = null;
  }, []);

  const stopRecorder = useCallback((): Promise<void> => {
    const recorder = recorderRef.current;
    if (timerRef.current) clearInterval(timerRef.current);
    timerRef.current = null;
    if (!recorder || recorder.state === 'inactive') return stoppedRef.current ?? Promise.resolve();
    recorder.stop();
    return stoppedRef.current ?? Promise.resolve();
  }, []);

  const cancel = useCallback(() => {
    cancelledRef.current = true;
    void stopRecorder();
    release();
    recorderRef.current = null;
    chunksRef.current = [];
    setPhase('idle');
    setSeconds(0);
  }, [release, stopRecorder]);

  const start = useCallback(async () => {
    if (recorderRef.current) return;
    cancelledRef.current = false;
    if (!navigator.mediaDevices?.getUserMedia || typeof MediaRecorder === 'undefined') {
      onError(INBOX_MSG.microphoneDenied);
      return;
    }
    setPhase('starting');
    let stream: MediaStream;
    try {
      stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, echoCancellation: true, noiseSuppression: true },
      });
    } catch {
      setPhase('idle');
      onError(INBOX_MSG.microphoneDenied);
      return;
    }
    if (cancelledRef.current) {
      for (const track of stream.getTracks()) track.stop();
      return;
    }
    streamRef.current = stream;
    const mimeType = pickRecordingType(MediaRecorder.isTypeSupported?.bind(MediaRecorder));
    const recorder = new MediaRecorder(stream, mimeType ? { mimeType, audioBitsPerSecond: 32_000 } : {});
    chunksRef.current = [];
    recorder.ondataavailable = (event) => {
      if (event.data.size > 0) chunksRef.current.push(event.data);
    };
    stoppedRef.current = new Promise((resolve) => {
      recorder.onstop = () => resolve();
    });
    recorderRef.current = recorder;
    recorder.start(250);
    const startedAt = Date.now();
    setSeconds(0);
    setPhase('recording');
    timerRef.current = setInterval(() => {
      const elapsed = Math.floor((Date.now() - startedAt) / 1000);
      setSeconds(Math.min(elapsed, VOICE_MAX_SECONDS));
      if (elapsed >= VOICE_MAX_SECONDS) {
        void stopRecorder();
        setPhase('stopped');
      }
    }, 250);
  }, [onError, stopRecorder]);

  const finish = useCallback(async (): Promise<File | null> => {
    const recorder = recorderRef.current;
    if (!recorder) return null;
    await stopRecorder();
    release();
    const file = recordingFile(chunksRef.current, recorder.mimeType);
    recorderRef.current = null;
    chunksRef.current = [];
    setPhase('idle');
    setSeconds(0);
    return file;
  }, [release, stopRecorder]);

  // Leaving the chat mid-recording drops the recording and frees the microphone.
  useEffect(
    () => () => {
      cancelledRef.current = true;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== 'inactive') recorder.stop();
      if (timerRef.current) clearInterval(timerRef.current);
      for (const track of streamRef.current?.getTracks() ?? []) track.stop();
    },
    [],
  );

  return { phase, seconds, start, cancel, finish };
}
