import type { AiSettingsResponse, AiTextResponse } from '@common/api/ai';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aiStatus, NOT_CONFIGURED_TEXT } from '../../../../test/aiStatus';
import { mockApi, renderScreen } from '../../../../test/render';
import { AiSummary } from './AiSummary';

const CONTACT = '11111111-1111-4111-8111-111111111111';

function settings(configured: boolean): AiSettingsResponse {
  return {
    status: aiStatus(configured),
    settings: null,
    serverModel: null,
    abilities: { configure: false, suggest: true },
  };
}

const SANDBOX_SUMMARY: AiTextResponse = {
  ok: true,
  text: 'Maya Patel wrote 2 messages.\nLast: "Is my order shipped?".\nPromised: nothing recorded by the sandbox model.',
  source: 'sandbox',
  label: 'Sandbox model',
  model: 'switchboard-sandbox',
};

describe('Summarise in the contact panel', () => {
  it('asks for a summary on press and shows its lines, labelled as the sandbox model, with copy and refresh', async () => {
    let answer: AiTextResponse = SANDBOX_SUMMARY;
    const fetchMock = mockApi({
      'GET /api/ai/settings': { body: settings(true) },
      'POST /api/ai/summarise': () => ({ body: answer }),
    });
    const user = userEvent.setup();
    renderScreen(<AiSummary contactId={CONTACT} />);

    // Nothing is asked until the agent presses the button.
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('summarise'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Summarise' }));
    const lines = await screen.findByTestId('ai-summary-text');
    expect(lines.querySelectorAll('li')).toHaveLength(3);
    expect(lines.textContent).toContain('Last: "Is my order shipped?".');
    expect(screen.getByText('Sandbox model')).toBeTruthy();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/ai/summarise');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ contactId: CONTACT });

    await user.click(screen.getByRole('button', { name: 'Copy summary' }));
    // user-event stands in for the clipboard.
    expect(await navigator.clipboard.readText()).toBe(SANDBOX_SUMMARY.text);
    expect(screen.getByRole('button', { name: 'Summary copied' })).toBeTruthy();

    answer = { ...SANDBOX_SUMMARY, text: 'Maya wants a refund.' };
    await user.click(screen.getByRole('button', { name: 'Summarise again' }));
    await waitFor(() =>
      expect(screen.getByTestId('ai-summary-text').textContent).toBe('Maya wants a refund.'),
    );
  });

  it("shows the model's failure in the server's words and lets the agent try again", async () => {
    let failing = true;
    mockApi({
      'GET /api/ai/settings': { body: settings(true) },
      'POST /api/ai/summarise': () =>
        failing
          ? {
              body: {
                ok: false,
                error: {
                  code: 'ai_rate_limited',
                  message: 'The AI provider is rate-limiting requests. Wait a moment and try again.',
                },
              },
            }
          : { body: SANDBOX_SUMMARY },
    });
    const user = userEvent.setup();
    renderScreen(<AiSummary contactId={CONTACT} />);

    await user.click(screen.getByRole('button', { name: 'Summarise' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The AI provider is rate-limiting requests. Wait a moment and try again.',
    );
    failing = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByTestId('ai-summary-text');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says a refusal before the model in its words (too many requests)', async () => {
    mockApi({
      'GET /api/ai/settings': { body: settings(true) },
      'POST /api/ai/summarise': {
        status: 429,
        body: { error: 'too_many_requests', message: 'Too many AI requests. Try again in a minute.' },
      },
    });
    const user = userEvent.setup();
    renderScreen(<AiSummary contactId={CONTACT} />);
    await user.click(screen.getByRole('button', { name: 'Summarise' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many AI requests. Try again in a minute.',
    );
  });

  it('with no model connected, says how to turn AI on and asks nothing', async () => {
    const fetchMock = mockApi({ 'GET /api/ai/settings': { body: settings(false) } });
    const user = userEvent.setup();
    renderScreen(<AiSummary contactId={CONTACT} />);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/ai/settings', expect.anything()));
    await new Promise((r) => setTimeout(r, 0));

    await user.click(screen.getByRole('button', { name: 'Summarise' }));
    expect((await screen.findByTestId('ai-summary-notice')).textContent).toBe(NOT_CONFIGURED_TEXT);
    expect(fetchMock.mock.calls.every(([url]) => url === '/api/ai/settings')).toBe(true);
  });
});
