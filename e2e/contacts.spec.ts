import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import { addCustomer, contactIdFor, customerSays, type Inbox, ownerWithNumber } from './inbox-helpers';

/**
 * The Contacts page against what the server has today: the table (keyset pages, sort, search, tag
 * filter), the drawer with the chat's contact panel and its "Open chat", and axe at both widths.
 */

const CUSTOMERS = [
  { waId: '16505550101', name: 'Maya Patel' },
  { waId: '16505550102', name: 'Omar Khan' },
  { waId: '16505550103', name: 'Ana Souza' },
  { waId: '16505550104', name: 'Ben Carter' },
];

async function seed(page: Page): Promise<{ inbox: Inbox; ids: Record<string, string> }> {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  const ids: Record<string, string> = {};
  for (const customer of CUSTOMERS) {
    await addCustomer(page.request, inbox.phoneNumberId, customer.waId, customer.name);
    await customerSays(page.request, inbox.phoneNumberId, customer.waId, `Hello from ${customer.name}`);
    ids[customer.name] = await contactIdFor(page, customer.waId);
  }
  const tag = await page.request.post('/api/tags', { data: { name: 'VIP' } });
  expect(tag.ok()).toBe(true);
  const { tag: vip } = (await tag.json()) as { tag: { id: string } };
  const tagged = await page.request.post(`/api/tags/${vip.id}/contacts`, {
    data: { contactIds: [ids['Maya Patel'], ids['Ana Souza']] },
  });
  expect(tagged.ok()).toBe(true);
  return { inbox, ids };
}

const rows = (page: Page) => page.getByTestId('contact-table-row');
const names = (page: Page) => rows(page).getByTestId('contact-name').allInnerTexts();

test('the table: sort, search, tag filter, the drawer and its Open chat', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { ids } = await seed(page);
  await page.goto('/app/contacts');
  await expect(page.getByRole('heading', { name: 'Contacts', level: 1 })).toBeVisible();
  await expect(rows(page)).toHaveCount(4);
  await expect(page.getByTestId('contact-count')).toHaveText("4 contacts in your team's CRM");
  // Newest message first by default.
  await expect(page.getByRole('columnheader', { name: /Last message/ })).toHaveAttribute(
    'aria-sort',
    'descending',
  );
  await expect(rows(page).first()).toContainText('+1 650 555 01');

  // Sort by name: A→Z, then Z→A, announced on the header.
  const nameHeader = page.getByRole('columnheader', { name: /Name/ });
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
  await expect.poll(() => names(page)).toEqual(['Ana Souza', 'Ben Carter', 'Maya Patel', 'Omar Khan']);
  await nameHeader.getByRole('button').click();
  await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
  await expect.poll(() => names(page)).toEqual(['Omar Khan', 'Maya Patel', 'Ben Carter', 'Ana Souza']);

  // Search by name, then by phone.
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('omar');
  await expect.poll(() => names(page)).toEqual(['Omar Khan']);
  await search.fill('+1 650 555 0103');
  await expect.poll(() => names(page)).toEqual(['Ana Souza']);
  await search.fill('nobody-like-this');
  await expect(page.getByText('No contacts match')).toBeVisible();
  await page.getByRole('button', { name: 'Clear filters' }).last().click();
  await expect(rows(page)).toHaveCount(4);

  // Tag filter: has any of VIP, then has none of VIP.
  await page.getByRole('button', { name: 'Filter by tags' }).click();
  await page.getByRole('checkbox', { name: /VIP/ }).check();
  await screenshot(page, 'contacts-tag-filter-1280', { fullPage: false });
  await page.keyboard.press('Escape');
  await expect.poll(() => names(page)).toEqual(['Maya Patel', 'Ana Souza']);
  await expect(page.getByTestId('contact-count')).toHaveText('2 contacts match these filters');
  await screenshot(page, 'contacts-filtered-1280');
  await page.getByRole('button', { name: /^Tags: / }).click();
  await page.getByText('none of', { exact: true }).click();
  await page.keyboard.press('Escape');
  await expect.poll(() => names(page)).toEqual(['Omar Khan', 'Ben Carter']);
  await page.getByRole('button', { name: 'Remove tags filter' }).click();
  await expect(rows(page)).toHaveCount(4);

  // Keyboard: the first row takes focus, ↓ moves, Enter opens the drawer.
  await rows(page).first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(rows(page).nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  const panel = page.getByTestId('contact-panel');
  await expect(panel).toBeVisible();
  // Escape closes it and focus goes back to the row.
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);
  await expect(rows(page).nth(1)).toBeFocused();

  // A click opens the drawer with the chat's contact panel.
  await rows(page).filter({ hasText: 'Maya Patel' }).click();
  await expect(panel.getByText('Maya Patel').first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`contact=${ids['Maya Patel']}`));
  await screenshot(page, 'contacts-drawer-1280', { fullPage: false });
  await panel.getByRole('link', { name: 'Open chat' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/chats\\?contact=${ids['Maya Patel']}`));
  await expect(page.getByText('Hello from Maya Patel').first()).toBeVisible();
});

test('selection: the bulk bar offers every contact matching the filter', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seed(page);
  await page.goto('/app/contacts');
  await expect(rows(page)).toHaveCount(4);
  await rows(page).first().getByRole('checkbox').check();
  await expect(page.getByTestId('bulk-count')).toHaveText('1 selected');
  await page.getByRole('checkbox', { name: 'Select all contacts on screen' }).check();
  await expect(page.getByTestId('bulk-count')).toHaveText('4 selected');
  await screenshot(page, 'contacts-bulk-1280', { fullPage: false });
  // An owner sees export and delete; delete asks first and says how many.
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Delete 4 contacts?');
  await expect(page.getByRole('alertdialog')).toContainText('Their conversations and media are deleted too.');
  await screenshot(page, 'contacts-bulk-delete-1280', { fullPage: false });
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByRole('button', { name: 'Clear selection' }).click();
  await expect(page.getByTestId('bulk-bar')).toHaveCount(0);
});

test('segments and columns: save a filter, pick it, show a column', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await seed(page);
  await page.goto('/app/contacts');
  await expect(rows(page)).toHaveCount(4);

  await page.getByRole('button', { name: 'Filter by tags' }).click();
  await page.getByRole('checkbox', { name: /VIP/ }).check();
  await page.keyboard.press('Escape');
  await expect(rows(page)).toHaveCount(2);
  await page.getByRole('button', { name: 'Save as segment' }).click();
  await page.getByLabel('Segment name').fill('VIP customers');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByTestId('toast')).toContainText('Segment “VIP customers” saved.');

  await page.getByRole('button', { name: 'Clear filters' }).click();
  await expect(rows(page)).toHaveCount(4);
  await page.getByRole('button', { name: 'Segment: All contacts' }).click();
  const segment = page.getByTestId('segment-row').filter({ hasText: 'VIP customers' });
  await expect(segment).toContainText('2');
  await screenshot(page, 'contacts-segments-1280', { fullPage: false });
  await segment.getByRole('button', { name: /^VIP customers/ }).click();
  await expect(page.getByRole('button', { name: 'Segment: VIP customers' })).toBeVisible();
  await expect(rows(page)).toHaveCount(2);

  // Hide the Consent column; it stays hidden after a reload.
  await page.getByRole('button', { name: 'Columns' }).click();
  await page.getByRole('checkbox', { name: 'Consent' }).uncheck();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('columnheader', { name: 'Consent' })).toHaveCount(0);
  await page.reload();
  await expect(rows(page).first()).toBeVisible();
  await expect(page.getByRole('columnheader', { name: 'Consent' })).toHaveCount(0);
});

test('a member sees the contacts they may see, and no import, export or delete', async ({
  page,
  browser,
}) => {
  await seed(page);
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await memberContext.newPage();
  try {
    const email = uniqueEmail('contacts-member');
    await signUpViaApi(member, email, 'teammate-pass');
    await joinTeamViaApi(page.request, member, email);
    await member.goto('/app/contacts');
    await expect(rows(member)).toHaveCount(4);
    await expect(member.getByRole('button', { name: 'Add contact' })).toBeVisible();
    await expect(member.getByRole('link', { name: 'Import' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Export' })).toHaveCount(0);
    await rows(member).first().getByRole('checkbox').check();
    const bar = member.getByTestId('bulk-bar');
    await expect(bar.getByRole('button', { name: 'Assign' })).toBeVisible();
    await expect(bar.getByRole('button', { name: 'Delete' })).toHaveCount(0);
    await expect(bar.getByRole('button', { name: 'Export' })).toHaveCount(0);
    await screenshot(member, 'contacts-member-1280', { fullPage: false });
  } finally {
    await memberContext.close();
  }
});

for (const size of [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
]) {
  test(`axe and layout at ${size.width}×${size.height}`, async ({ page }) => {
    await page.setViewportSize(size);
    await seed(page);
    await page.goto('/app/contacts');
    await expect(rows(page)).toHaveCount(4);
    await screenshot(page, `contacts-${size.width}`, { fullPage: false });
    await expectNoAxeViolations(page, `contacts ${size.width}`);
    // The page itself never scrolls sideways; the table does, inside its own box.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    // The name stays in view (a sticky column) while the table scrolls sideways.
    const ben = rows(page).filter({ hasText: 'Ben Carter' });
    await expect(ben.getByTestId('contact-name')).toBeInViewport();
    await page.getByTestId('contact-table-scroller').evaluate((el) => el.scrollBy({ left: 400 }));
    await expect(ben.getByTestId('contact-name')).toBeInViewport();

    await ben.click();
    await expect(page.getByTestId('contact-panel').getByText('Notes', { exact: true })).toBeVisible();
    await screenshot(page, `contacts-drawer-${size.width}`, { fullPage: false });
    await expectNoAxeViolations(page, `contacts drawer ${size.width}`);

    await page.getByTestId('contact-panel').getByRole('button', { name: 'Close contact details' }).click();
    await page.getByRole('button', { name: 'Add contact' }).first().click();
    await expect(page.getByTestId('add-contact-dialog')).toBeVisible();
    await screenshot(page, `contacts-add-${size.width}`, { fullPage: false });
    await expectNoAxeViolations(page, `contacts add ${size.width}`);
  });
}
