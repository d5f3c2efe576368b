import type { ContactListItem, TagSummary } from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/render';
import { ManageTagsDialog } from './ManageTagsDialog';

const VIP = { id: 't1', name: 'VIP' };
const TRADE = { id: 't2', name: 'Trade' };
const contact = (id: string, tags: TagSummary[]) => ({ id, name: id, tags }) as unknown as ContactListItem;

function setup() {
  const fetchMock = mockApi({
    'GET /api/tags': {
      body: {
        tags: [
          { id: 't1', name: 'VIP', contactCount: 2 },
          { id: 't2', name: 'Trade', contactCount: 1 },
          { id: 't3', name: 'Lead', contactCount: 0 },
        ],
      },
    },
    'POST /api/tags/t3/contacts': { body: { added: 1, skipped: 1 } },
    'DELETE /api/tags/t1/contacts/a': { status: 204 },
    'DELETE /api/tags/t1/contacts/b': { status: 204 },
  });
  const onClose = vi.fn();
  const onDone = vi.fn();
  renderScreen(
    <ManageTagsDialog
      isOpen
      contacts={[contact('a', [VIP, TRADE]), contact('b', [VIP])]}
      onClose={onClose}
      onDone={onDone}
    />,
  );
  return { fetchMock, onClose, onDone, user: userEvent.setup() };
}

const sent = (fetchMock: ReturnType<typeof mockApi>) =>
  fetchMock.mock.calls
    .filter(([, init]) => init?.method && init.method !== 'GET')
    .map(([url, init]) => `${init?.method} ${url}${init?.body ? ` ${init.body}` : ''}`);

describe('ManageTagsDialog', () => {
  it("shows the tags all selected contacts share under 'Current Tags', with Add Tag, Cancel and Done", async () => {
    setup();
    const dialog = screen.getByRole('dialog', { name: 'Manage Tags' });
    expect(within(dialog).getByText('Current Tags')).toBeTruthy();
    expect(within(dialog).getByText('Add Tag')).toBeTruthy();
    expect(screen.getByTestId('current-tags').textContent).toBe('VIP');
    expect(await within(dialog).findByRole('checkbox', { name: /VIP/ })).toHaveProperty('checked', true);
    expect(within(dialog).getByRole('checkbox', { name: /Trade/ })).toHaveProperty('checked', false);
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Done' })).toBeTruthy();
  });

  it('sends nothing until Done; Cancel forgets the changes', async () => {
    const { fetchMock, onClose, user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: /Lead/ }));
    await user.click(screen.getByRole('button', { name: 'Remove tag VIP' }));
    expect(screen.getByTestId('current-tags').textContent).toBe('Lead');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onClose).toHaveBeenCalled();
    expect(sent(fetchMock)).toEqual([]);
  });

  it('on Done adds the new tags to all of them and removes the dropped common ones', async () => {
    const { fetchMock, onDone, user } = setup();
    await user.click(await screen.findByRole('checkbox', { name: /Lead/ }));
    await user.click(screen.getByRole('button', { name: 'Remove tag VIP' }));
    await user.click(screen.getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(sent(fetchMock).sort()).toEqual([
      'DELETE /api/tags/t1/contacts/a',
      'DELETE /api/tags/t1/contacts/b',
      'POST /api/tags/t3/contacts {"contactIds":["a","b"]}',
    ]);
  });
});
