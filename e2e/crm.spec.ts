import { expect, type Page, test } from '@playwright/test';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import { ownerWithNumber } from './inbox-helpers';

/**
 * Issue 14's journey in one go: an owner defines a custom field, imports 1,000 rows (some invalid),
 * follows the progress to the summary, downloads the failed rows, filters by the field and a tag,
 * saves the filter as a segment, tags everyone in it, exports it, and opens one contact and its chat.
 * A member can do neither import nor export.
 */

const ROWS = 1000;

/** Gold and wholesale: every 4th row. Bad numbers: every 100th; a plan that is no option: 4 rows. */
function customersCsv(): { csv: string; failed: number; goldWholesale: number } {
  const lines = ['Full name,Phone,Tags,Plan'];
  let failed = 0;
  let goldWholesale = 0;
  for (let i = 0; i < ROWS; i++) {
    const badPhone = i % 100 === 99;
    const badPlan = i % 250 === 125;
    const plan = badPlan ? 'Platinum' : i % 4 === 0 ? 'Gold' : 'Silver';
    const phone = badPhone ? '555' : `+1 415 555 ${String(i).padStart(4, '0')}`;
    if (badPhone || badPlan) failed++;
    else if (i % 4 === 0) goldWholesale++;
    lines.push(`Customer ${i},${phone},${i % 2 === 0 ? 'wholesale' : 'retail'},${plan}`);
  }
  return { csv: `${lines.join('\n')}\n`, failed, goldWholesale };
}

async function downloadText(page: Page, click: () => Promise<void>): Promise<string> {
  const download = page.waitForEvent('download');
  await click();
  const stream = await (await download).createReadStream();
  return (await stream.toArray())
    .map(String)
    .join('')
    .replace(/^\ufeff/, '');
}

const rows = (page: Page) => page.getByTestId('contact-table-row');

test('an owner builds a segment from an import, tags and exports it; a member cannot import or export', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 800 });
  await ownerWithNumber(page, 'Harbor Bikes');
  const promo = await page.request.post('/api/tags', { data: { name: 'Spring promo' } });
  expect(promo.ok()).toBe(true);

  // 1. A single-select custom field, defined in Settings.
  await page.goto('/app/settings/contact-fields');
  await page.getByRole('button', { name: 'Add field' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add contact field' });
  await dialog.getByLabel('Label').fill('Plan');
  await dialog.getByText('Single select').click();
  for (const [n, option] of ['Gold', 'Silver'].entries()) {
    const box = dialog.getByRole('textbox', { name: `Option ${n + 1}`, exact: true });
    await box.fill(option);
    await box.press('Enter');
  }
  await dialog.getByRole('button', { name: 'Add field' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('contact-field-key')).toHaveText(['plan']);

  // 2. Import 1,000 rows from the Contacts page, mapping each column.
  await page.goto('/app/contacts');
  await page.getByRole('link', { name: 'Import', exact: true }).click();
  await expect(page).toHaveURL(/\/app\/contacts\/import$/);
  const { csv, failed, goldWholesale } = customersCsv();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a CSV file' }).click();
  await (await chooser).setFiles({ name: 'harbor.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(page.getByTestId('import-mapping')).toContainText('Customer 0');
  await page.getByLabel('Import column Full name as').selectOption('name');
  await page.getByLabel('Import column Phone as').selectOption('phone');
  await page.getByLabel('Import column Tags as').selectOption('tags');
  await page.getByLabel('Import column Plan as').selectOption({ label: 'Plan' });
  await page.getByLabel('Default country').selectOption('US');
  await page.getByRole('button', { name: `Import ${ROWS.toLocaleString('en-US')} rows` }).click();

  await expect(page.getByRole('progressbar', { name: 'Rows imported' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 90_000 });
  const summary = page.getByTestId('import-summary');
  await expect(summary).toContainText(`Created${(ROWS - failed).toLocaleString('en-US')}`);
  await expect(summary).toContainText(`Failed${failed}`);
  await screenshot(page, 'crm-import-summary', { fullPage: false });

  const failedRows = await downloadText(page, () =>
    page.getByRole('link', { name: 'Download failed rows' }).click(),
  );
  const failedLines = failedRows.trim().split(/\r?\n/);
  expect(failedLines).toHaveLength(failed + 1);
  expect(failedLines.filter((l) => l.endsWith('Invalid phone number'))).toHaveLength(10);
  expect(failedLines.filter((l) => l.includes('Platinum'))).toHaveLength(failed - 10);

  // 3. Filter by the custom field and a tag: the count follows.
  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await expect(page.getByTestId('contact-count')).toHaveText(
    `${(ROWS - failed).toLocaleString('en-US')} contacts in your team's CRM`,
  );
  await page.getByRole('button', { name: 'Add field filter' }).click();
  await page.getByLabel('Field', { exact: true }).selectOption({ label: 'Plan' });
  await page.getByLabel('Condition').selectOption('equals');
  await page.getByLabel('Value').selectOption('Gold');
  await page.getByRole('button', { name: 'Add condition' }).click();
  await page.getByRole('button', { name: 'Filter by tags' }).click();
  await page.getByRole('checkbox', { name: /wholesale/ }).check();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('contact-count')).toHaveText(`${goldWholesale} contacts match these filters`);

  // 4. Save it as a segment; its count is live in the segment menu.
  await page.getByRole('button', { name: 'Save as segment' }).click();
  await page.getByLabel('Segment name').fill('Gold wholesale');
  await page.getByRole('button', { name: 'Save segment' }).click();
  await expect(page.getByTestId('toast')).toContainText('Segment “Gold wholesale” saved.');
  await page.getByRole('button', { name: /^Segment: / }).click();
  await expect(page.getByTestId('segment-row').filter({ hasText: 'Gold wholesale' })).toContainText(
    String(goldWholesale),
  );
  await page.keyboard.press('Escape');

  // 5. Select everyone matching it and tag them.
  await expect(rows(page).first()).toBeVisible();
  await page.getByRole('checkbox', { name: 'Select all contacts on screen' }).check();
  await page.getByRole('button', { name: `Select all ${goldWholesale} matching this filter` }).click();
  await expect(page.getByTestId('bulk-count')).toHaveText(`${goldWholesale} selected`);
  await page.getByTestId('bulk-bar').getByRole('button', { name: 'Add tag' }).click();
  await page.getByRole('dialog', { name: 'Add tag' }).getByText('Spring promo', { exact: true }).click();
  await expect(page.getByTestId('toast').filter({ hasText: 'Tagged' })).toContainText(
    `Tagged ${goldWholesale} contacts with Spring promo.`,
  );
  const tags = (await (await page.request.get('/api/tags')).json()) as {
    tags: { name: string; contactCount: number }[];
  };
  expect(tags.tags.find((t) => t.name === 'Spring promo')?.contactCount).toBe(goldWholesale);
  await screenshot(page, 'crm-segment-tagged', { fullPage: false });

  // 6. Export the selection: one line per contact, the field as a column, the new tag on each.
  const exported = await downloadText(page, () =>
    page.getByTestId('bulk-bar').getByRole('button', { name: 'Export' }).click(),
  );
  const lines = exported.trim().split(/\r?\n/);
  expect(lines).toHaveLength(goldWholesale + 1);
  expect(lines[0]?.split(',')).toEqual(expect.arrayContaining(['name', 'phone', 'plan', 'tags']));
  expect(lines.slice(1).every((l) => l.includes('Gold') && l.includes('Spring promo'))).toBe(true);

  // 7. Open one contact, then its chat (no conversation yet: a template starts it).
  await page.getByRole('button', { name: 'Clear selection' }).click();
  const first = rows(page).first();
  const name = ((await first.getByTestId('contact-name').textContent()) ?? '').trim();
  await first.click();
  const openChat = page.getByRole('link', { name: 'Open chat' });
  await expect(openChat).toBeVisible();
  await openChat.click();
  await expect(page).toHaveURL(/\/app\/chats\?contact=/);
  await expect(page.getByTestId('conversation-header')).toContainText(name);

  // 8. A member sees neither Import nor Export, and the server refuses both.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await memberContext.newPage();
  try {
    const email = uniqueEmail('crm-member');
    await signUpViaApi(member, email, 'teammate-pass');
    await joinTeamViaApi(page.request, member, email);
    await member.goto('/app/contacts');
    await expect(rows(member).first()).toBeVisible();
    await expect(member.getByRole('link', { name: 'Import' })).toHaveCount(0);
    await expect(member.getByRole('button', { name: 'Export' })).toHaveCount(0);
    const exportTry = await member.request.post('/api/contact-table/export', {
      data: { target: { filter: {} } },
    });
    expect(exportTry.status()).toBe(403);
    const importTry = await member.request.post('/api/contact-imports', {
      multipart: {
        file: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Phone\n+14155550001\n') },
      },
    });
    expect(importTry.status()).toBe(403);
  } finally {
    await memberContext.close();
  }
});
