import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderComposer } from '../composer/renderComposer';

/**
 * The attach menu offers the rich messages next to files, by keyboard too; a dialog sends through the
 * composer with the type it is for, and Escape closes it back to the message box's chat.
 */
describe('the attach menu’s message types', () => {
  it('lists them after the files, and opens each one’s dialog by keyboard', async () => {
    const user = userEvent.setup();
    const onSendRich = vi.fn(async () => {});
    renderComposer({ onSendRich });
    await user.click(screen.getByRole('button', { name: 'Attach' }));
    const menu = screen.getByRole('menu', { name: 'Attach' });
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.textContent),
    ).toEqual(['Photo', 'Video', 'Document', 'Location', 'Contact', 'Reply buttons', 'List', 'Link button']);
    // Typeahead: 'R' moves to Reply buttons, Enter opens it.
    await user.keyboard('R');
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reply buttons' });
    await user.type(within(dialog).getByLabelText('Message'), 'Ready?');
    await user.type(within(dialog).getByLabelText('Button 1'), 'Yes');
    await user.click(within(dialog).getByRole('button', { name: 'Send buttons' }));
    expect(onSendRich).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'buttons', body: 'Ready?', buttons: [{ title: 'Yes' }] }),
    );
    expect(screen.queryByRole('dialog')).toBeNull();
  });
});
