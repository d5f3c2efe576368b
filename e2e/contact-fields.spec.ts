import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { screenshot } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

const MAYA = { waId: '16505550199', name: 'Maya Patel' };
/** Screenshots to look at, beside the run's own output (E2E_OUTPUT_DIR). */
const SHOTS = process.env.E2E_OUTPUT_DIR;
const shot = async (page: Page, name: string) => {
  await screenshot(page, name);
  if (SHOTS) await page.screenshot({ path: path.join(SHOTS, `${name}.png`), animations: 'disabled' });
};

test('an owner defines a select and a date field, fills them in on a contact, and they stay', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Hi! Do you do wedding bouquets?');
  const contactId = await contactIdFor(page, MAYA.waId);

  await page.goto('/app/settings');
  await page.getByRole('link', { name: 'Contact Fields' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/contact-fields$/);
  await expect(page.getByText('No contact fields yet')).toBeVisible();

  // A single select with three options; the key follows the label.
  await page.getByRole('button', { name: 'Add field' }).click();
  let dialog = page.getByRole('dialog', { name: 'Add contact field' });
  await dialog.getByLabel('Label').fill('Customer tier');
  await expect(dialog.getByLabel('Key')).toHaveValue('customer_tier');
  await dialog.getByText('Single select').click();
  await dialog.getByRole('textbox', { name: 'Option 1', exact: true }).fill('Gold');
  await dialog.getByRole('textbox', { name: 'Option 1', exact: true }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).fill('Silver');
  await dialog.getByRole('textbox', { name: 'Option 2', exact: true }).press('Enter');
  await dialog.getByRole('textbox', { name: 'Option 3', exact: true }).fill('Bronze');
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();

  // A date field, its key edited by hand.
  await page.getByRole('button', { name: 'Add field' }).click();
  dialog = page.getByRole('dialog', { name: 'Add contact field' });
  await dialog.getByLabel('Label').fill('Wedding date');
  await dialog.getByLabel('Key').fill('wedding_on');
  await dialog.getByText('Date', { exact: true }).click();
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();

  const rows = page.getByTestId('contact-field-row');
  await expect(rows.getByTestId('contact-field-label')).toHaveText(['Customer tier', 'Wedding date']);
  await expect(rows.getByTestId('contact-field-key')).toHaveText(['customer_tier', 'wedding_on']);
  await shot(page, 'contact-fields-settings');
  await expectNoAxeViolations(page, 'Settings → Contact fields');

  // The same with the add dialog open, and on a phone.
  await page.getByRole('button', { name: 'Add field' }).click();
  await page.getByRole('dialog', { name: 'Add contact field' }).getByText('Single select').click();
  await shot(page, 'contact-fields-add-dialog');
  await expectNoAxeViolations(page, 'the add-field dialog');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 390, height: 844 });
  await shot(page, 'contact-fields-settings-phone');
  await expectNoAxeViolations(page, 'Settings → Contact fields on a phone');
  await page.setViewportSize({ width: 1440, height: 900 });

  // The chat's contact panel: set both values.
  await page.goto(`/app/chats?contact=${contactId}`);
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  const panel = page.getByTestId('contact-panel');
  const fields = panel.getByTestId('contact-fields');
  await expect(fields.getByLabel('Customer tier', { exact: true })).toHaveValue('');
  await fields.getByLabel('Customer tier', { exact: true }).selectOption('Silver');
  await expect(fields.getByText('Customer tier saved')).toBeAttached();
  await fields.getByLabel('Wedding date', { exact: true }).fill('2027-06-12');
  await fields.getByLabel('Wedding date', { exact: true }).press('Enter');
  await expect(fields.getByText('Wedding date saved')).toBeAttached();
  await shot(page, 'contact-fields-panel');
  await expectNoAxeViolations(page, 'the contact panel with fields', '[data-testid="contact-panel"]');

  // After a reload they are still there.
  await page.reload();
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  await expect(fields.getByLabel('Customer tier', { exact: true })).toHaveValue('Silver');
  await expect(fields.getByLabel('Wedding date', { exact: true })).toHaveValue('2027-06-12');

  // Deleting the date field says that one contact holds a value; the panel no longer shows it.
  await page.goto('/app/settings/contact-fields');
  await page.getByRole('button', { name: 'Delete Wedding date' }).click();
  const confirm = page.getByRole('alertdialog');
  await expect(confirm).toContainText('Delete this field? 1 contact holds a value, which will be lost.');
  await shot(page, 'contact-fields-delete-confirm');
  await confirm.getByRole('button', { name: 'Delete field' }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByTestId('contact-field-label')).toHaveText(['Customer tier']);
  await page.goto(`/app/chats?contact=${contactId}`);
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  await expect(fields.getByLabel('Customer tier', { exact: true })).toHaveValue('Silver');
  await expect(fields.getByLabel('Wedding date', { exact: true })).toHaveCount(0);
});
