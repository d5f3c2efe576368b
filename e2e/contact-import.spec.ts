import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import { ownerWithNumber } from './inbox-helpers';

/** 1,000 rows: every 50th has no valid number, every 97th an order count that is not a number. */
function generatedCsv(): { csv: string; invalid: Map<number, string> } {
  const lines = ['Full name;Mobile;Tags;Orders;City'];
  const invalid = new Map<number, string>();
  for (let i = 0; i < 1000; i++) {
    const line = i + 2;
    let phone = `+1 650 253 ${String(i).padStart(4, '0')}`;
    let orders = String(i % 17);
    if (i % 50 === 49) {
      phone = '12345';
      invalid.set(line, 'Invalid phone number');
    } else if (i % 97 === 96) {
      orders = '=1+2';
      invalid.set(line, 'Orders: must be a number');
    }
    lines.push(`"Customer ${i}";${phone};"spring, wholesale";${orders};"Town; ${i % 7}"`);
  }
  return { csv: `\ufeff${lines.join('\r\n')}\r\n`, invalid };
}

test('an owner imports a CSV of 1,000 rows, follows the progress, reads the summary and downloads the failed rows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const owner = await ownerWithNumber(page, 'Import Bikes');
  const field = await page.request.post('/api/contact-fields', { data: { label: 'Orders', type: 'number' } });
  expect(field.status()).toBe(201);
  const tag = await page.request.post('/api/tags', { data: { name: 'Imported March' } });
  expect(tag.ok()).toBe(true);

  await page.goto('/app/contacts/import');
  await expect(page.getByRole('heading', { name: 'Import contacts' })).toBeVisible();
  await expect(page.getByText('Up to 50 MB and 200,000 rows', { exact: false })).toBeVisible();
  await expectNoAxeViolations(page, 'import: upload');
  await screenshot(page, 'import-1-upload');

  const { csv, invalid } = generatedCsv();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a CSV file' }).click();
  await (await chooser).setFiles({ name: 'customers.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });

  const mapping = page.getByTestId('import-mapping');
  await expect(mapping).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Map the columns of customers.csv' })).toBeVisible();
  await expect(mapping).toContainText('Customer 0');
  // The suggestions: name, phone, tags and the field by its label; City is left out.
  await expect(page.getByLabel('Import column Full name as')).toHaveValue('name');
  await expect(page.getByLabel('Import column Mobile as')).toHaveValue('phone');
  await expect(page.getByLabel('Import column Tags as')).toHaveValue('tags');
  await expect(page.getByLabel('Import column City as')).toHaveValue('ignore');
  await expect(page.getByLabel('Import column Orders as').locator('option:checked')).toHaveText('Orders');

  // Without a phone column it cannot start.
  await page.getByLabel('Import column Mobile as').selectOption('ignore');
  await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
  await expect(page.getByTestId('import-mapping-error')).toHaveText(
    'Map one column to Phone: every contact needs a number',
  );
  await page.getByLabel('Import column Mobile as').selectOption('phone');
  await page.getByLabel('Default country').selectOption('US');
  await page.getByLabel('Tag every imported contact').selectOption({ label: 'Imported March' });
  await page.getByRole('radio', { name: /Overwrite/ }).check();
  await expectNoAxeViolations(page, 'import: mapping');
  await screenshot(page, 'import-2-mapping');

  await page.getByRole('button', { name: 'Import 1,000 rows' }).click();
  const bar = page.getByRole('progressbar', { name: 'Rows imported' });
  await expect(bar).toBeVisible();
  await expect(bar).toHaveAttribute('aria-valuemax', '1000');
  await expectNoAxeViolations(page, 'import: progress');
  await screenshot(page, 'import-3-progress');

  await expect(page.getByRole('heading', { name: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByTestId('import-progress-text')).toHaveText('1,000 of 1,000 rows');
  const summary = page.getByTestId('import-summary');
  const expectedFailed = invalid.size;
  await expect(summary).toContainText(`Created${(1000 - expectedFailed).toLocaleString('en-US')}`);
  await expect(summary).toContainText('Updated0');
  await expect(summary).toContainText('Skipped0');
  await expect(summary).toContainText(`Failed${expectedFailed}`);
  await expectNoAxeViolations(page, 'import: summary');
  await screenshot(page, 'import-4-summary');

  const download = page.waitForEvent('download');
  await page.getByRole('link', { name: 'Download failed rows' }).click();
  const file = await download;
  const text = (await (await file.createReadStream()).toArray()).map(String).join('');
  const rows = text
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
  expect(rows[0]).toBe('Line;Full name;Mobile;Tags;Orders;City;Reason');
  expect(rows).toHaveLength(expectedFailed + 1);
  for (const row of rows.slice(1)) {
    const line = Number(row.split(';')[0]);
    expect(row.endsWith(invalid.get(line)!), row).toBe(true);
  }
  // A formula in a failed cell comes back escaped.
  expect(rows.find((r) => r.includes("'=1+2"))).toBeTruthy();

  // The contacts are there, with the import's tag.
  const tags = (await (await page.request.get('/api/tags')).json()).tags as {
    name: string;
    contactCount: number;
  }[];
  expect(tags.find((t) => t.name === 'Imported March')?.contactCount).toBe(1000 - expectedFailed);
  await page.getByRole('link', { name: 'Back to contacts' }).click();
  await expect(page).toHaveURL(/\/app\/contacts$/);

  // A member cannot import: the page says so, and the API refuses.
  const memberEmail = uniqueEmail('member');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await signUpViaApi(memberPage, memberEmail, 'member-pass');
    await joinTeamViaApi(page.request, memberPage, memberEmail);
    await memberPage.goto('/app/contacts/import');
    await expect(memberPage.getByTestId('import-owners-only')).toHaveText(
      'Only the team owner can import contacts. Ask your owner to import the file for you.',
    );
    await expect(memberPage.getByRole('button', { name: 'Choose a CSV file' })).toHaveCount(0);
    await expectNoAxeViolations(memberPage, 'import: member');
    await screenshot(memberPage, 'import-5-member');
    const forged = await memberPage.request.post('/api/contact-imports', {
      multipart: {
        file: { name: 'x.csv', mimeType: 'text/csv', buffer: Buffer.from('Phone\n+16502530001\n') },
      },
    });
    expect(forged.status()).toBe(403);
  } finally {
    await memberContext.close();
  }
  expect(owner.email).toContain('@');
});
