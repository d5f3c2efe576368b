import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/render';
import { EarlyAccessModal } from './EarlyAccessModal';

async function fillForm(email = 'sam@rivera.coffee') {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText('Name'), 'Sam Rivera');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Company'), 'Rivera Coffee');
  await user.type(screen.getByLabelText('WhatsApp Number'), '+1 555 010 9999');
  await user.click(screen.getByRole('button', { name: 'Submit' }));
}

describe('EarlyAccessModal', () => {
  it('requires all four fields and a valid email', async () => {
    const fetchMock = mockApi({});
    render(<EarlyAccessModal isOpen onClose={() => {}} />);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Submit' }));
    for (const text of [
      'Name is required',
      'Email is required',
      'Company is required',
      'WhatsApp Number is required',
    ]) {
      expect(screen.getByText(text)).toBeTruthy();
    }

    await fillForm('not-an-email');
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('thanks the visitor and closes after 2 seconds', async () => {
    mockApi({ 'POST /api/early-access': { status: 201, body: { ok: true } } });
    const onClose = vi.fn();
    render(<EarlyAccessModal isOpen onClose={onClose} />);
    await fillForm();

    expect(await screen.findByRole('heading', { name: 'Thanks for your interest!' })).toBeTruthy();
    expect(screen.getByText("We'll be in touch soon!")).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), { timeout: 3_000 });
  });

  it('logs a failure silently and keeps the form open', async () => {
    mockApi({ 'POST /api/early-access': { status: 500, body: { error: 'internal', message: 'boom' } } });
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    render(<EarlyAccessModal isOpen onClose={() => {}} />);
    await fillForm();

    await waitFor(() => expect(consoleError).toHaveBeenCalled());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveProperty('disabled', false);
  });
});
