import { AI_MODEL_REQUIRED_MESSAGE, type AiSettingsResponse } from '@common/api/ai';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aiStatus } from '../../../test/aiStatus';
import { mockApi, renderScreen } from '../../../test/render';
import { AiSettings } from './AiSettings';

const SANDBOX_STATUS = aiStatus(true);

function ownerView(overrides: Partial<NonNullable<AiSettingsResponse['settings']>> = {}): AiSettingsResponse {
  return {
    status: SANDBOX_STATUS,
    settings: {
      baseUrl: null,
      model: null,
      hasKey: false,
      instructions: '',
      updatedAt: null,
      ...overrides,
    },
    serverModel: null,
    abilities: { configure: true, suggest: true },
  };
}

const render = () => renderScreen(<AiSettings />, { path: '/app/settings/ai' });

describe('Settings → AI', () => {
  it('shows members which model answers, read-only, with what is sent', async () => {
    mockApi({
      'GET /api/ai/settings': {
        body: { ...ownerView(), settings: null, abilities: { configure: false, suggest: true } },
      },
    });
    render();
    const status = await screen.findByTestId('ai-status');
    expect(status.textContent).toContain('Sandbox model');
    expect(status.textContent).toContain('switchboard-sandbox');
    expect(screen.getByText('Only the team owner can change the AI settings.')).toBeTruthy();
    const sent = screen.getByTestId('ai-what-is-sent');
    expect(sent.textContent).toContain('Suggest reply, and rewrites of a draft');
    expect(sent.textContent).toContain('Only that one message’s text');
    expect(sent.textContent).toContain('Not the contact’s tags, notes or custom fields.');
    expect(screen.getByText(/its last 20 messages, oldest first/)).toBeTruthy();
    expect(screen.queryByRole('textbox')).toBeNull();
    expect(screen.queryByRole('button', { name: /Save|Test connection/ })).toBeNull();
  });

  it('says AI is not configured, with how to turn it on', async () => {
    mockApi({
      'GET /api/ai/settings': {
        body: {
          ...ownerView(),
          settings: null,
          status: aiStatus(false),
          abilities: { configure: false, suggest: true },
        },
      },
    });
    render();
    const status = await screen.findByTestId('ai-status');
    expect(status.textContent).toContain('AI is not configured');
    expect(status.textContent).toContain('The team owner can connect a model in Settings → AI.');
  });

  it('lets the owner save a connection and instructions; the key is never shown or filled in', async () => {
    let put: unknown = null;
    mockApi({
      'GET /api/ai/settings': { body: ownerView({ hasKey: true, baseUrl: 'https://api.example.com/v1' }) },
      'PUT /api/ai/settings': (init) => {
        put = JSON.parse(String(init?.body));
        return {
          body: ownerView({
            hasKey: true,
            baseUrl: 'https://api.example.com/v1',
            model: 'gpt-4o-mini',
            instructions: 'We open at nine.',
          }),
        };
      },
    });
    const user = userEvent.setup();
    render();
    const key = (await screen.findByLabelText(/API key/)) as HTMLInputElement;
    expect(key.type).toBe('password');
    expect(key.value).toBe('');
    expect(screen.getByTestId('ai-key-saved').textContent).toBe('A key is saved');

    await user.type(screen.getByLabelText(/Model/), 'gpt-4o-mini');
    await user.type(screen.getByLabelText(/Instructions/), 'We open at nine.');
    expect(screen.getByText('16 / 8,000')).toBeTruthy();
    await user.type(key, 'sk-secret');
    await user.click(screen.getByRole('button', { name: 'Save AI settings' }));
    await waitFor(() =>
      expect(put).toEqual({ model: 'gpt-4o-mini', apiKey: 'sk-secret', instructions: 'We open at nine.' }),
    );
    await waitFor(() => expect(key.value).toBe(''));
    expect(document.body.textContent).not.toContain('sk-secret');
  });

  it('refuses a base URL that is not an address before saving', async () => {
    const calls = mockApi({ 'GET /api/ai/settings': { body: ownerView() } });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText(/Base URL/), 'localhost:11434');
    await user.click(screen.getByRole('button', { name: 'Save AI settings' }));
    expect(await screen.findByText(/The base URL must be a full http\(s\) address/)).toBeTruthy();
    expect(calls.mock.calls.some(([, init]) => init?.method === 'PUT')).toBe(false);
  });

  it('asks for the model when a base URL is given, before saving or testing', async () => {
    const calls = mockApi({ 'GET /api/ai/settings': { body: ownerView() } });
    const user = userEvent.setup();
    render();
    await user.type(await screen.findByLabelText(/Base URL/), 'http://localhost:11434/v1');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    expect(await screen.findByText(AI_MODEL_REQUIRED_MESSAGE)).toBeTruthy();
    expect(screen.getByLabelText(/Model/).getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Save AI settings' }));
    expect(screen.getByText(AI_MODEL_REQUIRED_MESSAGE)).toBeTruthy();
    expect(calls.mock.calls.some(([, init]) => init?.method === 'PUT' || init?.method === 'POST')).toBe(
      false,
    );
  });

  it('removes a saved key', async () => {
    let put: unknown = null;
    mockApi({
      'GET /api/ai/settings': { body: ownerView({ hasKey: true }) },
      'PUT /api/ai/settings': (init) => {
        put = JSON.parse(String(init?.body));
        return { body: ownerView({ hasKey: false }) };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Remove key' }));
    await waitFor(() => expect(put).toEqual({ apiKey: null }));
    await waitFor(() => expect(screen.queryByTestId('ai-key-saved')).toBeNull());
  });

  it('tests the connection and shows the model’s reply, or the provider’s error in words', async () => {
    const bodies: unknown[] = [];
    let answer: unknown = {
      ok: true,
      reply: 'Hello from the sandbox model!',
      source: 'sandbox',
      label: 'Sandbox model',
      model: 'switchboard-sandbox',
      ms: 42,
    };
    mockApi({
      'GET /api/ai/settings': { body: ownerView() },
      'POST /api/ai/test': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return { body: answer };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Test connection' }));
    const ok = await screen.findByTestId('ai-test-result');
    expect(ok.textContent).toContain('Sandbox model answered in 42 ms');
    expect(ok.textContent).toContain('Hello from the sandbox model!');

    answer = {
      ok: false,
      error: {
        code: 'ai_key_refused',
        message: 'The AI provider refused the API key. Check the key in Settings → AI.',
      },
      source: 'team',
      label: 'Your model',
      model: 'gpt-4o-mini',
    };
    await user.type(screen.getByLabelText(/Base URL/), 'https://api.example.com/v1');
    await user.type(screen.getByLabelText(/Model/), 'gpt-4o-mini');
    await user.click(screen.getByRole('button', { name: 'Test connection' }));
    const failed = await screen.findByRole('alert');
    expect(failed.textContent).toContain(
      'The AI provider refused the API key. Check the key in Settings → AI.',
    );
    expect(bodies[1]).toEqual({ baseUrl: 'https://api.example.com/v1', model: 'gpt-4o-mini' });
  });
});
