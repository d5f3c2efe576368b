import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useRef, useState } from 'react';
import { Button, Dialog, DialogTrigger } from 'react-aria-components';
import { describe, expect, it } from 'vitest';
import { Dialog as ModalDialog } from './Dialog';
import { Popover } from './Popover';

/** A field that takes focus when it appears, as the pickers' search boxes do. */
function Field({ label }: { label: string }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return <input ref={ref} aria-label={label} />;
}

/** A picker in a popover with a confirmation it can open, as the tag picker has. */
function Picker() {
  const [confirming, setConfirming] = useState(false);
  return (
    <Dialog aria-label="Tag chat" className="outline-none">
      <Field label="Search" />
      <button type="button" onClick={() => setConfirming(true)}>
        Delete tag
      </button>
      <ModalDialog
        isOpen={confirming}
        onClose={() => setConfirming(false)}
        title="Delete tag"
        role="alertdialog"
      >
        <button type="button" onClick={() => setConfirming(false)}>
          Cancel
        </button>
      </ModalDialog>
    </Dialog>
  );
}

function Wrapped() {
  return (
    <>
      <DialogTrigger>
        <Button>Add tag</Button>
        <Popover>
          <Picker />
        </Popover>
      </DialogTrigger>
      <button type="button">Elsewhere</button>
    </>
  );
}

/** The controlled use: a plain button that toggles the panel, which can also go away. */
function Controlled() {
  const triggerRef = useRef<HTMLButtonElement>(null);
  const [isOpen, setOpen] = useState(false);
  const [shown, setShown] = useState(true);
  return (
    <>
      {shown && (
        <button ref={triggerRef} type="button" onClick={() => setOpen((v) => !v)}>
          Assign
        </button>
      )}
      <button type="button" onClick={() => setShown(false)}>
        Remove trigger
      </button>
      <Popover triggerRef={triggerRef} isOpen={isOpen} onOpenChange={setOpen} aria-label="Assign to">
        <Field label="Who" />
        {shown && (
          <button type="button" onClick={() => setShown(false)}>
            Move the row away
          </button>
        )}
      </Popover>
    </>
  );
}

describe('Popover', () => {
  it('opens next to its trigger with focus inside; Escape closes it and focus returns', async () => {
    const user = userEvent.setup();
    render(<Wrapped />);
    const trigger = screen.getByRole('button', { name: 'Add tag' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Tag chat' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Search' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Tag chat' })).toBeNull();
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on a click outside', async () => {
    const user = userEvent.setup();
    render(<Wrapped />);
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    expect(screen.getByRole('dialog', { name: 'Tag chat' })).toBeTruthy();
    await user.click(document.body);
    expect(screen.queryByRole('dialog', { name: 'Tag chat' })).toBeNull();
  });

  it('stays open under a confirmation opened from it; Escape closes only the confirmation', async () => {
    const user = userEvent.setup();
    render(<Wrapped />);
    await user.click(screen.getByRole('button', { name: 'Add tag' }));
    await user.click(screen.getByRole('button', { name: 'Delete tag' }));
    const confirm = screen.getByRole('alertdialog', { name: 'Delete tag' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Tag chat' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Delete tag' }));
    expect(confirm).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Tag chat' })).toBeTruthy();
  });

  it('in controlled use, a second press on the trigger closes it, and it closes when the trigger goes', async () => {
    const user = userEvent.setup();
    render(<Controlled />);
    const trigger = screen.getByRole('button', { name: 'Assign' });
    await user.click(trigger);
    expect(screen.getByRole('dialog', { name: 'Assign to' })).toBeTruthy();
    await user.click(trigger);
    expect(screen.queryByRole('dialog', { name: 'Assign to' })).toBeNull();

    await user.click(trigger);
    await user.click(screen.getByRole('button', { name: 'Move the row away' }));
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    expect(screen.queryByRole('dialog', { name: 'Assign to' })).toBeNull();
  });
});
