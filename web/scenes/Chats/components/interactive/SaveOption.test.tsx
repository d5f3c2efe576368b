import { SAVED_MSG } from '@common/api/saved-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/render';
import { HEADER_FILE_MISSING } from './HeaderChoice';
import { RichDialogs, type RichKind } from './RichDialogs';

/**
 * Issue 17: the reply-buttons, list and link-button dialogs keep the message as a saved message when
 * asked (owners only, a name required), and reply buttons take a file header that must be chosen.
 */

vi.setConfig({ testTimeout: 30_000 });

function open(kind: RichKind, owner: boolean) {
  const posted: unknown[] = [];
  mockApi({
    'GET /api/saved-messages': {
      body: { savedMessages: [], abilities: { create: owner, edit: owner, delete: owner } },
    },
    'POST /api/saved-messages': (init) => {
      posted.push(JSON.parse(String(init?.body)));
      return { status: 201, body: { savedMessage: {} } };
    },
  });
  const props = { onClose: vi.fn(), onOpenTemplates: vi.fn(), onSend: vi.fn(async () => {}) };
  renderScreen(<RichDialogs open={kind} canSend {...props} />);
  return { ...props, posted, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

describe('save as saved message', () => {
  it('an owner keeps reply buttons with Save only: a name is required, nothing is sent', async () => {
    const { user, dialog, posted, onSend, onClose } = open('buttons', true);
    await user.type(within(dialog).getByLabelText('Message'), 'Shall we deliver tomorrow?');
    await user.type(within(dialog).getByLabelText('Button 1'), 'Yes');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Save as saved message' }));
    expect(within(dialog).getByText(SAVED_MSG.titleRequired)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send buttons' })).toHaveProperty('disabled', true);
    const saveOnly = within(dialog).getByRole('button', { name: 'Save only' });
    expect(saveOnly).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Saved message name'), 'Delivery question');
    await user.click(saveOnly);
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(posted).toEqual([
      {
        name: 'Delivery question',
        interactive: {
          type: 'buttons',
          // The dialog opens on a text header; left empty it is no header (the server drops it).
          header: '',
          body: 'Shall we deliver tomorrow?',
          footer: '',
          buttons: [{ title: 'Yes' }],
        },
      },
    ]);
    expect(onSend).not.toHaveBeenCalled();
  });

  it('saves a link button and sends it with Send', async () => {
    const { user, dialog, posted, onSend } = open('cta_url', true);
    await user.type(within(dialog).getByLabelText('Message'), 'Our shop');
    await user.type(within(dialog).getByLabelText('Button label'), 'Open');
    await user.type(within(dialog).getByLabelText('Link'), 'https://example.com');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Save as saved message' }));
    await user.type(within(dialog).getByLabelText('Saved message name'), 'Shop');
    await user.click(within(dialog).getByRole('button', { name: 'Send link button' }));
    await waitFor(() => expect(onSend).toHaveBeenCalled());
    expect(posted).toMatchObject([
      { name: 'Shop', interactive: { type: 'cta_url', body: 'Our shop', url: 'https://example.com' } },
    ]);
  });

  it('is not offered to a member (only owners create saved messages)', async () => {
    const { dialog } = open('list', false);
    await waitFor(() => expect(within(dialog).getByLabelText('Message')).toBeTruthy());
    // Let the saved-messages query answer before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(within(dialog).queryByRole('checkbox', { name: 'Save as saved message' })).toBeNull();
  });
});

describe('reply buttons header', () => {
  it('offers None, Text, Image, Video and Document; a file kind needs its file before Send', async () => {
    const { user, dialog } = open('buttons', false);
    const header = within(dialog).getByRole('group', { name: /Header/ });
    expect(
      within(header)
        .getAllByRole('radio')
        .map((r) => r.parentElement?.textContent),
    ).toEqual(['None', 'Text', 'Image', 'Video', 'Document']);
    await user.type(within(dialog).getByLabelText('Message'), 'Green or red?');
    await user.type(within(dialog).getByLabelText('Button 1'), 'Green');
    const send = within(dialog).getByRole('button', { name: 'Send buttons' });
    expect(send).toHaveProperty('disabled', false);

    await user.click(within(header).getByRole('radio', { name: 'Image' }));
    expect(within(dialog).getByLabelText('Image file')).toBeTruthy();
    expect(within(dialog).getByText(HEADER_FILE_MISSING)).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    // The preview keeps a place for the image.
    expect(within(dialog).getByTestId('interactive-header-media')).toBeTruthy();

    await user.click(within(header).getByRole('radio', { name: 'Text' }));
    await user.type(within(dialog).getByLabelText('Header text'), 'Colours');
    expect(send).toHaveProperty('disabled', false);
    expect(within(screen.getByTestId('phone-preview')).getByText('Colours')).toBeTruthy();
  });
});
