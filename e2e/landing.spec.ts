import { expect, test } from '@playwright/test';
import { screenshot, uniqueEmail } from './helpers';

test('the early-access form thanks the visitor and closes', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByText('$25').first()).toBeVisible();
  await screenshot(page, '01-landing');
  await screenshot(page, '01a-landing-hero', { fullPage: false });

  await page.getByRole('button', { name: 'Get Early Access' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Get Early Access' })).toBeVisible();

  await dialog.getByRole('button', { name: 'Submit' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await screenshot(page, '01b-early-access-errors', { fullPage: false });

  await dialog.getByLabel('Name').fill('Sam Rivera');
  await dialog.getByLabel('Email').fill(uniqueEmail('early'));
  await dialog.getByLabel('Company').fill('Rivera Coffee');
  await dialog.getByLabel('WhatsApp Number').fill('+1 555 010 9999');
  await dialog.getByRole('button', { name: 'Submit' }).click();

  await expect(dialog.getByRole('heading', { name: 'Thanks for your interest!' })).toBeVisible();
  await expect(dialog.getByText("We'll be in touch soon!")).toBeVisible();
  await screenshot(page, '01c-early-access-thanks', { fullPage: false });
  await expect(dialog).toBeHidden({ timeout: 5_000 });
});

test('the privacy page is linked from the footer and links back home', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect(page.getByRole('heading', { name: 'Privacy Policy', level: 1 })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2 })).toHaveCount(7);
  await screenshot(page, '09-privacy');

  await page.getByRole('link', { name: 'Back to Home' }).first().click();
  await expect(page).toHaveURL(/\/$/);
});
