import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { screenshot } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

const MAYA = { waId: '16505550188', name: 'Maya Patel' };
const ANA = { waId: '16505550189', name: 'Ana Garcia' };

test('an archived chat is found again in Archived, unarchived, and back in the inbox', async ({ page }) => {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await addCustomer(page.request, inbox.phoneNumberId, ANA.waId, ANA.name);
  await customerSays(page.request, inbox.phoneNumberId, ANA.waId, 'Do you deliver on Sundays?');
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Is the peony bouquet still available?');
  const contactId = await contactIdFor(page, MAYA.waId);

  await page.goto(`/app/chats?contact=${contactId}`);
  const list = page.getByTestId('contact-list');
  const mayaRow = list.getByTestId('contact-row').filter({ hasText: MAYA.name });
  await expect(mayaRow).toBeVisible();

  // The owner answers: the list says 'You:' before their own message.
  await page.getByRole('textbox', { name: 'Message' }).fill('Yes! Shall I keep one for you?');
  await page.keyboard.press('Enter');
  await expect(mayaRow.getByTestId('last-message')).toHaveText('You: Yes! Shall I keep one for you?');

  // Archive from the contact panel: the chat leaves the inbox tab.
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  const panel = page.getByTestId('contact-panel');
  await panel.getByRole('button', { name: /^Archive/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Archive this contact?' });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(mayaRow).toHaveCount(0);
  await expect(list.getByTestId('contact-row').filter({ hasText: ANA.name })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // 'Archived' in the list header, from the keyboard: the view lists the archived chat.
  await page.getByRole('button', { name: 'Archived', exact: true }).focus();
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(/tab=archived/);
  const archived = page.getByRole('complementary', { name: 'Archived chats' });
  await expect(archived.getByRole('heading', { name: 'Archived' })).toBeFocused();
  const archivedRow = archived.getByTestId('contact-row').filter({ hasText: MAYA.name });
  await expect(archivedRow).toBeVisible();
  await expect(archived.getByTestId('contact-row')).toHaveCount(1);
  await expect(archivedRow.getByTestId('last-message')).toHaveText('You: Yes! Shall I keep one for you?');

  // Search in the view (Ana is in the inbox, not here), then open the chat: it says it is archived.
  const search = archived.getByRole('searchbox', { name: 'Search archived chats' });
  await search.fill('Ana');
  await expect(archived.getByTestId('contact-list-empty')).toContainText('No contacts match your search');
  await search.fill('maya');
  await expect(archivedRow).toBeVisible();
  await archived.getByRole('button', { name: 'Clear search' }).click();
  await archivedRow.getByRole('button').first().click();
  const banner = page.getByTestId('archived-banner');
  await expect(banner).toContainText('This chat is archived.');
  await expectNoAxeViolations(page, 'the Archived view', '[aria-label="Archived chats"]');
  await expectNoAxeViolations(page, 'an archived chat', '[data-testid="archived-banner"]');
  await screenshot(page, 'archived-view', { fullPage: false });

  // Unarchive: the chat leaves the view at once and is back in the inbox.
  await banner.getByRole('button', { name: 'Unarchive' }).click();
  await expect(banner).toHaveCount(0);
  await expect(archived.getByTestId('contact-list-empty')).toHaveText('No archived chats');
  await archived.getByRole('button', { name: 'Back to chats' }).click();
  await expect(page.getByRole('button', { name: 'Archived', exact: true })).toBeFocused();
  await expect(page.getByRole('tab', { name: /Unassigned \(2\)/ })).toBeVisible();
  await expect(mayaRow).toBeVisible();
  await expect(list.getByTestId('contact-row').first()).toContainText(MAYA.name);
  await screenshot(page, 'archived-back-in-inbox', { fullPage: false });
});
