import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/render';
import { NotesEditor } from './NotesEditor';

/** The editor with a button that plays a teammate saving other notes (a live update of the row). */
function Harness({
  contactId,
  initial,
  teammateNotes,
}: {
  contactId: string;
  initial: string;
  teammateNotes: string;
}) {
  const [notes, setNotes] = useState(initial);
  return (
    <>
      <NotesEditor contactId={contactId} notes={notes} />
      <button type="button" onClick={() => setNotes(teammateNotes)}>
        teammate saves
      </button>
    </>
  );
}

let contactSeq = 0;
function setup(initial = '', teammateNotes = '') {
  // A fresh contact id per test: the editor keeps unsaved drafts by contact.
  contactSeq += 1;
  const contactId = `c-${contactSeq}`;
  const user = userEvent.setup();
  renderScreen(<Harness contactId={contactId} initial={initial} teammateNotes={teammateNotes} />);
  const box = screen.getByRole('textbox', { name: 'Notes' }) as HTMLTextAreaElement;
  const counter = screen.getByTestId('notes-counter');
  return { user, box, counter, contactId };
}

const saveButton = () => screen.queryByRole('button', { name: 'Save' }) as HTMLButtonElement | null;

describe('NotesEditor', () => {
  it("shows the placeholder 'Add notes about this contact' and a counter of the saved text", () => {
    const { box, counter } = setup('Prefers calls after 5pm');
    expect(box.placeholder).toBe('Add notes about this contact');
    expect(counter.textContent).toBe('23/500');
    expect(saveButton()).toBeNull();
  });

  it('turns the counter orange below 50 remaining and red over 500, where save is disabled with the message', async () => {
    const { user, box, counter } = setup();
    await user.click(box);
    await user.paste('a'.repeat(450));
    expect(counter.textContent).toBe('450/500');
    expect(counter.dataset.tone).toBe('normal');
    expect(counter.className).toContain('text-slate-400');

    await user.type(box, 'b');
    expect(counter.textContent).toBe('451/500');
    expect(counter.dataset.tone).toBe('warn');
    expect(counter.className).toContain('text-orange-600');
    expect(saveButton()?.disabled).toBe(false);
    expect(screen.queryByText('Notes cannot exceed 500 characters')).toBeNull();

    await user.clear(box);
    await user.paste('a'.repeat(500));
    expect(counter.textContent).toBe('500/500');
    expect(counter.dataset.tone).toBe('warn');
    await user.type(box, 'c');
    expect(counter.textContent).toBe('501/500');
    expect(counter.dataset.tone).toBe('over');
    expect(counter.className).toContain('text-red-600');
    expect(saveButton()?.disabled).toBe(true);
    expect(screen.getByRole('alert').textContent).toBe('Notes cannot exceed 500 characters');
    expect(box.getAttribute('aria-invalid')).toBe('true');

    // Enter does not save it either (no request is mocked: one would fail the test).
    await user.keyboard('{Enter}');
    expect(box.value).toHaveLength(501);
  });

  it('counts the trimmed text: spaces around 500 characters still save', async () => {
    const { box, counter } = setup();
    fireEvent.change(box, { target: { value: `  ${'a'.repeat(500)}  ` } });
    expect(counter.textContent).toBe('500/500');
    expect(saveButton()?.disabled).toBe(false);
  });

  it('saves the trimmed text on Enter and keeps Shift+Enter for a new line', async () => {
    const bodies: unknown[] = [];
    const { user, box, counter, contactId } = setup();
    mockApi({
      [`PATCH /api/contacts/${contactId}`]: (init) => {
        const body = JSON.parse(String(init?.body)) as { notes: string };
        bodies.push(body);
        return { body: { name: 'Maya', notes: body.notes.trim() } };
      },
    });
    await user.type(box, '  Wants pink tulips{Shift>}{Enter}{/Shift}Delivery on Sunday  ');
    expect(bodies).toEqual([]);
    expect(box.value).toBe('  Wants pink tulips\nDelivery on Sunday  ');
    await user.keyboard('{Enter}');
    await waitFor(() => expect(bodies).toEqual([{ notes: 'Wants pink tulips\nDelivery on Sunday' }]));
    await waitFor(() => expect(box.value).toBe('Wants pink tulips\nDelivery on Sunday'));
    expect(counter.textContent).toBe('36/500');
    expect(await screen.findByText('Saved')).toBeTruthy();
    expect(saveButton()).toBeNull();
  });

  it('restores the saved text on Escape', async () => {
    const { user, box } = setup('VIP customer');
    await user.clear(box);
    await user.type(box, 'Something else');
    expect(saveButton()).not.toBeNull();
    await user.keyboard('{Escape}');
    expect(box.value).toBe('VIP customer');
    expect(saveButton()).toBeNull();
  });

  it("shows 'Failed to save notes. Please try again.' when saving fails, and keeps the text", async () => {
    const { user, box, contactId } = setup();
    mockApi({
      [`PATCH /api/contacts/${contactId}`]: {
        status: 500,
        body: { error: 'internal', message: 'Internal error' },
      },
    });
    await user.type(box, 'Call back tomorrow');
    await user.click(saveButton()!);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to save notes. Please try again.');
    expect(box.value).toBe('Call back tomorrow');
    expect(saveButton()?.disabled).toBe(false);
  });

  it("follows a teammate's change while nobody edits here", async () => {
    const { user, box } = setup('Old notes', 'Teammate notes');
    await user.click(screen.getByRole('button', { name: 'teammate saves' }));
    expect(box.value).toBe('Teammate notes');
  });

  it("keeps notes being edited when a teammate's change arrives; Escape then shows theirs", async () => {
    const { user, box } = setup('Old notes', 'Teammate notes');
    await user.type(box, ' and mine');
    await user.click(screen.getByRole('button', { name: 'teammate saves' }));
    expect(box.value).toBe('Old notes and mine');
    expect(screen.getByText(/A teammate changed these notes/)).toBeTruthy();
    box.focus();
    await user.keyboard('{Escape}');
    expect(box.value).toBe('Teammate notes');
  });
});
