import type { ConsentKeywordsResponse } from '@common/api/consent';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { ConsentKeywordsSettings, keywordProblems } from './ConsentKeywordsSettings';

const view = (edit: boolean, optOut = ['STOP', 'UNSUBSCRIBE'], optIn = ['START', 'SUBSCRIBE']) =>
  ({ optOut, optIn, abilities: { edit } }) satisfies ConsentKeywordsResponse;

const chips = (list: string) =>
  within(screen.getByRole('list', { name: list }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('ConsentKeywordsSettings', () => {
  it('shows members both lists read-only', async () => {
    mockApi({ 'GET /api/consent-keywords': { body: view(false) } });
    renderScreen(<ConsentKeywordsSettings />, { path: '/app/settings/consent-keywords' });
    await waitFor(() => expect(chips('Opt-out keywords')).toEqual(['STOP', 'UNSUBSCRIBE']));
    expect(chips('Opt-in keywords')).toEqual(['START', 'SUBSCRIBE']);
    expect(screen.getByText('Only the team owner can change the consent keywords.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Remove|Save changes|Add/ })).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it('lets the owner add and remove chips, refuses mistakes with the schema’s words, and saves with PUT', async () => {
    let put: unknown = null;
    mockApi({
      'GET /api/consent-keywords': { body: view(true) },
      'PUT /api/consent-keywords': (init) => {
        put = JSON.parse(String(init?.body));
        return { body: { ...(put as object), abilities: { edit: true } } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<ConsentKeywordsSettings />, { path: '/app/settings/consent-keywords' });
    const save = (await screen.findByRole('button', { name: 'Save changes' })) as HTMLButtonElement;
    expect(save.disabled).toBe(true);

    const [optOutInput, optInInput] = screen.getAllByRole('textbox');
    await user.type(optOutInput!, 'start{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('A keyword cannot be both opt-out and opt-in');
    await user.clear(optOutInput!);
    await user.type(optOutInput!, `${'x'.repeat(31)}{Enter}`);
    expect(screen.getByRole('alert').textContent).toBe('Keywords are at most 30 characters');
    await user.clear(optOutInput!);
    await user.type(optOutInput!, '   {Enter}');
    expect(screen.getByRole('alert').textContent).toBe('Keywords cannot be blank');
    await user.clear(optOutInput!);
    await user.type(optOutInput!, 'stop{Enter}');
    expect(screen.getByRole('alert').textContent).toBe('This keyword is already in the list');
    await user.clear(optOutInput!);
    await user.type(optOutInput!, '  Basta {Enter}');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(chips('Opt-out keywords')).toEqual(['STOP', 'UNSUBSCRIBE', 'Basta']);

    await user.click(screen.getByRole('button', { name: 'Remove SUBSCRIBE' }));
    await user.type(optInInput!, 'Weiter{Enter}');
    expect(chips('Opt-in keywords')).toEqual(['START', 'Weiter']);

    expect(save.disabled).toBe(false);
    await user.click(save);
    await waitFor(() =>
      expect(put).toEqual({ optOut: ['STOP', 'UNSUBSCRIBE', 'Basta'], optIn: ['START', 'Weiter'] }),
    );
    await waitFor(() => expect(save.disabled).toBe(true));
  });

  it('names the list a schema problem is in', () => {
    expect(keywordProblems({ optOut: ['STOP'], optIn: ['stop'] })).toEqual({
      optOut: null,
      optIn: 'A keyword cannot be both opt-out and opt-in',
    });
    expect(keywordProblems({ optOut: Array.from({ length: 21 }, (_, i) => `K${i}`), optIn: [] }).optOut).toBe(
      'At most 20 keywords per list',
    );
  });
});
