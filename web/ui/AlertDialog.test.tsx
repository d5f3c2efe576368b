import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TrashIcon } from 'lucide-react';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { AlertDialog } from './AlertDialog';

/** A page with a Delete button that asks first, as the app's confirmations do. */
function Page({ isBusy = false, error = null }: { isBusy?: boolean; error?: string | null }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Delete contact
      </button>
      <AlertDialog
        isOpen={isOpen}
        tone="danger"
        icon={<TrashIcon className="size-6" />}
        title="Delete this contact?"
        description="This cannot be undone."
        confirmLabel="Delete"
        busyLabel="Deleting..."
        isBusy={isBusy}
        error={error}
        onCancel={() => setOpen(false)}
        onConfirm={onConfirm}
      />
    </>
  );
}
const onConfirm = vi.fn();

async function open(props: Parameters<typeof Page>[0] = {}) {
  const user = userEvent.setup();
  const view = render(<Page {...props} />);
  await user.click(screen.getByRole('button', { name: 'Delete contact' }));
  const dialog = screen.getByRole('alertdialog', { name: 'Delete this contact?' });
  return { user, dialog, view };
}

describe('AlertDialog', () => {
  it('asks as an alert dialog described by its text, and confirms with the action button', async () => {
    onConfirm.mockClear();
    const { user, dialog } = await open();
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'This cannot be undone.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('closes on Cancel and on Escape, without confirming, and gives focus back', async () => {
    onConfirm.mockClear();
    const { user, dialog } = await open();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Delete contact' }));

    await user.click(screen.getByRole('button', { name: 'Delete contact' }));
    expect(screen.getByRole('alertdialog')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('cannot be closed while the step runs: Escape, Cancel and × do nothing', async () => {
    const { user, view } = await open();
    view.rerender(<Page isBusy />);
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this contact?' });
    const confirm = within(dialog).getByRole('button', { name: /Deleting/ }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    await user.keyboard('{Escape}');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    expect(screen.getByRole('alertdialog', { name: 'Delete this contact?' })).toBe(dialog);
  });

  it('shows why the last attempt failed, and stays open', async () => {
    await open({ error: 'Failed to delete contact' });
    const dialog = screen.getByRole('alertdialog', { name: 'Delete this contact?' });
    expect(within(dialog).getByRole('alert').textContent).toBe('Failed to delete contact');
  });
});
