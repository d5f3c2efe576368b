import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { dismissToast, showToast, TOAST_MS, Toaster } from './Toast';

const texts = () => screen.queryAllByTestId('toast').map((toast) => toast.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('Toast', () => {
  it('shows the text with a Dismiss button, as a status for good news and an alert for errors', async () => {
    render(<Toaster />);
    act(() => {
      showToast('Contact archived', 'success');
      showToast('Failed to send message', 'error');
    });
    expect(screen.getByRole('status').textContent).toBe('Contact archived');
    expect(screen.getByRole('alert').textContent).toBe('Failed to send message');
    const toast = screen.getByRole('alertdialog', { name: 'Contact archived' });
    await userEvent.setup().click(within(toast).getByRole('button', { name: 'Dismiss' }));
    expect(texts()).toEqual(['Failed to send message']);
  });

  it('disappears after 3 seconds', () => {
    vi.useFakeTimers();
    render(<Toaster />);
    act(() => void showToast('Reaction sent', 'success'));
    expect(TOAST_MS).toBe(3_000);
    act(() => vi.advanceTimersByTime(TOAST_MS - 100));
    expect(texts()).toEqual(['Reaction sent']);
    act(() => vi.advanceTimersByTime(100));
    expect(screen.queryByTestId('toast')).toBeNull();
  });

  it('shows the same text once, and at most the four newest', () => {
    render(<Toaster />);
    act(() => {
      showToast('Contact blocked', 'success');
      showToast('Contact blocked', 'success');
    });
    expect(texts()).toEqual(['Contact blocked']);
    act(() => {
      for (const n of [1, 2, 3, 4]) showToast(`Message ${n}`, 'info');
    });
    expect(texts().sort()).toEqual(['Message 1', 'Message 2', 'Message 3', 'Message 4']);
  });

  it('dismissToast takes away the one showToast returned', () => {
    render(<Toaster />);
    let id = 0;
    act(() => {
      id = showToast('Image sent successfully', 'success');
      showToast('Document sent successfully', 'success');
    });
    act(() => dismissToast(id));
    expect(texts()).toEqual(['Document sent successfully']);
  });
});
