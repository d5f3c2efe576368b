import { expect, test } from '@playwright/test';
import { screenshot, signUpViaApi, uniqueEmail } from './helpers';

test('a signed-out visit to /app/chats lands on /sign-in', async ({ page }) => {
  await page.goto('/app/chats');
  await expect(page).toHaveURL(/\/sign-in$/);
  await expect(page.getByRole('heading', { name: 'Sign in to your account' })).toBeVisible();
  await screenshot(page, '02-sign-in');
});

for (const alias of ['/login', '/signin']) {
  test(`${alias} lands on /sign-in`, async ({ page }) => {
    await page.goto(alias);
    await expect(page).toHaveURL(/\/sign-in$/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  });
}

test('a signed-in user without an account visiting /sign-in is sent to /connect-facebook', async ({
  page,
}) => {
  await signUpViaApi(page, uniqueEmail('no-account'), 'correct-horse');

  // A full page load (the server applies the guard)…
  await page.goto('/sign-in');
  await expect(page).toHaveURL(/\/connect-facebook$/);
  await expect(page.getByRole('heading', { name: 'Connect with Facebook' })).toBeVisible();

  // …and a client-side navigation (the browser applies the same guard).
  await page.goto('/');
  await page.getByRole('banner').getByRole('link', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/connect-facebook$/);
  await expect(page.getByRole('heading', { name: 'Connect with Facebook' })).toBeVisible();

  // The app itself is out of reach until an account is connected.
  await page.goto('/app/chats');
  await expect(page).toHaveURL(/\/connect-facebook$/);
});
