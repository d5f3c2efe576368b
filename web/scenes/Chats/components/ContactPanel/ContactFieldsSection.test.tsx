import type { ContactField, ContactFieldListResponse } from '@common/api/contact-fields';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen } from '../../../../test/render';
import { ContactFieldsSection } from './ContactFieldsSection';

const field = (id: string, key: string, label: string, extra: Partial<ContactField> = {}): ContactField => ({
  id,
  key,
  label,
  type: 'text',
  options: [],
  position: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

const FIELDS = [
  field('f1', 'tier', 'Tier', { type: 'select', options: ['Gold', 'Silver'] }),
  field('f2', 'budget', 'Budget', { type: 'number' }),
  field('f3', 'renewal', 'Renewal', { type: 'date' }),
  field('f4', 'site', 'Website', { type: 'url' }),
];
const list = (fields: ContactField[], manage = false): ContactFieldListResponse => ({
  fields,
  abilities: { manage },
});
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));

/** The contact's values as a parent holds them, and a teammate's save changing them. */
function Harness() {
  const [values, setValues] = useState<Record<string, string>>({
    budget: '10',
    site: 'https://a.example',
  });
  return (
    <>
      <button type="button" onClick={() => setValues({ budget: '20', site: 'https://b.example' })}>
        teammate saves
      </button>
      <ContactFieldsSection contactId="c-1" values={values} />
    </>
  );
}

describe('ContactFieldsSection', () => {
  it('shows every field with its value and the right input per type', async () => {
    mockApi({ 'GET /api/contact-fields': { body: list(FIELDS) } });
    renderScreen(<ContactFieldsSection contactId="c-1" values={{ tier: 'Gold', renewal: '2027-01-31' }} />);
    const tier = (await screen.findByLabelText('Tier')) as HTMLSelectElement;
    expect(tier.tagName).toBe('SELECT');
    expect(tier.value).toBe('Gold');
    expect([...tier.options].map((o) => o.textContent)).toEqual(['Not set', 'Gold', 'Silver']);
    expect((screen.getByLabelText('Renewal') as HTMLInputElement).type).toBe('date');
    expect((screen.getByLabelText('Renewal') as HTMLInputElement).value).toBe('2027-01-31');
    expect((screen.getByLabelText('Budget') as HTMLInputElement).value).toBe('');
    expect((screen.getByLabelText('Website') as HTMLInputElement).type).toBe('url');
  });

  it('saves a value on Enter and a select on change; an emptied value is cleared with null', async () => {
    const puts: unknown[] = [];
    let stored: Record<string, string> = { budget: '10' };
    mockApi({
      'GET /api/contact-fields': { body: list(FIELDS) },
      'PUT /api/contacts/c-1/fields': (init) => {
        const change = body(init) as Record<string, string | null>;
        puts.push(change);
        stored = { ...stored };
        for (const [k, v] of Object.entries(change)) {
          if (v === null) delete stored[k];
          else stored[k] = v;
        }
        return { body: { fields: stored } };
      },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderScreen(<ContactFieldsSection contactId="c-1" values={{ budget: '10' }} onSaved={onSaved} />);
    const budget = await screen.findByLabelText('Budget');
    await user.clear(budget);
    await user.type(budget, '1250.5{Enter}');
    await waitFor(() => expect(puts).toEqual([{ budget: '1250.5' }]));
    expect(await screen.findByText('Budget saved')).toBeTruthy();
    expect(onSaved).toHaveBeenLastCalledWith({ budget: '1250.5' });
    // The values given stay { budget: '10' } here (no cache to update): the saved one stays on screen.
    expect((budget as HTMLInputElement).value).toBe('1250.5');

    await user.selectOptions(screen.getByLabelText('Tier'), 'Silver');
    await waitFor(() => expect(puts).toHaveLength(2));
    expect(puts[1]).toEqual({ tier: 'Silver' });

    await user.clear(screen.getByLabelText('Budget'));
    await user.tab();
    await waitFor(() => expect(puts).toHaveLength(3));
    expect(puts[2]).toEqual({ budget: null });
  });

  it('a select changed again while saving saves the last choice after the first', async () => {
    const puts: unknown[] = [];
    let release: () => void = () => {};
    mockApi({
      'GET /api/contact-fields': { body: list(FIELDS) },
      'PUT /api/contacts/c-1/fields': async (init) => {
        const change = body(init) as Record<string, string>;
        puts.push(change);
        if (puts.length === 1) await new Promise<void>((resolve) => (release = resolve));
        return { body: { fields: change } };
      },
    });
    const user = userEvent.setup();
    renderScreen(<ContactFieldsSection contactId="c-1" values={{}} />);
    const tier = (await screen.findByLabelText('Tier')) as HTMLSelectElement;
    await user.selectOptions(tier, 'Silver');
    await user.selectOptions(tier, 'Gold');
    expect(puts).toEqual([{ tier: 'Silver' }]);
    release();
    await waitFor(() => expect(puts).toEqual([{ tier: 'Silver' }, { tier: 'Gold' }]));
    await screen.findByText('Tier saved');
    expect(tier.value).toBe('Gold');
  });

  it('shows a teammate’s new value when the contact’s values change, unless that field is being edited', async () => {
    mockApi({ 'GET /api/contact-fields': { body: list(FIELDS) } });
    const user = userEvent.setup();
    renderScreen(<Harness />);
    const site = (await screen.findByLabelText('Website')) as HTMLInputElement;
    await user.clear(site);
    await user.type(site, 'https://mine.example');
    // Still typing in Website while the teammate's save arrives (a click elsewhere would blur it).
    fireEvent.click(screen.getByRole('button', { name: 'teammate saves' }));
    expect((screen.getByLabelText('Budget') as HTMLInputElement).value).toBe('20');
    expect(site.value).toBe('https://mine.example');
  });

  it('shows the server’s message beside the field and keeps the typed text to fix', async () => {
    mockApi({
      'GET /api/contact-fields': { body: list(FIELDS) },
      'PUT /api/contacts/c-1/fields': {
        status: 400,
        body: {
          error: 'invalid_field_value',
          field: 'site',
          message: 'Website (site): must be an http(s) URL',
        },
      },
    });
    const user = userEvent.setup();
    renderScreen(<ContactFieldsSection contactId="c-1" values={{}} />);
    const site = await screen.findByLabelText('Website');
    await user.type(site, 'ftp://files.example.com{Enter}');
    const row = site.closest('[data-testid="contact-field-value"]') as HTMLElement;
    expect((await within(row).findByRole('alert')).textContent).toBe(
      'Website (site): must be an http(s) URL',
    );
    expect(site.getAttribute('aria-invalid')).toBe('true');
    expect((site as HTMLInputElement).value).toBe('ftp://files.example.com');
    // Escape puts the stored value back and drops the message.
    await user.type(site, '{Escape}');
    expect((site as HTMLInputElement).value).toBe('');
    expect(within(row).queryByRole('alert')).toBeNull();
  });

  it('with no fields, points owners to Settings', async () => {
    mockApi({ 'GET /api/contact-fields': { body: list([], true) } });
    renderScreen(<ContactFieldsSection contactId="c-1" values={{}} />);
    const link = await screen.findByRole('link', { name: 'Add fields in Settings' });
    expect(link.getAttribute('href')).toBe('/app/settings/contact-fields');
  });
});
