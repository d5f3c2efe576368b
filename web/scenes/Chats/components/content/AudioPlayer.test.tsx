import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { inboxMessage } from '../../../../test/inboxMessage';
import { renderScreen } from '../../../../test/render';
import { AudioPlayer } from './AudioPlayer';

/** A customer's (or our) voice note reads as a voice message; an attached audio file does not. */

const audio = (isVoice: boolean) =>
  inboxMessage({
    direction: 'incoming',
    type: 'audio',
    content: {
      kind: 'audio',
      isVoice,
      media: { id: 'm', mimeType: 'audio/ogg', sha256: null, caption: null, filename: null, url: null },
    },
    media: {
      id: 'media-1',
      kind: 'audio',
      mimeType: 'audio/ogg',
      filename: null,
      fileSize: 2048,
      status: 'ready',
      url: '/api/media/media-1',
      thumbnailUrl: null,
    },
  });

describe('AudioPlayer', () => {
  it('draws a voice note (webhook audio.voice: true) with a mic and "Voice message"', () => {
    renderScreen(<AudioPlayer message={audio(true)} />);
    expect(screen.getByTestId('voice-note').textContent).toContain('Voice message');
    expect(screen.getByRole('slider', { name: 'Voice message position' })).toBeTruthy();
    expect(screen.queryByTestId('audio-file')).toBeNull();
  });

  it('draws an audio file without the voice-message label', () => {
    renderScreen(<AudioPlayer message={audio(false)} />);
    expect(screen.getByTestId('audio-file').textContent).not.toContain('Voice message');
    expect(screen.getByRole('slider', { name: 'Audio position' })).toBeTruthy();
    expect(screen.queryByTestId('voice-note')).toBeNull();
  });
});
