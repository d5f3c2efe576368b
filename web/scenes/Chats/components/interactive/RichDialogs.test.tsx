import { INTERACTIVE_MSG as M } from '@common/api/interactive';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../../../test/render';
import { contactRow, stubInboxApi } from '../../shortcuts/testInbox';
import { RichDialogs, type RichKind } from './RichDialogs';

/**
 * The composer's dialogs check what the agent types against the contract as they type — in the
 * contract's words — keep Send off until it passes, preview the message, and send what was typed.
 * Outside the 24-hour window they say so and offer templates instead of sending.
 */

// Typing letter by letter on a busy machine is slow.
vi.setConfig({ testTimeout: 30_000 });

function open(kind: RichKind, canSend = true) {
  const props = {
    onClose: vi.fn(),
    onOpenTemplates: vi.fn(),
    onSend: vi.fn(async () => {}),
  };
  renderScreen(<RichDialogs open={kind} canSend={canSend} {...props} />);
  return { ...props, user: userEvent.setup(), dialog: screen.getByRole('dialog') };
}

describe('reply buttons dialog', () => {
  it('checks as you type, previews, and sends the buttons', async () => {
    const { user, dialog, onSend } = open('buttons');
    const send = within(dialog).getByRole('button', { name: 'Send buttons' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText('Message'), 'Shall we deliver tomorrow?');
    await user.type(within(dialog).getByLabelText('Button 1'), 'Yes, tomorrow morning!');
    expect(within(dialog).getByText(M.buttonTitleTooLong)).toBeTruthy();
    expect(within(dialog).getByText('22/20')).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);

    await user.clear(within(dialog).getByLabelText('Button 1'));
    await user.type(within(dialog).getByLabelText('Button 1'), 'Yes');
    await user.click(within(dialog).getByRole('button', { name: 'Add button' }));
    await user.type(within(dialog).getByLabelText('Button 2'), 'Yes');
    expect(within(dialog).getByText(M.buttonTitleUnique)).toBeTruthy();
    expect(send).toHaveProperty('disabled', true);
    await user.type(within(dialog).getByLabelText('Button 2'), ', later');

    await user.click(within(dialog).getByRole('button', { name: 'Add button' }));
    await user.type(within(dialog).getByLabelText('Button 3'), 'No');
    expect(within(dialog).getByRole('button', { name: 'Add button' })).toHaveProperty('disabled', true);

    const preview = within(dialog).getByTestId('phone-preview');
    expect(preview.textContent).toContain('Shall we deliver tomorrow?');
    expect(
      within(preview)
        .getAllByRole('listitem')
        .map((b) => b.textContent),
    ).toEqual(['Yes', 'Yes, later', 'No']);

    expect(send).toHaveProperty('disabled', false);
    await user.click(send);
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'buttons',
        body: 'Shall we deliver tomorrow?',
        buttons: [{ title: 'Yes' }, { title: 'Yes, later' }, { title: 'No' }],
      }),
    );
  });

  it('says a message text is required once the agent emptied it', async () => {
    const { user, dialog } = open('buttons');
    const body = within(dialog).getByLabelText('Message');
    await user.type(body, 'x');
    expect(within(dialog).queryByText(M.bodyRequired)).toBeNull();
    await user.clear(body);
    expect(within(dialog).getByText(M.bodyRequired)).toBeTruthy();
    expect(body.getAttribute('aria-invalid')).toBe('true');
  });

  it('offers a template instead of Send when the window is closed', async () => {
    const { user, dialog, onOpenTemplates, onClose } = open('buttons', false);
    await user.type(within(dialog).getByLabelText('Message'), 'Hello');
    await user.type(within(dialog).getByLabelText('Button 1'), 'Hi');
    expect(within(dialog).getByText(/24-hour messaging window is closed/)).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Send buttons' })).toHaveProperty('disabled', true);
    await user.click(within(dialog).getByRole('button', { name: 'Send Template Message' }));
    expect(onClose).toHaveBeenCalled();
    expect(onOpenTemplates).toHaveBeenCalled();
  });
});

describe('list dialog', () => {
  it('asks for section titles when there are two sections and sends the rows', async () => {
    const { user, dialog, onSend } = open('list');
    await user.type(within(dialog).getByLabelText('Message'), 'Which pot?');
    await user.type(within(dialog).getByLabelText('List button label'), 'Choose a pot');
    await user.type(within(dialog).getByLabelText('Section 1, row 1 title'), 'Small clay');
    await user.type(within(dialog).getAllByLabelText(/Description/)[0]!, 'x'.repeat(73));
    expect(within(dialog).getByText(M.rowDescriptionTooLong)).toBeTruthy();
    await user.clear(within(dialog).getAllByLabelText(/Description/)[0]!);

    await user.click(within(dialog).getByRole('button', { name: 'Add section' }));
    await user.type(within(dialog).getByLabelText('Section 2, row 1 title'), 'Medium ceramic');
    expect(within(dialog).getAllByText(M.sectionTitleRequired).length).toBeGreaterThan(0);
    const send = within(dialog).getByRole('button', { name: 'Send list' });
    expect(send).toHaveProperty('disabled', true);

    await user.type(within(dialog).getByLabelText(/Section 1 title/), 'Clay');
    await user.type(within(dialog).getByLabelText(/Section 2 title/), 'Ceramic');
    expect(within(dialog).getByText('2/10 rows')).toBeTruthy();
    expect(send).toHaveProperty('disabled', false);

    const preview = within(dialog).getByTestId('phone-preview');
    await user.click(within(preview).getByRole('button', { name: 'Choose a pot' }));
    expect(within(preview).getByRole('region', { name: 'Ceramic' }).textContent).toContain('Medium ceramic');

    await user.click(send);
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'list',
        button: 'Choose a pot',
        sections: [
          { title: 'Clay', rows: [{ title: 'Small clay', description: '' }] },
          { title: 'Ceramic', rows: [{ title: 'Medium ceramic', description: '' }] },
        ],
      }),
    );
  });

  it('stops adding rows at 10 in all', async () => {
    const { user, dialog } = open('list');
    const add = within(dialog).getByRole('button', { name: 'Add row to section 1' });
    for (let i = 0; i < 9; i++) await user.click(add);
    expect(within(dialog).getByText('10/10 rows')).toBeTruthy();
    expect(add).toHaveProperty('disabled', true);
    expect(within(dialog).getByRole('button', { name: 'Add section' })).toHaveProperty('disabled', true);
  });
});

describe('link button, location and contact card dialogs', () => {
  it('wants a web address for the link button', async () => {
    const { user, dialog, onSend } = open('cta_url');
    await user.type(within(dialog).getByLabelText('Message'), 'Track your order');
    await user.type(within(dialog).getByLabelText('Button label'), 'Track order');
    await user.type(within(dialog).getByLabelText('Link'), 'example.com/42');
    expect(within(dialog).getByText(M.ctaUrlInvalid)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Link'));
    await user.type(within(dialog).getByLabelText('Link'), 'https://example.com/42');
    expect(within(dialog).queryByText(M.ctaUrlInvalid)).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Send link button' }));
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({ type: 'cta_url', displayText: 'Track order', url: 'https://example.com/42' }),
    );
  });

  it('checks the coordinates of a location', async () => {
    const { user, dialog, onSend } = open('location');
    await user.type(within(dialog).getByLabelText('Latitude'), '95');
    expect(within(dialog).getByText(M.latitudeInvalid)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Latitude'));
    await user.type(within(dialog).getByLabelText('Latitude'), '59.9139');
    await user.type(within(dialog).getByLabelText('Longitude'), '10.7522');
    await user.type(within(dialog).getByLabelText(/Place name/), 'Fjord Plants');
    expect(within(dialog).getByTestId('phone-preview').textContent).toContain('59.91390, 10.75220');
    await user.click(within(dialog).getByRole('button', { name: 'Send location' }));
    expect(onSend).toHaveBeenCalledWith(
      expect.objectContaining({
        type: 'location',
        latitude: '59.9139',
        longitude: '10.7522',
        name: 'Fjord Plants',
      }),
    );
  });

  it('fills a contact card from our contacts', async () => {
    stubInboxApi({
      mine: [contactRow('c-9', { name: 'Sofia Lind', phone: '+46701234567', waId: '46701234567' })],
    });
    const { user, dialog, onSend } = open('contacts');
    await user.type(within(dialog).getByLabelText('Find in your contacts'), 'Sofia');
    await user.click(await within(dialog).findByRole('button', { name: /Sofia Lind/ }));
    expect(within(dialog).getByLabelText('Name')).toHaveProperty('value', 'Sofia Lind');
    expect(within(dialog).getByLabelText('Phone 1')).toHaveProperty('value', '+46701234567');
    await user.click(within(dialog).getByRole('button', { name: 'Send contact' }));
    expect(onSend).toHaveBeenCalledWith({
      type: 'contacts',
      cards: [{ name: 'Sofia Lind', phones: [{ phone: '+46701234567', type: 'CELL', waId: '46701234567' }] }],
    });
  });

  it('takes a typed name and number for a contact card', async () => {
    stubInboxApi({});
    const { user, dialog, onSend } = open('contacts');
    await user.type(within(dialog).getByLabelText('Name'), 'Ingrid Dahl');
    await user.type(within(dialog).getByLabelText('Phone 1'), 'abc');
    expect(within(dialog).getByText(M.contactPhoneInvalid)).toBeTruthy();
    await user.clear(within(dialog).getByLabelText('Phone 1'));
    await user.type(within(dialog).getByLabelText('Phone 1'), '+47 22 12 34 56');
    expect(within(dialog).getByTestId('phone-preview').textContent).toContain('Ingrid Dahl');
    await user.click(within(dialog).getByRole('button', { name: 'Send contact' }));
    expect(onSend).toHaveBeenCalledWith({
      type: 'contacts',
      cards: [{ name: 'Ingrid Dahl', phones: [{ phone: '+47 22 12 34 56', type: undefined }] }],
    });
  });
});
