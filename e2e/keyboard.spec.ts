import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

/**
 * Issue 20, by keyboard alone: Ctrl+K jumps to a chat, '/' ↓ Enter inserts a saved message, '?' lists
 * the shortcuts, Alt+↓/↑ walk the list, and the tab title counts the unread chats.
 */
const CUSTOMERS = [
  { waId: '447700900301', name: 'Ana Lima', text: 'Do you ship to Porto?' },
  { waId: '447700900302', name: 'Ben Odell', text: 'Is the shop open today?' },
  { waId: '16505550199', name: 'Maya Patel', text: 'Hi! Do you have pink tulips?' },
];
const SHOTS = process.env.KEYBOARD_SHOTS_DIR;

test('the inbox works from the keyboard: palette, saved messages, shortcut sheet, Alt+arrows, unread title', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Tulip Keys');
  for (const customer of CUSTOMERS) {
    await addCustomer(page.request, inbox.phoneNumberId, customer.waId, customer.name);
    await customerSays(page.request, inbox.phoneNumberId, customer.waId, customer.text);
  }
  const [ana, ben, maya] = await Promise.all(CUSTOMERS.map((c) => contactIdFor(page, c.waId)));
  expect(
    (
      await page.request.post('/api/saved-messages', {
        data: {
          name: 'Opening hours',
          content: 'We are open 9 to 6, Monday to Saturday.',
          attachmentId: null,
        },
      })
    ).status(),
  ).toBe(201);

  await page.goto('/app/chats');
  const rows = page.getByTestId('contact-row');
  await expect(rows).toHaveCount(3);
  // Three chats with unread messages.
  await expect(page).toHaveTitle('(3) Switchboard');

  // Ctrl+K (⌘K on a Mac) → type a name → Enter opens the chat.
  await page.keyboard.press('ControlOrMeta+k');
  const palette = page.getByRole('dialog', { name: 'Jump to conversation' });
  await expect(palette).toBeVisible();
  const search = palette.getByRole('searchbox', { name: 'Name or phone number' });
  await expect(search).toBeFocused();
  await expect(palette.getByRole('option')).toHaveCount(3);
  await expectNoAxeViolations(page, 'jump palette');
  await page.keyboard.type('maya');
  await expect(palette.getByRole('option')).toHaveCount(1);
  await expect(palette.getByRole('option')).toContainText('Maya Patel');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/palette.png`, animations: 'disabled' });
  await page.keyboard.press('Enter');
  await expect(palette).toBeHidden();
  await expect(page).toHaveURL(new RegExp(`contact=${maya}`));
  await expect(page.getByTestId('conversation-header').getByTestId('contact-name')).toHaveText('Maya Patel');
  // Opening it read it: two unread chats left.
  await expect(page).toHaveTitle('(2) Switchboard');

  // The message box has the focus: '/' → ↓ → Enter inserts the saved message.
  const box = page.getByRole('textbox', { name: 'Message' });
  await expect(box).toBeFocused();
  await page.keyboard.press('/');
  const saved = page.getByRole('listbox', { name: 'Saved messages' });
  await expect(saved.getByRole('option')).toHaveCount(1);
  await page.keyboard.press('ArrowDown');
  await expect(saved.getByRole('option', { name: /Opening hours/ })).toHaveAttribute('data-focused', 'true');
  await page.keyboard.press('Enter');
  await expect(saved).toBeHidden();
  await expect(box).toHaveValue('We are open 9 to 6, Monday to Saturday.');
  await expect(box).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'We are open 9 to 6' })).toBeVisible();
  await expect(box).toHaveValue('');

  // '/' then Escape closes the list, and the focus stays in the message box.
  await page.keyboard.press('/');
  await expect(saved).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(saved).toBeHidden();
  await expect(box).toBeFocused();
  await expect(box).toHaveValue('');

  // Out of the text field, '?' shows every shortcut; Escape puts the sheet away.
  await page.keyboard.press('Shift+Tab');
  await expect(box).not.toBeFocused();
  await page.keyboard.press('?');
  const sheet = page.getByRole('dialog', { name: 'Keyboard shortcuts' });
  await expect(sheet).toBeVisible();
  await expect(sheet).toContainText('Jump to a conversation');
  await expect(sheet).toContainText('Next conversation in the list');
  await expectNoAxeViolations(page, 'shortcut sheet');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/shortcut-sheet.png`, animations: 'disabled' });
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();

  // Alt+↓ / Alt+↑ move through the list in its order (Maya wrote last; the other two may share a
  // second, and then the list's own tie-break decides).
  await expect(rows.first()).toContainText('Maya Patel');
  const idOfRow = async (index: number) => {
    const text = (await rows.nth(index).textContent()) ?? '';
    return text.includes('Ben Odell') ? ben : ana;
  };
  const second = await idOfRow(1);
  const third = await idOfRow(2);
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`contact=${second}`));
  await expect(page).toHaveTitle('(1) Switchboard');
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`contact=${third}`));
  await expect(page).toHaveTitle('Switchboard');
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page).toHaveURL(new RegExp(`contact=${second}`));
  await page.keyboard.press('Alt+ArrowUp');
  await expect(page).toHaveURL(new RegExp(`contact=${maya}`));
  await page.keyboard.press('Alt+ArrowDown');
  await expect(page).toHaveURL(new RegExp(`contact=${second}`));

  // A new message makes a chat unread again, and the title says so at once.
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMERS[2]!.waId, 'Also, white ones?');
  await expect(page).toHaveTitle('(1) Switchboard');
});

test('the emoji picker and the attach menu work from the keyboard', async ({ page }) => {
  const inbox = await ownerWithNumber(page, 'Emoji Keys');
  await addCustomer(page.request, inbox.phoneNumberId, CUSTOMERS[0]!.waId, CUSTOMERS[0]!.name);
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMERS[0]!.waId, CUSTOMERS[0]!.text);
  const contactId = await contactIdFor(page, CUSTOMERS[0]!.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('Hello ');

  // Emoji: the button opens the picker with the focus in its search; arrows + Enter insert one.
  const emojiButton = page.getByRole('button', { name: 'Emoji' });
  await emojiButton.focus();
  await page.keyboard.press('Enter');
  const picker = page.getByTestId('emoji-picker');
  const emojiSearch = picker.getByRole('searchbox', { name: 'Search emoji' });
  await expect(emojiSearch).toBeFocused();
  await page.keyboard.type('tulip');
  // Wait for the search's own results: before they render, the grid still holds the full list,
  // and arrows pressed then move over it instead.
  await expect(picker.getByRole('gridcell').first()).toHaveAccessibleName('Tulip');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await expect(picker.locator('[data-active]')).toHaveText('🌷');
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('Hello 🌷');
  await page.keyboard.press('Escape');
  await expect(picker).toBeHidden();
  await expect(box).toBeFocused();

  // Attach: a menu the arrows walk; Escape closes it and gives the focus back to the paperclip.
  const attach = page.getByRole('button', { name: 'Attach' });
  await attach.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'Attach' });
  await expect(menu.getByRole('menuitem')).toHaveText([
    'Photo',
    'Video',
    'Document',
    'Location',
    'Contact',
    'Reply buttons',
    'List',
    'Link button',
  ]);
  await expect(menu.getByRole('menuitem', { name: 'Photo' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Video' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(attach).toBeFocused();
});
