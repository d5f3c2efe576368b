import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { openSandboxPhone, screenshot } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

/**
 * An agent sends reply buttons and a list from the composer's attach menu; the customer taps a button
 * and picks a row on the sandbox phone; the inbox shows both replies quoting the messages they answer.
 * Screenshots in .tmp/screens/interactive-*.png.
 */

const CUSTOMER = { waId: '16505550318', name: 'Lena Vogt' };

async function openFromAttachMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Attach' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

test('reply buttons and a list go out from the composer, and the customer’s taps come back quoting them', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Vogt Bikes');
  await addCustomer(page.request, inbox.phoneNumberId, CUSTOMER.waId, CUSTOMER.name);
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMER.waId, 'Is my bike ready?');
  const contactId = await contactIdFor(page, CUSTOMER.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  const message = (text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });
  await expect(message('Is my bike ready?')).toBeVisible();

  // Reply buttons: the checks speak as the agent types, the preview follows, Send waits for a valid form.
  const buttons = await openFromAttachMenu(page, 'Reply buttons');
  const sendButtons = buttons.getByRole('button', { name: 'Send buttons' });
  await expect(sendButtons).toBeDisabled();
  await buttons.getByLabel(/^Header/).fill('Pick-up');
  await buttons.getByLabel('Message', { exact: true }).fill('Your bike is ready. When will you pick it up?');
  await buttons.getByLabel('Button 1', { exact: true }).fill('Today after work, please');
  await expect(buttons.getByText('Button title cannot exceed 20 characters')).toBeVisible();
  await expect(sendButtons).toBeDisabled();
  await buttons.getByLabel('Button 1', { exact: true }).fill('Today');
  await buttons.getByRole('button', { name: 'Add button' }).click();
  await buttons.getByLabel('Button 2', { exact: true }).fill('Tomorrow');
  await expect(buttons.getByTestId('phone-preview')).toContainText('Tomorrow');
  await screenshot(page, 'interactive-buttons-dialog', { fullPage: false });
  await sendButtons.click();
  await expect(buttons).toHaveCount(0);
  const sentButtons = message('When will you pick it up?');
  await expect(sentButtons.getByRole('list', { name: 'Reply buttons' })).toContainText('Tomorrow');
  await expect(sentButtons.getByLabel(/Sent|Delivered|Read/).first()).toBeVisible();

  // A list, filled by keyboard from the attach menu's typeahead.
  await page.getByRole('button', { name: 'Attach' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'List' }).click();
  const list = page.getByRole('dialog', { name: 'List' });
  await list.getByLabel('Message', { exact: true }).fill('Which lock would you like with it?');
  await list.getByLabel('List button label', { exact: true }).fill('Choose a lock');
  await list.getByLabel('Section 1, row 1 title', { exact: true }).fill('Cable lock');
  await list
    .getByLabel(/^Description/)
    .first()
    .fill('Light, 1.8 m');
  await list.getByRole('button', { name: 'Add section' }).click();
  await expect(
    list.getByText('Each section needs a title when the list has more than one').first(),
  ).toBeVisible();
  await list.getByLabel('Section 1 title', { exact: true }).fill('Light');
  await list.getByLabel('Section 2 title', { exact: true }).fill('Strong');
  await list.getByLabel('Section 2, row 1 title', { exact: true }).fill('U-lock');
  await list.getByTestId('phone-preview').getByRole('button', { name: 'Choose a lock' }).click();
  await expect(list.getByTestId('phone-preview')).toContainText('U-lock');
  await screenshot(page, 'interactive-list-dialog', { fullPage: false });
  await list.getByRole('button', { name: 'Send list' }).click();
  await expect(list).toHaveCount(0);
  await expect(
    message('Which lock would you like with it?').getByRole('button', { name: 'Choose a lock' }),
  ).toBeVisible();
  await screenshot(page, 'interactive-sent', { fullPage: false });

  // The customer taps a button and picks a row on the sandbox phone.
  const phone = await page.context().newPage();
  await openSandboxPhone(phone, inbox.phoneNumberId);
  await phone.getByTestId('sandbox-customer').filter({ hasText: CUSTOMER.name }).click();
  await phone.getByRole('button', { name: 'Tomorrow' }).click();
  await phone.getByRole('button', { name: 'Choose a lock' }).click();
  await phone.getByRole('button', { name: /U-lock/ }).click();
  await expect(phone.getByTestId('sandbox-message').filter({ hasText: 'U-lock' }).last()).toHaveAttribute(
    'data-from',
    'customer',
  );
  await phone.close();

  // The inbox shows both replies, each quoting the message it answers.
  const tapped = page.getByTestId('message').filter({ hasText: 'Button reply' });
  await expect(tapped).toContainText('Tomorrow');
  await expect(tapped.getByTestId('reply-quote')).toContainText('When will you pick it up?');
  const picked = page.getByTestId('message').filter({ hasText: 'List reply' });
  await expect(picked).toContainText('U-lock');
  await expect(picked.getByTestId('reply-quote')).toContainText('Which lock would you like with it?');
  await screenshot(page, 'interactive-replies', { fullPage: false });
  await expectNoAxeViolations(page, 'chat with interactive messages and replies');
});

test('a link button, a place and a contact card go out from the composer and show on both phones', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Vogt Bikes');
  const customer = { waId: '16505550319', name: 'Jon Berg' };
  await addCustomer(page.request, inbox.phoneNumberId, customer.waId, customer.name);
  await addCustomer(page.request, inbox.phoneNumberId, CUSTOMER.waId, CUSTOMER.name);
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMER.waId, 'Hello from Lena');
  await customerSays(page.request, inbox.phoneNumberId, customer.waId, 'Where is your shop?');
  const contactId = await contactIdFor(page, customer.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  const message = (text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });
  await expect(message('Where is your shop?')).toBeVisible();

  const link = await openFromAttachMenu(page, 'Link button');
  await link.getByLabel('Message', { exact: true }).fill('Book your service online.');
  await link.getByLabel('Button label', { exact: true }).fill('Book now');
  await link.getByLabel('Link', { exact: true }).fill('https://example.com/book');
  await link.getByRole('button', { name: 'Send link button' }).click();
  await expect(message('Book your service online.').getByRole('link', { name: 'Book now' })).toHaveAttribute(
    'href',
    'https://example.com/book',
  );

  const place = await openFromAttachMenu(page, 'Location');
  await place.getByLabel('Latitude', { exact: true }).fill('95');
  await expect(place.getByText('Latitude must be a number between -90 and 90')).toBeVisible();
  await place.getByLabel('Latitude', { exact: true }).fill('52.52');
  await place.getByLabel('Longitude', { exact: true }).fill('13.405');
  await place.getByLabel(/^Place name/).fill('Vogt Bikes');
  await place.getByLabel(/^Address/).fill('Torstraße 1, Berlin');
  await place.getByRole('button', { name: 'Send location' }).click();
  await expect(message('Torstraße 1, Berlin')).toContainText('52.52000, 13.40500');

  // A contact card from our contacts: Lena's name and number, picked by search.
  const card = await openFromAttachMenu(page, 'Contact');
  await card.getByLabel('Find in your contacts', { exact: true }).fill('Lena');
  await card.getByRole('button', { name: /Lena Vogt/ }).click();
  await expect(card.getByLabel('Phone 1', { exact: true })).toHaveValue(`+${CUSTOMER.waId}`);
  await card.getByRole('button', { name: 'Send contact' }).click();
  await expect(message('Lena Vogt').getByRole('link', { name: `+${CUSTOMER.waId}` })).toBeVisible();
  await expect(
    message('Lena Vogt')
      .getByLabel(/Sent|Delivered|Read/)
      .first(),
  ).toBeVisible();
  await screenshot(page, 'interactive-link-place-card', { fullPage: false });

  const phone = await page.context().newPage();
  await openSandboxPhone(phone, inbox.phoneNumberId);
  await phone.getByTestId('sandbox-customer').filter({ hasText: customer.name }).click();
  await expect(phone.getByRole('link', { name: 'Book now' })).toHaveAttribute(
    'href',
    'https://example.com/book',
  );
  await expect(phone.getByTestId('sandbox-location')).toContainText('52.5200° N, 13.4050° E');
  await expect(phone.getByTestId('sandbox-contact')).toContainText('Lena Vogt');
  await screenshot(phone, 'interactive-link-place-card-phone');
  await phone.close();
});
