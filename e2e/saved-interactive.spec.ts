import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { openSandboxPhone, screenshot } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber, samplePng } from './inbox-helpers';

/**
 * Issue 17: the agent keeps reply buttons as a saved message and later sends them with '/'; reply
 * buttons with an image header go out too. Our chat and the sandbox phone show both.
 * Screenshots in .tmp/screens/saved-interactive-*.png.
 */

const CUSTOMER = { waId: '16505550377', name: 'Ines Moreau' };

async function openFromAttachMenu(page: Page, item: string) {
  await page.getByRole('button', { name: 'Attach' }).click();
  await page.getByRole('menuitem', { name: item }).click();
  return page.getByRole('dialog', { name: item });
}

test('reply buttons kept as a saved message go out from the / panel; an image header reaches the phone', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Moreau Plants');
  await addCustomer(page.request, inbox.phoneNumberId, CUSTOMER.waId, CUSTOMER.name);
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMER.waId, 'Do you deliver on Saturdays?');
  const contactId = await contactIdFor(page, CUSTOMER.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  const message = (text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });
  await expect(message('Do you deliver on Saturdays?')).toBeVisible();

  // Kept without sending: the name is asked for before Save only works.
  const dialog = await openFromAttachMenu(page, 'Reply buttons');
  await dialog.getByLabel('Header text').fill('Delivery');
  await dialog.getByLabel('Message', { exact: true }).fill('Which day suits you for delivery?');
  await dialog.getByLabel('Button 1', { exact: true }).fill('Saturday');
  await dialog.getByRole('button', { name: 'Add button' }).click();
  await dialog.getByLabel('Button 2', { exact: true }).fill('Next week');
  await dialog.getByRole('checkbox', { name: 'Save as saved message' }).check();
  await expect(dialog.getByText('Please enter a title for your saved message')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Save only' })).toBeDisabled();
  await dialog.getByLabel('Saved message name').fill('Delivery day');
  await screenshot(page, 'saved-interactive-dialog', { fullPage: false });
  await expectNoAxeViolations(page, 'reply buttons dialog with the save option', '[role="dialog"]');
  await dialog.getByRole('button', { name: 'Save only' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(message('Which day suits you for delivery?')).toHaveCount(0);

  // Later: '/' lists it with its kind; Enter sends it as it was saved.
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/deliv');
  const option = page.getByRole('option', { name: /Delivery day/ });
  await expect(option).toContainText('Reply buttons');
  await screenshot(page, 'saved-interactive-panel', { fullPage: false });
  await expectNoAxeViolations(
    page,
    'the / panel with a saved reply-buttons message',
    '[data-testid="saved-panel"]',
  );
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const sent = message('Which day suits you for delivery?');
  await expect(sent.getByRole('list', { name: 'Reply buttons' })).toContainText('Next week');
  await expect(sent.getByLabel(/Sent|Delivered|Read/).first()).toBeVisible();
  await expect(box).toHaveValue('');

  // Reply buttons with an image header: the file uploads when picked and shows in the preview.
  const withImage = await openFromAttachMenu(page, 'Reply buttons');
  await withImage.getByRole('radio', { name: 'Image' }).check();
  await expect(withImage.getByRole('button', { name: 'Send buttons' })).toBeDisabled();
  await withImage.getByLabel('Image file').setInputFiles({
    name: 'ficus.png',
    mimeType: 'image/png',
    buffer: samplePng(480, 320),
  });
  await expect(withImage.getByText('ficus.png ready')).toBeVisible();
  await withImage
    .getByLabel('Message', { exact: true })
    .fill('This ficus is back in stock. Shall we keep one?');
  await withImage.getByLabel('Button 1', { exact: true }).fill('Yes please');
  const previewImage = withImage.getByTestId('phone-preview').getByRole('img', { name: 'Header' });
  await expect.poll(() => previewImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await screenshot(page, 'saved-interactive-image-dialog', { fullPage: false });
  await expectNoAxeViolations(page, 'reply buttons dialog with an image header', '[role="dialog"]');
  await withImage.getByRole('button', { name: 'Send buttons' }).click();
  await expect(withImage).toHaveCount(0);
  const imageMessage = message('This ficus is back in stock.');
  await expect(imageMessage.getByLabel(/Sent|Delivered|Read/).first()).toBeVisible();
  const chatImage = imageMessage.getByTestId('interactive-header-media').getByRole('img').first();
  await expect.poll(() => chatImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await screenshot(page, 'saved-interactive-chat', { fullPage: false });
  await expectNoAxeViolations(page, 'chat with saved and image-header reply buttons');

  // The customer's phone: the saved buttons, and the image above the second message's buttons.
  const phone = await page.context().newPage();
  await openSandboxPhone(phone, inbox.phoneNumberId);
  await phone.getByTestId('sandbox-customer').filter({ hasText: CUSTOMER.name }).click();
  const savedOnPhone = phone.getByTestId('sandbox-message').filter({ hasText: 'Which day suits you' });
  await expect(savedOnPhone.getByRole('button', { name: 'Saturday' })).toBeVisible();
  await expect(savedOnPhone.getByRole('button', { name: 'Next week' })).toBeVisible();
  const imageOnPhone = phone
    .getByTestId('sandbox-message')
    .filter({ hasText: 'This ficus is back in stock' });
  await expect(imageOnPhone.getByRole('button', { name: 'Yes please' })).toBeVisible();
  const phoneImage = imageOnPhone.getByRole('img').first();
  await expect.poll(() => phoneImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await screenshot(phone, 'saved-interactive-phone');
  await phone.close();

  // Settings → Saved Messages shows it as the phone does, with its kind; it can be deleted.
  await page.goto('/app/settings/saved-messages');
  const row = page.getByTestId('saved-message').filter({ hasText: 'Delivery day' });
  await expect(row).toContainText('Reply buttons');
  await expect(row.getByRole('list', { name: 'Reply buttons' })).toContainText('Saturday');
  await expect(row.getByRole('button', { name: 'Edit Delivery day' })).toHaveCount(0);
  await screenshot(page, 'saved-interactive-settings');
  await expectNoAxeViolations(page, 'saved messages settings with an interactive one');
  await row.getByRole('button', { name: 'Delete Delivery day' }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click();
  await expect(row).toHaveCount(0);
});
