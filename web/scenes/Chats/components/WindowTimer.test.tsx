import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { StatusIcon } from './StatusIcon';
import { WindowTimer } from './WindowTimer';

const now = Date.parse('2026-03-12T12:00:00Z');
const HOUR = 3_600_000;
const closes = (ms: number) => new Date(now + ms).toISOString();

describe('WindowTimer', () => {
  it('renders nothing without an incoming message', () => {
    const { container } = render(<WindowTimer windowClosesAt={null} now={now} variant="ring" />);
    expect(container.innerHTML).toBe('');
  });

  it('has ring, badge and dot variants coloured by the time left', () => {
    render(
      <>
        <WindowTimer windowClosesAt={closes(20 * HOUR)} now={now} variant="ring" />
        <WindowTimer windowClosesAt={closes(5 * HOUR)} now={now} variant="badge" />
        <WindowTimer windowClosesAt={closes(HOUR)} now={now} variant="dot" />
      </>,
    );
    const [ring, badge] = screen.getAllByTestId('window-timer');
    expect(ring!.dataset.tone).toBe('green');
    expect(ring!.querySelector('svg')).not.toBeNull();
    expect(badge!.dataset.tone).toBe('amber');
    expect(badge!.textContent).toBe('5h 0m left');
    const dot = screen.getByTestId('window-dot');
    expect(dot.dataset.tone).toBe('red');
    expect(dot.className).toContain('animate-pulse');
  });

  it("says 'Window closed … ago' and hides the dot once closed", () => {
    render(
      <>
        <WindowTimer windowClosesAt={closes(-2 * HOUR)} now={now} variant="badge" />
        <WindowTimer windowClosesAt={closes(-2 * HOUR)} now={now} variant="dot" />
      </>,
    );
    expect(screen.getByTestId('window-timer').textContent).toBe('Window closed 2h 0m ago');
    expect(screen.queryByTestId('window-dot')).toBeNull();
  });
});

describe('StatusIcon', () => {
  it('draws one icon per outgoing status and none for incoming messages', () => {
    const { container, rerender } = render(
      <StatusIcon message={{ direction: 'incoming', status: 'read' }} />,
    );
    expect(container.innerHTML).toBe('');
    for (const [status, label] of [
      ['pending', 'Sending'],
      ['sent', 'Sent'],
      ['delivered', 'Delivered'],
      ['read', 'Read'],
      ['failed', 'Failed'],
    ] as const) {
      rerender(<StatusIcon message={{ direction: 'outgoing', status }} />);
      expect(screen.getByRole('img').getAttribute('aria-label')).toBe(label);
    }
    rerender(<StatusIcon message={{ direction: 'outgoing', status: 'read' }} />);
    expect(screen.getByRole('img').getAttribute('class')).toContain('text-[#34a4e0]');
  });
});
