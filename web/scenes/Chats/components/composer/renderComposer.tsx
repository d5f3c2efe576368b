import { vi } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { Composer } from '../Composer';

/** Renders the composer for Maya Patel inside the window, with spies for what it calls; returns them. */
export function renderComposer(overrides: Partial<Parameters<typeof Composer>[0]> = {}) {
  const props = {
    contactName: 'Maya Patel',
    canSend: true,
    neverMessaged: false,
    replyTo: null,
    onCancelReply: vi.fn(),
    onSendText: vi.fn(async () => {}),
    onSendMedia: vi.fn(async () => {}),
    onOpenTemplates: vi.fn(),
    ...overrides,
  };
  renderScreen(<Composer {...props} />);
  return props;
}
