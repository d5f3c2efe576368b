import type { SavedMessagesResponse, SavedMessageView } from '@common/api/saved-messages';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../test/render';
import { listPreview, SavedMessagesSettings } from './SavedMessagesSettings';

const saved = (name: string, fields: Partial<SavedMessageView> = {}): SavedMessageView => ({
  id: `s_${name.length}`,
  name,
  content: 'We open at 9.',
  mediaType: 'text',
  attachment: null,
  interactive: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...fields,
});

const view = (owner: boolean, list: SavedMessageView[]): SavedMessagesResponse => ({
  savedMessages: list,
  abilities: { create: owner, edit: owner, delete: owner },
});

describe('SavedMessagesSettings', () => {
  it('cuts previews at 150 for text and 100 for captions', () => {
    const long = 'x'.repeat(200);
    expect(listPreview({ content: long, mediaType: 'text' })).toBe(`${'x'.repeat(150)}...`);
    expect(listPreview({ content: long, mediaType: 'image' })).toBe(`${'x'.repeat(100)}...`);
  });

  it('shows members the list read-only, with the attachment', async () => {
    mockApi({
      'GET /api/saved-messages': {
        body: view(false, [
          saved('Price list', {
            mediaType: 'document',
            attachment: {
              id: 'm1',
              kind: 'document',
              mimeType: 'application/pdf',
              filename: 'prices.pdf',
              size: 10,
              url: '/api/media/m1',
            },
          }),
        ]),
      },
    });
    renderScreen(<SavedMessagesSettings />, { path: '/app/settings/saved-messages' });
    await waitFor(() => expect(screen.getAllByTestId('saved-message')).toHaveLength(1));
    expect(screen.getByTestId('saved-read-only')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Create Saved Message' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit|Delete/ })).toBeNull();
    expect(screen.getByTestId('saved-message-attachment').textContent).toBe('document: prices.pdf');
  });

  it('lets the owner create one: Save disabled until a title, spec message for a bad file', async () => {
    let posted: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/saved-messages': { body: view(true, []) },
      'POST /api/saved-messages': (init) => {
        posted = JSON.parse(String(init?.body));
        return { status: 201, body: { savedMessage: saved('Hours') } };
      },
    });
    const user = userEvent.setup({ applyAccept: false });
    renderScreen(<SavedMessagesSettings />, { path: '/app/settings/saved-messages' });
    await user.click(await screen.findByRole('button', { name: 'Create Saved Message' }));
    const dialog = screen.getByRole('dialog');
    const save = within(dialog).getByRole('button', { name: 'Save' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const gif = new File(['GIF89a'], 'cat.gif', { type: 'image/gif' });
    await user.upload(within(dialog).getByLabelText('Upload Attachment'), gif);
    expect(within(dialog).getByTestId('saved-message-error').textContent).toBe(
      'Unsupported file type. Supported types for images are: jpeg, png',
    );
    const huge = new File([new Uint8Array(6 * 1024 * 1024)], 'big.png', { type: 'image/png' });
    await user.upload(within(dialog).getByLabelText('Upload Attachment'), huge);
    expect(within(dialog).getByTestId('saved-message-error').textContent).toBe(
      'File size too large. Maximum size for images is 5MB',
    );

    await user.type(within(dialog).getByLabelText('Title'), 'Hours');
    await user.type(within(dialog).getByLabelText('Message'), 'We open at 9.');
    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() =>
      expect(posted).toEqual({ name: 'Hours', content: 'We open at 9.', attachmentId: null }),
    );
  });

  it('asks before deleting, with the name cut at 30', async () => {
    let deleted = false;
    const long = 'A very long saved message title that goes on';
    mockApi({
      'GET /api/saved-messages': { body: view(true, [saved(long)]) },
      [`DELETE /api/saved-messages/${saved(long).id}`]: () => {
        deleted = true;
        return { status: 204 };
      },
    });
    const user = userEvent.setup();
    renderScreen(<SavedMessagesSettings />, { path: '/app/settings/saved-messages' });
    await user.click(await screen.findByRole('button', { name: `Delete ${long}` }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete Saved Message' });
    expect(dialog.textContent).toContain(`"${long.slice(0, 30)}..."`);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(deleted).toBe(true));
  });
});
