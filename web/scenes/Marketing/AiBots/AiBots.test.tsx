import { AI_BOT_DEFAULTS, type AiBotResponse, DEFAULT_BUSINESS_HOURS } from '@common/api/ai-bot';
import type { TeamResponse } from '@common/api/team';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { aiStatus, NOT_CONFIGURED_TEXT } from '../../../test/aiStatus';
import { mockApi, renderScreen } from '../../../test/render';
import { AiBots } from './AiBots';

/** Marketing → AI Bots against the contract (common/api/ai-bot.ts), the server mocked at fetch. */

function botView(
  overrides: Partial<AiBotResponse> = {},
  settings: Partial<AiBotResponse['settings']> = {},
): AiBotResponse {
  return {
    settings: {
      ...AI_BOT_DEFAULTS,
      timeZone: 'Europe/Berlin',
      hours: DEFAULT_BUSINESS_HOURS,
      updatedAt: null,
      ...settings,
    },
    status: aiStatus(true),
    answeringNow: false,
    abilities: { configure: true },
    ...overrides,
  };
}

/** GET /api/team: only the zone and whether the caller may change it matter here. */
function teamView(timeZone: string, isOwner: boolean): TeamResponse {
  return {
    team: { id: 't1', name: 'Harbor Bikes', timeZone },
    hasAccount: true,
    you: { role: isOwner ? 'owner' : 'member' },
    members: [],
    abilities: { invite: isOwner, viewActivity: isOwner, changeSettings: isOwner },
  };
}

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

// Typing into a form this size is slow on a busy machine.
describe('Marketing → AI Bots', { timeout: 20_000 }, () => {
  it('lets the owner turn the bot on and shows the model it uses', async () => {
    const puts: Record<string, unknown>[] = [];
    mockApi({
      'GET /api/ai/bot': { body: botView() },
      'PUT /api/ai/bot': (init) => {
        puts.push(bodyOf(init));
        return {
          body: botView({ answeringNow: true }, { enabled: true, updatedAt: new Date().toISOString() }),
        };
      },
    });
    const user = userEvent.setup();
    renderScreen(<AiBots />);

    const overview = await screen.findByTestId('bot-overview');
    expect(within(overview).getByTestId('bot-state').textContent).toBe('Off');
    expect(within(overview).getByTestId('bot-model').textContent).toContain('Sandbox model');
    expect(within(overview).getByTestId('bot-model').textContent).toContain('switchboard-sandbox');

    await user.click(screen.getByRole('switch', { name: 'Answer customers with the AI bot' }));
    await waitFor(() =>
      expect(within(overview).getByTestId('bot-state').textContent).toBe('On — answering now'),
    );
    expect(puts).toEqual([{ enabled: true }]);
  });

  it('saves answering outside business hours with the week the owner set, in the team’s time zone', async () => {
    const puts: Record<string, unknown>[] = [];
    mockApi({
      'GET /api/ai/bot': { body: botView() },
      'GET /api/team': { body: teamView('Europe/Berlin', true) },
      'PUT /api/ai/bot': (init) => {
        const body = bodyOf(init);
        puts.push(body);
        return { body: botView({}, { ...(body as object), updatedAt: new Date().toISOString() }) };
      },
    });
    const user = userEvent.setup();
    renderScreen(<AiBots />);

    await user.click(await screen.findByRole('radio', { name: /Outside business hours/ }));
    // The zone is the team's: shown with where to change it, not chosen here.
    const zone = await screen.findByTestId('bot-time-zone');
    expect(zone.textContent).toBe(
      'Business hours are read in the team’s time zone, Europe/Berlin. Change it in Settings → Team.',
    );
    expect(within(zone).getByRole('link', { name: 'Settings → Team' }).getAttribute('href')).toBe(
      '/app/settings/team',
    );
    expect(screen.queryByRole('combobox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Saturday' }));
    const opens = screen.getByLabelText('Saturday closes at');
    await user.clear(opens);
    await user.type(opens, '13:00');
    const turns = screen.getByLabelText('Turn limit');
    await user.clear(turns);
    await user.type(turns, '3');
    await user.click(screen.getByRole('button', { name: 'Save bot settings' }));

    await waitFor(() => expect(puts).toHaveLength(1));
    expect(puts[0]).toMatchObject({
      when: 'outside_hours',
      maxTurns: 3,
      hours: { ...DEFAULT_BUSINESS_HOURS, sat: { open: '09:00', close: '13:00' } },
    });
    expect(puts[0]).not.toHaveProperty('timeZone');
    // The words follow what was saved.
    await waitFor(() =>
      expect(screen.getByTestId('bot-behaviour').textContent).toContain(
        'only while the team is closed (open Monday–Friday 09:00–17:00; Saturday 09:00–13:00, Europe/Berlin time)',
      ),
    );
    expect(screen.getByTestId('bot-behaviour').textContent).toContain('after 3 replies in a chat');
  });

  it('tells a member who sets the team’s time zone', async () => {
    mockApi({
      'GET /api/ai/bot': { body: botView({ abilities: { configure: false } }, { when: 'outside_hours' }) },
      'GET /api/team': { body: teamView('America/New_York', false) },
    });
    renderScreen(<AiBots />);
    expect((await screen.findByTestId('bot-time-zone')).textContent).toBe(
      'Business hours are read in the team’s time zone, America/New York. The team owner sets it in Settings → Team.',
    );
  });

  it('refuses a turn limit out of range in words before asking the server', async () => {
    const fetchMock = mockApi({ 'GET /api/ai/bot': { body: botView() } });
    const user = userEvent.setup();
    renderScreen(<AiBots />);
    const turns = await screen.findByLabelText('Turn limit');
    await user.clear(turns);
    await user.type(turns, '80');
    await user.click(screen.getByRole('button', { name: 'Save bot settings' }));
    expect((await screen.findByTestId('bot-settings-error')).textContent).toContain(
      'The turn limit is at most 50',
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(0);
  });

  it('shows the test chat: the bot’s answer, then its hand-over reason; nothing else is asked', async () => {
    const tests: unknown[] = [];
    mockApi({
      'GET /api/ai/bot': { body: botView() },
      'POST /api/ai/bot/test': (init) => {
        const body = bodyOf(init) as { messages: { from: string; text: string }[] };
        tests.push(body);
        return body.messages.length === 1
          ? { body: { ok: true, reply: 'We are open Monday to Saturday, 9:00 to 19:00.' } }
          : { body: { ok: true, reply: null, handOver: { reason: 'asked_for_person' } } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<AiBots />);

    const chat = await screen.findByTestId('bot-test-chat');
    const box = within(chat).getByLabelText('Message as the customer');
    await user.type(box, 'When are you open?{Enter}');
    expect(await within(chat).findByText('We are open Monday to Saturday, 9:00 to 19:00.')).toBeTruthy();
    await user.type(box, 'I want to talk to a person{Enter}');
    expect(
      await within(chat).findByText(
        'The bot would hand this chat to the team: the customer asked for a person.',
      ),
    ).toBeTruthy();
    expect(tests[1]).toEqual({
      messages: [
        { from: 'customer', text: 'When are you open?' },
        { from: 'bot', text: 'We are open Monday to Saturday, 9:00 to 19:00.' },
        { from: 'customer', text: 'I want to talk to a person' },
      ],
    });
    await user.click(within(chat).getByRole('button', { name: 'Start over' }));
    expect(within(chat).queryAllByTestId('test-line')).toHaveLength(0);
  });

  it('shows a member everything read-only', async () => {
    mockApi({ 'GET /api/ai/bot': { body: botView({ abilities: { configure: false } }, { enabled: true }) } });
    renderScreen(<AiBots />);
    expect((await screen.findByTestId('bot-read-only')).textContent).toContain(
      'Only the team owner can change the AI bot.',
    );
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByLabelText('Turn limit').matches(':disabled')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Save bot settings' })).toBeNull();
    expect((screen.getByLabelText('Message as the customer') as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText('Only the team owner can try the bot here.')).toBeTruthy();
  });

  it('with no model connected, says how to turn AI on, links Settings → AI and cannot be turned on', async () => {
    mockApi({ 'GET /api/ai/bot': { body: botView({ status: aiStatus(false) }) } });
    renderScreen(<AiBots />);
    const model = await screen.findByTestId('bot-model');
    expect(model.textContent).toContain(NOT_CONFIGURED_TEXT);
    expect(within(model).getByRole('link', { name: 'Open Settings → AI' }).getAttribute('href')).toBe(
      '/app/settings/ai',
    );
    expect((screen.getByRole('switch') as HTMLInputElement).disabled).toBe(true);
  });
});
