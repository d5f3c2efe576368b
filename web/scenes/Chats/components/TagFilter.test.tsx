import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { TagFilter } from './TagFilter';

async function open(onChange = vi.fn(), selected: string[] = []) {
  const user = userEvent.setup();
  renderScreen(<TagFilter selected={selected} onChange={onChange} />);
  await user.click(screen.getByRole('button', { name: 'Filter by tags' }));
  return { user, onChange };
}

describe('TagFilter', () => {
  it("says 'Loading tags...' while the tags load", async () => {
    mockApi({ 'GET /api/tags': () => new Promise(() => {}) });
    await open();
    expect(await screen.findByText('Loading tags...')).toBeTruthy();
  });

  it("says 'No tags available' when the account has none", async () => {
    mockApi({ 'GET /api/tags': { body: { tags: [] } } });
    await open();
    expect(await screen.findByText('No tags available')).toBeTruthy();
  });

  it("says 'Failed to load tags' when they cannot be loaded", async () => {
    mockApi({ 'GET /api/tags': { status: 403, body: { error: 'forbidden', message: 'No' } } });
    await open();
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load tags');
  });

  it("toggles tags and offers 'Clear all filters' once one is picked", async () => {
    mockApi({
      'GET /api/tags': {
        body: {
          tags: [
            { id: 't1', name: 'VIP', contactCount: 3 },
            { id: 't2', name: 'Wholesale', contactCount: 1 },
          ],
        },
      },
    });
    const onChange = vi.fn();
    const { user } = await open(onChange, ['t2']);
    await user.click(await screen.findByRole('menuitemcheckbox', { name: /VIP/ }));
    expect(onChange).toHaveBeenLastCalledWith(['t2', 't1']);
    await user.click(screen.getByRole('menuitemcheckbox', { name: /Wholesale/ }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    await user.click(screen.getByRole('button', { name: 'Clear all filters' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
  });
});
