import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderComposer } from './renderComposer';
import { pickRecordingType } from './useVoiceRecorder';

/**
 * The composer's voice recorder. happy-dom has no microphone: a small stand-in MediaRecorder and
 * getUserMedia play the browser's part (the e2e test records with Chromium's fake device).
 */

const stoppedTracks: string[] = [];
let deny = false;

class FakeMediaRecorder {
  static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
  state: 'inactive' | 'recording' = 'inactive';
  mimeType: string;
  ondataavailable: ((event: { data: Blob }) => void) | null = null;
  onstop: (() => void) | null = null;
  constructor(_stream: unknown, options: { mimeType?: string } = {}) {
    this.mimeType = options.mimeType ?? '';
  }
  start() {
    this.state = 'recording';
  }
  stop() {
    this.state = 'inactive';
    this.ondataavailable?.({ data: new Blob(['webm-opus-bytes'], { type: this.mimeType }) });
    this.onstop?.();
  }
}

beforeEach(() => {
  deny = false;
  stoppedTracks.length = 0;
  vi.stubGlobal('MediaRecorder', FakeMediaRecorder);
  Object.defineProperty(navigator, 'mediaDevices', {
    configurable: true,
    value: {
      getUserMedia: async () => {
        if (deny) throw new DOMException('Permission denied', 'NotAllowedError');
        return { getTracks: () => [{ stop: () => stoppedTracks.push('mic') }] };
      },
    },
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('recording a voice note from the composer', () => {
  it('the microphone takes the Send button’s place while the message box is empty', async () => {
    const user = userEvent.setup();
    renderComposer({ onSendVoice: vi.fn(async () => {}) });
    expect(screen.getByRole('button', { name: 'Record voice message' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Send' })).toBeNull();
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'Hi');
    expect(screen.queryByRole('button', { name: 'Record voice message' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toHaveProperty('disabled', false);
  });

  it('records with a running timer and sends the recording as a file', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    const props = renderComposer({ onSendVoice: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Record voice message' }));
    const timer = await screen.findByRole('timer', { name: 'Recording time' });
    expect(timer.textContent).toBe('0:00');
    expect(screen.getByRole('status').textContent).toBe('Recording voice message');
    // The message box is out of the way; Send has the focus so Enter sends.
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Send voice message' })),
    );
    await act(async () => {
      vi.advanceTimersByTime(65_000);
    });
    expect(timer.textContent).toBe('1:05');

    await user.click(screen.getByRole('button', { name: 'Send voice message' }));
    await waitFor(() => expect(props.onSendVoice).toHaveBeenCalledTimes(1));
    const file = (props.onSendVoice as ReturnType<typeof vi.fn>).mock.calls[0]![0] as File;
    expect(file.name).toBe('voice-note.webm');
    expect(file.type).toBe('audio/webm;codecs=opus');
    expect(stoppedTracks).toEqual(['mic']);
    expect(screen.queryByTestId('voice-recorder')).toBeNull();
    expect(screen.getByRole('button', { name: 'Record voice message' })).toBeTruthy();
  });

  it('Cancel and Escape discard the recording and free the microphone', async () => {
    const user = userEvent.setup();
    const props = renderComposer({ onSendVoice: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Record voice message' }));
    await user.click(await screen.findByRole('button', { name: 'Cancel recording' }));
    expect(screen.queryByTestId('voice-recorder')).toBeNull();
    expect(stoppedTracks).toEqual(['mic']);

    await user.click(screen.getByRole('button', { name: 'Record voice message' }));
    await screen.findByTestId('voice-recorder');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByTestId('voice-recorder')).toBeNull());
    expect(stoppedTracks).toEqual(['mic', 'mic']);
    expect(props.onSendVoice).not.toHaveBeenCalled();
  });

  it('says how to allow the microphone when the browser refuses it', async () => {
    deny = true;
    const user = userEvent.setup();
    const props = renderComposer({ onSendVoice: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Record voice message' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Allow microphone access to record a voice message',
    );
    expect(screen.queryByTestId('voice-recorder')).toBeNull();
    expect(props.onSendVoice).not.toHaveBeenCalled();
  });

  it('stops by itself at ten minutes and waits for Send or Cancel', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    renderComposer({ onSendVoice: vi.fn(async () => {}) });
    await user.click(screen.getByRole('button', { name: 'Record voice message' }));
    await screen.findByRole('timer');
    await act(async () => {
      vi.advanceTimersByTime(11 * 60_000);
    });
    expect(screen.getByRole('timer').textContent).toBe('10:00');
    expect(screen.getByRole('status').textContent).toBe('Stopped at the 10-minute limit');
    expect(stoppedTracks).toEqual([]); // released on Send or Cancel
    expect(screen.getByRole('button', { name: 'Send voice message' })).toHaveProperty('disabled', false);
  });
});

describe('the recording format the browser is asked for', () => {
  const supports =
    (...types: string[]) =>
    (type: string) =>
      types.includes(type);

  it('prefers Opus, which the server copies into a voice note without ffmpeg', () => {
    // Chromium and Edge
    expect(pickRecordingType(supports('audio/webm;codecs=opus', 'audio/webm', 'audio/mp4'))).toBe(
      'audio/webm;codecs=opus',
    );
    // Firefox
    expect(pickRecordingType(supports('audio/ogg;codecs=opus', 'audio/webm;codecs=opus', 'audio/ogg'))).toBe(
      'audio/webm;codecs=opus',
    );
    expect(pickRecordingType(supports('audio/ogg;codecs=opus', 'audio/ogg'))).toBe('audio/ogg;codecs=opus');
    // Safari 18.4+: Opus in MP4 before its default AAC
    expect(pickRecordingType(supports('audio/mp4', 'audio/mp4;codecs=opus'))).toBe('audio/mp4;codecs=opus');
  });

  it('falls back to what the browser records, or leaves it to the browser', () => {
    expect(pickRecordingType(supports('audio/mp4'))).toBe('audio/mp4');
    expect(pickRecordingType(supports())).toBeUndefined();
    expect(pickRecordingType(undefined)).toBeUndefined();
  });
});
