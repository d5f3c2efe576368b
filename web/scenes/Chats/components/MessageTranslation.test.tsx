import type { AiSettingsResponse } from '@common/api/ai';
import type { InboxMessage } from '@common/api/inbox';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { agentLanguage } from '../../../api/ai';
import { aiStatus, NOT_CONFIGURED_TEXT } from '../../../test/aiStatus';
import { inboxMessage } from '../../../test/inboxMessage';
import { mockApi, renderScreen } from '../../../test/render';
import { type BubbleActions, MessageBubble } from './MessageBubble';

/** A customer's message translated inline into the agent's language, the original kept above it. */

const MESSAGE_ID = '22222222-2222-4222-8222-222222222222';
const ORIGINAL = '¿Tienen la bicicleta en rojo?';

const actions: BubbleActions = {
  onReply: vi.fn(),
  onReact: vi.fn(),
  onRetry: vi.fn(),
  onJump: vi.fn(),
  onUseTemplate: vi.fn(),
};

function settings(configured: boolean): AiSettingsResponse {
  return {
    status: aiStatus(configured),
    settings: null,
    serverModel: null,
    abilities: { configure: false, suggest: true },
  };
}

function renderBubble(message: InboxMessage) {
  return renderScreen(
    <MessageBubble
      message={message}
      contactName="Lucía"
      meId="u-1"
      isFirstInGroup
      progress={null}
      actions={actions}
    />,
  );
}

const customerMessage = (overrides: Partial<InboxMessage> = {}) =>
  inboxMessage({
    id: MESSAGE_ID,
    body: ORIGINAL,
    preview: ORIGINAL,
    content: { kind: 'text', body: ORIGINAL },
    ...overrides,
  });

afterEach(() => vi.unstubAllGlobals());

describe('Translate on a customer message', () => {
  it("shows the translation under the original in the agent's language, and hides and shows it again", async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      languages: ['de-DE', 'en'],
      language: 'de-DE',
      clipboard: navigator.clipboard,
    });
    const fetchMock = mockApi({
      'GET /api/ai/settings': { body: settings(true) },
      'POST /api/ai/translate': (init) => {
        const { language } = JSON.parse(String(init?.body)) as { language: string };
        return {
          body: {
            ok: true,
            text: `[${language}] Haben Sie das Fahrrad in Rot?`,
            source: 'sandbox',
            label: 'Sandbox model',
            model: 'switchboard-sandbox',
          },
        };
      },
    });
    const user = userEvent.setup();
    renderBubble(customerMessage());

    await user.click(screen.getByRole('button', { name: 'Translate' }));
    const box = await screen.findByTestId('message-translation');
    await waitFor(() => expect(box.textContent).toContain('[German] Haben Sie das Fahrrad in Rot?'));
    expect(within(screen.getByTestId('message-translation')).getByText('Translated to German')).toBeTruthy();
    expect(screen.getByTestId('message-translation').textContent).toContain('Sandbox model');
    // The original stays as it was.
    expect(screen.getByText(ORIGINAL)).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/ai/translate');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ messageId: MESSAGE_ID, language: 'German' });

    await user.click(screen.getByRole('button', { name: 'Hide translation' }));
    expect(screen.queryByText(/Haben Sie/)).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Show translation' }));
    expect(screen.getByText(/Haben Sie/)).toBeTruthy();
    // Shown again from what was translated: the model is not asked twice.
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/ai/translate')).toHaveLength(1);
  });

  it("says the model's failure in the server's words", async () => {
    mockApi({
      'GET /api/ai/settings': { body: settings(true) },
      'POST /api/ai/translate': {
        body: {
          ok: false,
          error: { code: 'ai_timeout', message: 'The AI provider took too long to answer. Try again.' },
        },
      },
    });
    const user = userEvent.setup();
    renderBubble(customerMessage());
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect((await screen.findByTestId('message-translation-error')).textContent).toContain(
      'The AI provider took too long to answer. Try again.',
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByTestId('message-translation-error')).toBeNull();
  });

  it('with no model connected, says how to turn AI on and asks nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/ai/settings': { body: settings(false) } });
    const user = userEvent.setup();
    renderBubble(customerMessage());
    await user.click(screen.getByRole('button', { name: 'Translate' }));
    expect((await screen.findByTestId('message-translation-error')).textContent).toContain(
      NOT_CONFIGURED_TEXT,
    );
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/ai/settings']);
  });

  it('is offered on customer messages with words only', () => {
    mockApi({});
    renderBubble(customerMessage({ direction: 'outgoing', status: 'delivered' }));
    expect(screen.queryByRole('button', { name: 'Translate' })).toBeNull();
  });

  it("names the browser's language in English words, English when it cannot tell", () => {
    expect(agentLanguage(['fr-CA'])).toBe('French');
    expect(agentLanguage(['pt-BR', 'en'])).toBe('Portuguese');
    expect(agentLanguage(['not a tag'])).toBe('English');
    expect(agentLanguage([])).toBe('English');
  });
});
