import type { ContactField, ContactFieldListResponse } from '@common/api/contact-fields';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderScreen } from '../../../test/render';
import { ContactFieldsSettings } from './ContactFieldsSettings';
import { moveField } from './reorder';

const field = (id: string, label: string, extra: Partial<ContactField> = {}): ContactField => ({
  id,
  key: label.toLowerCase().replace(/\W+/g, '_'),
  label,
  type: 'text',
  options: [],
  position: 0,
  createdAt: '2026-11-21T10:00:00.000Z',
  updatedAt: '2026-11-21T10:00:00.000Z',
  ...extra,
});

const TIER = field('f1', 'Tier', { type: 'select', options: ['Gold', 'Silver'], position: 0 });
const BIRTHDAY = field('f2', 'Birthday', { type: 'date', position: 1 });
const list = (manage: boolean, fields: ContactField[]): ContactFieldListResponse => ({
  fields,
  abilities: { manage },
});
const body = (init: RequestInit | undefined) => JSON.parse(String(init?.body));
const render = () => renderScreen(<ContactFieldsSettings />, { path: '/app/settings/contact-fields' });

describe('ContactFieldsSettings', () => {
  it('shows members the fields in order, read-only', async () => {
    mockApi({ 'GET /api/contact-fields': { body: list(false, [TIER, BIRTHDAY]) } });
    render();
    await waitFor(() => expect(screen.getAllByTestId('contact-field-row')).toHaveLength(2));
    expect(screen.getAllByTestId('contact-field-label').map((el) => el.textContent)).toEqual([
      'Tier',
      'Birthday',
    ]);
    expect(screen.getAllByTestId('contact-field-key').map((el) => el.textContent)).toEqual([
      'tier',
      'birthday',
    ]);
    expect(within(screen.getByRole('list', { name: 'Tier options' })).getByText('Silver')).toBeTruthy();
    expect(screen.getByTestId('contact-fields-read-only').textContent).toContain('Only team owners can add');
    expect(screen.queryByRole('button', { name: /Add field|Edit|Delete|Move/ })).toBeNull();
  });

  it('lets the owner add a select field: the key follows the label, options with Enter', async () => {
    let fields = [BIRTHDAY];
    let posted: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/contact-fields': () => ({ body: list(true, fields) }),
      'POST /api/contact-fields': (init) => {
        posted = body(init);
        fields = [
          BIRTHDAY,
          field('f3', 'Customer Tier', { key: 'customer_tier', type: 'select', options: ['Gold', 'Silver'] }),
        ];
        return { status: 201, body: { field: fields[1] } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add field' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Label'), 'Customer Tier');
    expect((within(dialog).getByLabelText('Key') as HTMLInputElement).value).toBe('customer_tier');
    await user.click(within(dialog).getByRole('radio', { name: /Single select/ }));
    await user.type(within(dialog).getByLabelText('Option 1'), 'Gold{Enter}');
    await user.type(within(dialog).getByLabelText('Option 2'), 'Silver');
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(posted).toEqual({
      label: 'Customer Tier',
      key: 'customer_tier',
      type: 'select',
      options: ['Gold', 'Silver'],
    });
    expect(screen.getAllByTestId('contact-field-label').map((el) => el.textContent)).toEqual([
      'Birthday',
      'Customer Tier',
    ]);
  });

  it('shows the server’s refusal beside the key and keeps the dialog open', async () => {
    mockApi({
      'GET /api/contact-fields': { body: list(true, [TIER]) },
      'POST /api/contact-fields': {
        status: 409,
        body: { error: 'field_key_taken', message: 'A field with this key already exists' },
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Add field' }));
    const dialog = screen.getByRole('dialog');
    await user.type(within(dialog).getByLabelText('Label'), 'Tier');
    await user.click(within(dialog).getByRole('button', { name: 'Add field' }));
    expect(await within(dialog).findByText('A field with this key already exists')).toBeTruthy();
    expect(within(dialog).getByLabelText('Key').getAttribute('aria-invalid')).toBe('true');
  });

  it('renames a field and edits its options; the key and type stay', async () => {
    let patched: Record<string, unknown> | null = null;
    mockApi({
      'GET /api/contact-fields': { body: list(true, [TIER]) },
      'PATCH /api/contact-fields/f1': (init) => {
        patched = body(init);
        return { body: { field: { ...TIER, ...patched } } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Edit Tier' }));
    const dialog = screen.getByRole('dialog');
    expect(within(dialog).queryByLabelText('Key')).toBeNull();
    expect(within(dialog).getByText('tier')).toBeTruthy();
    const label = within(dialog).getByLabelText('Label');
    await user.clear(label);
    await user.type(label, 'Loyalty tier');
    await user.type(within(dialog).getByLabelText('Option 2'), '{Enter}Bronze');
    await user.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(patched).toEqual({ label: 'Loyalty tier', options: ['Gold', 'Silver', 'Bronze'] });
  });

  it('asks before deleting and says how many contacts hold a value', async () => {
    let deleted = false;
    mockApi({
      'GET /api/contact-fields': () => ({ body: list(true, deleted ? [BIRTHDAY] : [TIER, BIRTHDAY]) }),
      'GET /api/contact-fields/f1/usage': { body: { contactCount: 3 } },
      'DELETE /api/contact-fields/f1': () => {
        deleted = true;
        return { body: { deleted: true, contactCount: 3 } };
      },
    });
    const user = userEvent.setup();
    render();
    await user.click(await screen.findByRole('button', { name: 'Delete Tier' }));
    const dialog = screen.getByRole('alertdialog');
    expect((await within(dialog).findByTestId('contact-field-usage')).textContent).toBe(
      'Delete this field? 3 contacts hold a value, which will be lost.',
    );
    expect(deleted).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete field' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(deleted).toBe(true);
    expect(screen.getAllByTestId('contact-field-label').map((el) => el.textContent)).toEqual(['Birthday']);
  });

  it('moves a field down by saving the new positions', async () => {
    const stored = new Map([
      ['f1', TIER],
      ['f2', BIRTHDAY],
    ]);
    const patches: [string, unknown][] = [];
    const patch = (id: string) => (init: RequestInit | undefined) => {
      patches.push([id, body(init)]);
      stored.set(id, { ...stored.get(id)!, ...body(init) });
      return { body: { field: stored.get(id) } };
    };
    mockApi({
      'GET /api/contact-fields': () => ({
        body: list(
          true,
          [...stored.values()].sort((a, b) => a.position - b.position),
        ),
      }),
      'PATCH /api/contact-fields/f1': patch('f1'),
      'PATCH /api/contact-fields/f2': patch('f2'),
    });
    const user = userEvent.setup();
    render();
    expect((await screen.findByRole('button', { name: 'Move Tier up' })).hasAttribute('disabled')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Move Tier down' }));
    expect(screen.getAllByTestId('contact-field-label').map((el) => el.textContent)).toEqual([
      'Birthday',
      'Tier',
    ]);
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches).toContainEqual(['f1', { position: 1 }]);
    expect(patches).toContainEqual(['f2', { position: 0 }]);
    // At the end now: the keyboard stays on the field's other move button.
    await waitFor(() => expect(document.activeElement?.getAttribute('aria-label')).toBe('Move Tier up'));
  });
});

describe('moveField', () => {
  it('renumbers only what changed, and refuses to move past an end', () => {
    const fields = [
      { id: 'a', position: 0 },
      { id: 'b', position: 1 },
      { id: 'c', position: 2 },
    ];
    expect(moveField(fields, 'c', -1)?.changes).toEqual([
      { id: 'c', position: 1 },
      { id: 'b', position: 2 },
    ]);
    expect(moveField(fields, 'a', -1)).toBeNull();
    expect(moveField(fields, 'c', 1)).toBeNull();
  });
});
