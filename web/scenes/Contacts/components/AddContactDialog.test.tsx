import type { ContactField } from '@common/api/contact-fields';
import { NEW_CONTACT_MSG } from '@common/api/new-contact';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi, renderScreen, signedInSession } from '../../../test/render';
import { AddContactDialog } from './AddContactDialog';

const PLAN: ContactField = {
  id: '2d0f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f',
  key: 'plan',
  label: 'Plan',
  type: 'select',
  options: ['Free', 'Pro'],
  position: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
};
const SEATS: ContactField = {
  ...PLAN,
  id: '3e1f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f',
  key: 'seats',
  label: 'Seats',
  type: 'number',
  options: [],
};

function open(post: Parameters<typeof mockApi>[0][string]) {
  const fetchMock = mockApi({
    'GET /api/contact-fields': { body: { fields: [PLAN, SEATS], abilities: { manage: true } } },
    'GET /api/tags': {
      body: { tags: [{ id: '0b8f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f', name: 'VIP', contactCount: 2 }] },
    },
    'POST /api/contacts': post,
  });
  const onOpenContact = vi.fn();
  const onClose = vi.fn();
  renderScreen(<AddContactDialog isOpen onClose={onClose} onOpenContact={onOpenContact} />, {
    session: signedInSession(),
  });
  return { fetchMock, onOpenContact, onClose };
}

const phoneField = () => screen.getByLabelText('Phone number');

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

describe('Add contact', () => {
  it('asks for a phone number before sending anything', async () => {
    const { fetchMock } = open({ status: 201, body: { contactId: 'new' } });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(screen.getByText(NEW_CONTACT_MSG.phoneRequired)).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
  });

  it('sends name, phone, tags and typed custom fields, then opens the new contact', async () => {
    const { fetchMock, onOpenContact } = open({ status: 201, body: { contactId: 'c_new' } });
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Maya Patel');
    await user.type(phoneField(), '+1 650 555 0177');
    await user.click(await screen.findByRole('checkbox', { name: 'VIP' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Plan' }), 'Pro');
    await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '12');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    await waitFor(() => expect(onOpenContact).toHaveBeenCalledWith('c_new'));
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')!;
    expect(JSON.parse(String(post[1]!.body))).toEqual({
      name: 'Maya Patel',
      phone: '+1 650 555 0177',
      tagIds: ['0b8f3c1e-5a4b-4c2d-9e8f-1a2b3c4d5e6f'],
      fields: { plan: 'Pro', seats: '12' },
    });
  });

  it("shows the server's phone error at the phone field", async () => {
    open({
      status: 400,
      body: { error: 'invalid_phone', message: NEW_CONTACT_MSG.phoneInvalid, field: 'phone' },
    });
    const user = userEvent.setup();
    await user.type(phoneField(), '12');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText(NEW_CONTACT_MSG.phoneInvalid)).toBeTruthy();
    expect(phoneField().getAttribute('aria-invalid')).toBe('true');
  });

  it('on a number already taken, offers to open the existing contact', async () => {
    const { onOpenContact, onClose } = open({
      status: 409,
      body: { error: 'contact_exists', message: NEW_CONTACT_MSG.exists, contactId: 'c_existing' },
    });
    const user = userEvent.setup();
    await user.type(phoneField(), '+1 650 555 0177');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText(NEW_CONTACT_MSG.exists)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open existing contact' }));
    expect(onClose).toHaveBeenCalled();
    expect(onOpenContact).toHaveBeenCalledWith('c_existing');
  });

  it("puts a custom field's type error beside that field", async () => {
    open({ status: 400, body: { error: 'invalid_field', message: 'Seats (seats): must be a number' } });
    const user = userEvent.setup();
    await user.type(phoneField(), '+1 650 555 0177');
    await user.type(screen.getByRole('spinbutton', { name: 'Seats' }), '3');
    await user.click(screen.getByRole('button', { name: 'Add contact' }));
    expect(await screen.findByText('Seats (seats): must be a number')).toBeTruthy();
    expect(screen.getByRole('spinbutton', { name: 'Seats' }).getAttribute('aria-invalid')).toBe('true');
  });
});
