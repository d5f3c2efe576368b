import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

const CUSTOMERS = [
  { waId: '14155550301', name: 'Ava Thompson', text: 'Can I change my delivery date?' },
  { waId: '14155550302', name: 'Ben Carter', text: 'Do you ship to Canada?' },
  { waId: '14155550303', name: 'Chloe Nguyen', text: 'My order arrived damaged' },
  { waId: '14155550304', name: 'Diego Alvarez', text: 'Is the blue one back in stock?' },
];

const row = (page: Page, name: string) => page.getByTestId('contact-row').filter({ hasText: name });

async function userId(page: Page): Promise<string> {
  const session = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
  return session.user.id;
}

test('owner and member side by side: bulk assignment and bulk tags move live, members only take contacts for themselves', async ({
  page: owner,
  browser,
}) => {
  const inbox = await ownerWithNumber(owner, 'Northwind Outfitters');
  for (const customer of CUSTOMERS) {
    await addCustomer(owner.request, inbox.phoneNumberId, customer.waId, customer.name);
    await customerSays(owner.request, inbox.phoneNumberId, customer.waId, customer.text);
  }
  const ids = Object.fromEntries(
    await Promise.all(CUSTOMERS.map(async (c) => [c.name, await contactIdFor(owner, c.waId)] as const)),
  );

  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await memberContext.newPage();
  try {
    const memberEmail = uniqueEmail('casey');
    const memberLabel = memberEmail.split('@')[0]!;
    await signUpViaApi(member, memberEmail, 'teammate-pass');
    await joinTeamViaApi(owner.request, member, memberEmail);

    await owner.goto('/app/chats');
    await member.goto('/app/chats?tab=mine');
    await expect(member.getByRole('tab', { name: 'Assigned to Me (0)' })).toBeVisible();
    for (const customer of CUSTOMERS) await expect(row(owner, customer.name)).toBeVisible();

    // The per-chat menu: a separate button on the row, shown on hover, with 'Tag chat' and 'Assign'.
    await row(owner, 'Ava Thompson').hover();
    const kebab = row(owner, 'Ava Thompson').getByRole('button', { name: 'Chat options for Ava Thompson' });
    await expect(kebab).toBeVisible();
    await kebab.click();
    const chatMenu = owner.getByRole('menu', { name: 'Chat options' });
    await expect(chatMenu.getByRole('menuitem')).toHaveText(['Tag chat', 'Assign']);
    await expectNoAxeViolations(owner, 'chat list with the row menu open');
    await screenshot(owner, 'tags-01-row-menu', { fullPage: false });
    await owner.keyboard.press('Escape');
    await expect(chatMenu).toHaveCount(0);
    await expect(kebab).toBeFocused();

    // Assignment selection mode: the owner ticks three chats and gives them to the member.
    await owner.getByRole('button', { name: 'Select', exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Select chats to assign' }).click();
    const bar = owner.getByTestId('selection-bar');
    await expect(bar).toContainText('0 Selected for Assignment');
    for (const name of ['Ava Thompson', 'Ben Carter', 'Chloe Nguyen']) await row(owner, name).click();
    await expect(bar).toContainText('3 Selected for Assignment');
    await bar.getByRole('button', { name: 'Assign' }).click();
    const assignMenu = owner.getByTestId('assign-menu');
    await expect(assignMenu.getByRole('menuitem', { name: 'Me (You)' })).toBeVisible();
    await expect(assignMenu.getByRole('menuitem', { name: 'Me (You)' })).toContainText('Owner');
    await screenshot(owner, 'tags-02-bulk-assign-menu', { fullPage: false });
    await assignMenu.getByRole('menuitem', { name: memberLabel }).click();
    await expect(
      owner.getByTestId('toast').filter({ hasText: 'Assigned 3 contacts successfully.' }),
    ).toBeVisible();
    await expect(owner.getByRole('tab', { name: 'Unassigned (1)' })).toBeVisible();
    await expect(owner.getByRole('tab', { name: 'Assigned to Team (3)' })).toBeVisible();
    await screenshot(owner, 'tags-03-bulk-assigned-toast', { fullPage: false });

    // The member's 'Assigned to Me' fills live, without a reload.
    await expect(member.getByRole('tab', { name: 'Assigned to Me (3)' })).toBeVisible();
    for (const name of ['Ava Thompson', 'Ben Carter', 'Chloe Nguyen'])
      await expect(row(member, name)).toBeVisible();
    await screenshot(member, 'tags-04-member-assigned-live', { fullPage: false });

    // A member may only take an unassigned contact: the menu offers Me and says why, nothing more.
    await member.getByRole('tab', { name: /Unassigned/ }).click();
    await row(member, 'Diego Alvarez').hover();
    await row(member, 'Diego Alvarez')
      .getByRole('button', { name: 'Chat options for Diego Alvarez' })
      .click();
    await member.getByRole('menuitem', { name: 'Assign' }).click();
    const memberMenu = member.getByTestId('assign-menu');
    await expect(memberMenu.getByRole('menuitem')).toHaveText(['Me (You)']);
    await expect(memberMenu.getByTestId('assign-note')).toHaveText('Only team owners can assign to others');
    await screenshot(member, 'tags-05-member-assign-menu', { fullPage: false });
    await member.keyboard.press('Escape');

    // A forged request giving the contact to the owner is refused by the server.
    const forged = await member.request.post(`/api/contacts/${ids['Diego Alvarez']}/assignment`, {
      data: { assigneeId: await userId(owner) },
    });
    expect(forged.status()).toBe(403);
    expect((await forged.json()).message).toBe('Only team owners can assign to others');

    // Tag selection mode: the owner tags two of the member's chats at once; the member sees the chips live.
    await member.getByRole('tab', { name: /Assigned to Me/ }).click();
    await expect(row(member, 'Ava Thompson')).toBeVisible();
    await owner.getByRole('tab', { name: /Assigned to Team/ }).click();
    await owner.getByRole('button', { name: 'Select', exact: true }).click();
    await owner.getByRole('menuitem', { name: 'Select chats to tag' }).click();
    await row(owner, 'Ava Thompson').click();
    await row(owner, 'Ben Carter').click();
    await expect(bar).toContainText('2 Selected');
    await bar.getByRole('button', { name: 'Add Tag' }).click();
    const dialog = owner.getByRole('dialog', { name: 'Manage Tags' });
    await expect(dialog.getByText('Current Tags')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Search or create tag...' }).fill('Wholesale');
    await expect(dialog.getByText('No matching tags')).toBeVisible();
    await dialog.getByRole('button', { name: 'Create "Wholesale"' }).click();
    await expect(dialog.getByTestId('current-tags')).toContainText('Wholesale');
    await screenshot(owner, 'tags-06-manage-tags-dialog', { fullPage: false });
    await dialog.getByRole('button', { name: 'Done' }).click();
    await expect(dialog).toHaveCount(0);
    for (const page of [owner, member]) {
      for (const name of ['Ava Thompson', 'Ben Carter']) {
        await expect(row(page, name).getByTestId('tag-chip')).toHaveText('Wholesale');
      }
      await expect(row(page, 'Chloe Nguyen').getByTestId('tag-chip')).toHaveCount(0);
    }
    await screenshot(member, 'tags-07-member-sees-tags-live', { fullPage: false });

    // 'Tag chat' from the keyboard: Tab from the row reaches its menu button; the picker ticks what the
    // contact carries; deleting a tag asks first (cancelled here).
    await row(owner, 'Chloe Nguyen').locator('button').first().focus();
    await owner.keyboard.press('Tab');
    await expect(
      row(owner, 'Chloe Nguyen').getByRole('button', { name: 'Chat options for Chloe Nguyen' }),
    ).toBeFocused();
    await owner.keyboard.press('Enter');
    await owner.keyboard.press('Enter');
    const picker = owner.getByRole('dialog', { name: 'Tag chat' });
    await expect(picker.getByRole('textbox', { name: 'Search or create tag...' })).toBeFocused();
    await picker.getByRole('textbox', { name: 'Search or create tag...' }).fill('Priority');
    await owner.keyboard.press('Enter');
    await expect(row(owner, 'Chloe Nguyen').getByTestId('tag-chip')).toHaveText('Priority');
    await expect(row(member, 'Chloe Nguyen').getByTestId('tag-chip')).toHaveText('Priority');
    await picker.getByRole('textbox', { name: 'Search or create tag...' }).fill('');
    await picker.getByTestId('tag-option').filter({ hasText: 'Wholesale' }).hover();
    await expectNoAxeViolations(owner, 'row tag picker', '[data-popover]');
    await screenshot(owner, 'tags-11-row-tag-picker', { fullPage: false });
    await picker.getByRole('button', { name: 'Delete tag Wholesale' }).click();
    const confirm = owner.getByRole('alertdialog', { name: 'Delete tag' });
    await expect(confirm).toContainText(
      'Are you sure you want to delete this tag? It will be removed from all contacts.',
    );
    await screenshot(owner, 'tags-12-delete-tag-confirm', { fullPage: false });
    await owner.keyboard.press('Escape');
    await expect(confirm).toHaveCount(0);
    await expect(picker).toBeVisible();
    await owner.keyboard.press('Escape');
    await expect(picker).toHaveCount(0);

    // The conversation header: tags, the assignment button with its menu, and the name edited in place.
    await owner.goto(`/app/chats?contact=${ids['Ava Thompson']}&tab=team`);
    const header = owner.getByTestId('conversation-header');
    await expect(header.getByTestId('tag-chip')).toHaveText('Wholesale');
    await expect(header.getByTestId('header-assignee')).toHaveText(memberLabel);
    await header.getByTestId('header-assign').click();
    const headerMenu = owner.getByTestId('assign-menu');
    await expect(headerMenu.getByRole('menuitem', { name: 'Unassign' })).toBeVisible();
    await expect(headerMenu.getByRole('menuitem', { name: memberLabel })).toHaveCount(0);
    await screenshot(owner, 'tags-08-header-assign-menu', { fullPage: false });
    await owner.keyboard.press('Escape');

    await header.getByTestId('header-add-tag').click();
    await owner.getByRole('textbox', { name: 'Search or create tag...' }).fill('vip');
    await owner.getByRole('button', { name: 'Create "vip"' }).click();
    await expect(header.getByTestId('tag-chip')).toHaveText(['vip', 'Wholesale']);
    await owner.getByRole('textbox', { name: 'Search or create tag...' }).fill('WHOLESALE');
    await expect(owner.getByRole('button', { name: /Create/ })).toHaveCount(0);
    await screenshot(owner, 'tags-09-header-tag-picker', { fullPage: false });
    await owner.keyboard.press('Escape');

    await header.getByRole('button', { name: 'Edit name' }).first().click();
    const nameInput = header.getByTestId('contact-name-input');
    await nameInput.fill('  Ava T. (wholesale)  ');
    await nameInput.press('Enter');
    await expect(header.getByTestId('contact-name')).toHaveText('Ava T. (wholesale)');
    await expect(row(member, 'Ava T. (wholesale)')).toBeVisible();
    await screenshot(owner, 'tags-10-header', { fullPage: false });
  } finally {
    await memberContext.close();
  }
});
