import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CountryCodeSelect } from './CountryCodeSelect';
import { type Country, findCountry } from './countries';

function Harness({ initial = null }: { initial?: Country | null }) {
  const [value, setValue] = useState<Country | null>(initial);
  return (
    <>
      <CountryCodeSelect value={value} onChange={setValue} />
      <output data-testid="value">{value?.code ?? 'none'}</output>
    </>
  );
}

const options = () => within(screen.getByRole('listbox')).getAllByRole('option');

// Rendering some 240 options takes a while under happy-dom.
describe('CountryCodeSelect', { timeout: 30_000 }, () => {
  it('opens a searchable list and focuses the search box', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    expect(screen.getByTestId('country-code-trigger')).toHaveProperty('textContent', 'Code');

    await user.click(screen.getByTestId('country-code-trigger'));
    const search = screen.getByRole('combobox', { name: 'Search countries' });
    expect(document.activeElement).toBe(search);
    expect(options().length).toBeGreaterThanOrEqual(230);
  });

  it('filters by name, two-letter code and dial code', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByTestId('country-code-trigger'));
    const search = screen.getByRole('combobox', { name: 'Search countries' });

    await user.type(search, 'switz');
    expect(options().map((o) => o.textContent)).toEqual([expect.stringContaining('Switzerland')]);

    await user.clear(search);
    await user.type(search, 'br');
    expect(options()[0]?.textContent).toContain('Brazil');

    await user.clear(search);
    await user.type(search, '+351');
    expect(options()[0]?.textContent).toContain('Portugal');

    await user.clear(search);
    await user.type(search, 'zzzz');
    expect(screen.getByText('No countries found')).toBeTruthy();
  });

  it('is operable with the keyboard: arrows move, Enter picks, Escape closes', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const trigger = screen.getByTestId('country-code-trigger');
    trigger.focus();
    await user.keyboard('{ArrowDown}');
    const search = screen.getByRole('combobox', { name: 'Search countries' });

    await user.type(search, 'united');
    // While typing, the highlight comes to the first match a moment later (so a screen reader first
    // reads the letter typed).
    await waitFor(() => expect(search.getAttribute('aria-activedescendant')).toBe(options()[0]!.id), {
      timeout: 5000,
    });
    const first = options()[0]!;
    const second = options()[1]!;
    expect(first.textContent).toContain('United');
    await user.keyboard('{ArrowDown}');
    await waitFor(() => expect(search.getAttribute('aria-activedescendant')).toBe(second.id));
    await user.keyboard('{Enter}');

    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe(second.dataset.code);
    expect(document.activeElement).toBe(trigger);

    await user.click(trigger);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(screen.getByTestId('value').textContent).toBe(second.dataset.code);
  });

  it('shows the selected flag and dial code and marks it selected in the list', async () => {
    const user = userEvent.setup();
    render(<Harness initial={findCountry('FR')} />);
    const trigger = screen.getByTestId('country-code-trigger');
    expect(trigger.textContent).toContain('+33');
    expect(trigger.textContent).toContain('🇫🇷');

    await user.click(trigger);
    const selected = options().filter((o) => o.getAttribute('aria-selected') === 'true');
    expect(selected.map((o) => o.dataset.code)).toEqual(['FR']);
  });

  it('picks a country with the mouse', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    await user.click(screen.getByTestId('country-code-trigger'));
    await user.type(screen.getByRole('combobox', { name: 'Search countries' }), 'japan');
    await user.click(options()[0]!);
    expect(screen.getByTestId('value').textContent).toBe('JP');
  });
});
