import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Composer } from './Composer';
import { renderComposer } from './composer/renderComposer';

const setup = renderComposer;

describe('Composer', () => {
  it('sends the trimmed text on Enter and keeps Shift+Enter for a new line', async () => {
    const user = userEvent.setup();
    const props = setup();
    const box = screen.getByRole('textbox', { name: 'Message' });
    await user.type(box, '  Hello{Shift>}{Enter}{/Shift}there  ');
    expect(props.onSendText).not.toHaveBeenCalled();
    await user.keyboard('{Enter}');
    expect(props.onSendText).toHaveBeenCalledWith('Hello\nthere');
    await waitFor(() => expect(box).toHaveProperty('value', ''));
  });

  it('disables Send while the text is blank', async () => {
    const user = userEvent.setup();
    setup();
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), '   ');
    expect(send).toHaveProperty('disabled', true);
    await user.type(screen.getByRole('textbox', { name: 'Message' }), 'x');
    expect(send).toHaveProperty('disabled', false);
  });

  it('shows the reply bar with a cancel button', async () => {
    const user = userEvent.setup();
    const replyTo = { direction: 'incoming', preview: 'Is it ready?' } as Parameters<
      typeof Composer
    >[0]['replyTo'];
    const props = setup({ replyTo });
    expect(screen.getByTestId('reply-bar').textContent).toContain('Replying to Maya Patel');
    await user.click(screen.getByRole('button', { name: 'Cancel reply' }));
    expect(props.onCancelReply).toHaveBeenCalled();
  });

  it('refuses a GIF before uploading anything', async () => {
    const props = setup();
    const input = screen.getByTestId('attach-image');
    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'a.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe('Only JPEG and PNG images are supported');
    expect(props.onSendMedia).not.toHaveBeenCalled();
  });

  it('is locked outside the window and offers templates', async () => {
    const user = userEvent.setup();
    const props = setup({ canSend: false });
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(screen.getByTestId('composer-locked').textContent).toContain('24-hour messaging window is closed');
    await user.click(screen.getByRole('button', { name: 'Send Template Message' }));
    expect(props.onOpenTemplates).toHaveBeenCalled();
  });

  it('tells a first contact to start with a template', () => {
    setup({ canSend: false, neverMessaged: true });
    expect(screen.getByTestId('composer-locked').textContent).toContain('Maya Patel hasn’t messaged you yet');
  });
});
