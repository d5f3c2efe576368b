import { TAG_MSG } from '@common/api/tags';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/render';
import { Toaster } from '../../../../ui/Toast';
import { TagPicker } from './TagPicker';

const TAGS = [
  { id: 't1', name: 'VIP', contactCount: 3 },
  { id: 't2', name: 'Wholesale', contactCount: 1 },
  { id: 't3', name: 'Vendor', contactCount: 0 },
];

function setup(handlers: Parameters<typeof mockApi>[0] = {}, checked: string[] = []) {
  const fetchMock = mockApi({ 'GET /api/tags': { body: { tags: TAGS } }, ...handlers });
  const onToggle = vi.fn();
  const user = userEvent.setup();
  renderScreen(
    <>
      <TagPicker checked={new Set(checked)} onToggle={onToggle} />
      <Toaster />
    </>,
  );
  const input = screen.getByRole('textbox', { name: TAG_MSG.searchPlaceholder });
  return { user, onToggle, input, fetchMock };
}

const names = () => screen.queryAllByRole('checkbox').map((box) => box.closest('label')?.textContent);

describe('TagPicker', () => {
  it('lists the tags with a box each, ticked for the ones the contact carries', async () => {
    setup({}, ['t2']);
    expect(await screen.findByRole('checkbox', { name: /Wholesale/ })).toHaveProperty('checked', true);
    expect(screen.getByRole('checkbox', { name: /VIP/ })).toHaveProperty('checked', false);
    expect(screen.getByPlaceholderText('Search or create tag...')).toBeTruthy();
  });

  it('filters in any letter case and offers Create only when no tag has that name in any case', async () => {
    const { user, input } = setup();
    await screen.findByRole('checkbox', { name: /VIP/ });

    await user.type(input, 'v');
    expect(names()).toEqual(['VIP3', 'Vendor0']);
    expect(screen.getByRole('button', { name: 'Create "v"' })).toBeTruthy();

    await user.clear(input);
    await user.type(input, 'vip');
    expect(names()).toEqual(['VIP3']);
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();

    await user.clear(input);
    await user.type(input, '  WHOLESALE ');
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(screen.queryByText('No matching tags')).toBeNull();
  });

  it("says 'No matching tags' and offers to create what was typed", async () => {
    const { user, input } = setup();
    await screen.findByRole('checkbox', { name: /VIP/ });
    await user.type(input, 'Returns');
    expect(screen.getByText('No matching tags')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Create "Returns"' })).toBeTruthy();
  });

  it('ignores a blank name: no Create option, Enter does nothing', async () => {
    const { user, input, fetchMock } = setup();
    await screen.findByRole('checkbox', { name: /VIP/ });
    await user.type(input, '   {Enter}');
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
    expect(names()).toHaveLength(3);
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('creates the trimmed name and ticks the new tag; Enter creates too', async () => {
    const created = { id: 't9', name: 'Returns', contactCount: 0 };
    const { user, input, onToggle, fetchMock } = setup({
      'POST /api/tags': { status: 201, body: { tag: created } },
    });
    await screen.findByRole('checkbox', { name: /VIP/ });
    await user.type(input, '  Returns {Enter}');
    await waitFor(() => expect(onToggle).toHaveBeenCalledWith({ id: 't9', name: 'Returns' }, true));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ name: 'Returns' });
    expect((input as HTMLInputElement).value).toBe('');
    expect(await screen.findByRole('checkbox', { name: /Returns/ })).toBeTruthy();
  });

  it("toasts 'Failed to create tag' when the server fails", async () => {
    const { user, input } = setup({
      'POST /api/tags': {
        status: 500,
        body: { error: 'internal', message: 'Something went wrong on our side.' },
      },
    });
    await screen.findByRole('checkbox', { name: /VIP/ });
    await user.type(input, 'Returns');
    await user.click(screen.getByRole('button', { name: 'Create "Returns"' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to create tag');
  });

  it('ticks and clears boxes through onToggle', async () => {
    const { user, onToggle } = setup({}, ['t1']);
    await user.click(await screen.findByRole('checkbox', { name: /VIP/ }));
    expect(onToggle).toHaveBeenLastCalledWith({ id: 't1', name: 'VIP' }, false);
    await user.click(screen.getByRole('checkbox', { name: /Wholesale/ }));
    expect(onToggle).toHaveBeenLastCalledWith({ id: 't2', name: 'Wholesale' }, true);
  });

  it('goes from the search box into the tags with the arrow keys; Space ticks the focused one', async () => {
    const { user, input, onToggle } = setup({}, ['t2']);
    await screen.findByRole('checkbox', { name: /VIP/ });
    input.focus();
    await user.keyboard('{ArrowDown}');
    const rows = screen.getAllByTestId('tag-option');
    expect(document.activeElement).toBe(rows[0]);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(rows[1]);
    await user.keyboard(' ');
    expect(onToggle).toHaveBeenLastCalledWith({ id: 't2', name: 'Wholesale' }, false);
    await user.keyboard('{ArrowDown} ');
    expect(onToggle).toHaveBeenLastCalledWith({ id: 't3', name: 'Vendor' }, true);
  });

  it('renames inline: Enter saves the trimmed name, a blank or unchanged name is not sent', async () => {
    const { user, fetchMock } = setup({ 'PATCH /api/tags/t2': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Rename tag Wholesale' }));
    const field = screen.getByRole('textbox', { name: 'New name for Wholesale' });
    await user.clear(field);
    await user.type(field, '   {Enter}');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'PATCH')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Rename tag Wholesale' }));
    await user.clear(screen.getByRole('textbox', { name: 'New name for Wholesale' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for Wholesale' }), ' Trade {Enter}');
    await waitFor(() => expect(screen.getByRole('checkbox', { name: /Trade/ })).toBeTruthy());
    const patch = fetchMock.mock.calls.find(([, init]) => init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ name: 'Trade' });
  });

  it("Escape cancels a rename; a refused rename goes back and toasts 'Failed to update tag'", async () => {
    const { user } = setup({ 'PATCH /api/tags/t2': { status: 500, body: null } });
    await user.click(await screen.findByRole('button', { name: 'Rename tag Wholesale' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for Wholesale' }), 'X{Escape}');
    expect(screen.getByRole('checkbox', { name: /Wholesale/ })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Rename tag Wholesale' }));
    await user.type(screen.getByRole('textbox', { name: 'New name for Wholesale' }), ' B2B{Enter}');
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to update tag');
    expect(screen.getByRole('checkbox', { name: /^Wholesale/ })).toBeTruthy();
  });

  it('asks before deleting, with the spec’s words, and deletes only on confirmation', async () => {
    const { user, fetchMock } = setup({ 'DELETE /api/tags/t1': { status: 204 } });
    await user.click(await screen.findByRole('button', { name: 'Delete tag VIP' }));
    const dialog = screen.getByRole('alertdialog', { name: 'Delete tag' });
    expect(dialog.textContent).toContain(
      'Are you sure you want to delete this tag? It will be removed from all contacts.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: 'Delete tag VIP' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('checkbox', { name: /VIP/ })).toBeNull());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it("toasts 'Failed to delete tag' and keeps the tag when the delete fails", async () => {
    const { user } = setup({ 'DELETE /api/tags/t1': { status: 500, body: null } });
    await user.click(await screen.findByRole('button', { name: 'Delete tag VIP' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toContain('Failed to delete tag');
    expect(screen.getByRole('checkbox', { name: /VIP/ })).toBeTruthy();
  });
});
