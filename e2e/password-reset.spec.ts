import { expect, test } from '@playwright/test';
import { screenshot, signOutViaApi, signUpViaApi, uniqueEmail } from './helpers';

test('forgot password → dev outbox link → reset → sign in with the new password', async ({ page }) => {
  const email = uniqueEmail('reset');
  await signUpViaApi(page, email, 'old-password');
  await signOutViaApi(page);

  await page.goto('/sign-in');
  await page.getByRole('link', { name: 'Forgot your password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await screenshot(page, '07-forgot-password');

  await page.getByLabel('Email address').fill(email);
  await page.getByRole('button', { name: 'Send reset link' }).click();
  await expect(
    page.getByText('If an account exists for that address, we sent a link to reset your password.'),
  ).toBeVisible();
  await screenshot(page, '07b-forgot-password-sent');

  await page.getByRole('link', { name: 'dev outbox' }).click();
  await expect(page).toHaveURL(/\/dev\/outbox$/);
  const mail = page.getByTestId('outbox-message').filter({ hasText: email });
  await expect(mail).toBeVisible();
  await screenshot(page, '10-dev-outbox');
  await mail.getByRole('link', { name: /reset-password\?token=/ }).click();

  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('New password', { exact: true }).fill('new-password');
  await page.getByLabel('Confirm new password').fill('different');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await screenshot(page, '08-reset-password');

  await page.getByLabel('Confirm new password').fill('new-password');
  await page.getByRole('button', { name: 'Reset password' }).click();
  await expect(page.getByRole('heading', { name: 'Password updated' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign in' }).click();

  await expect(page).toHaveURL(/\/sign-in$/);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password').fill('old-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByRole('alert')).toHaveText('Invalid email or password');
  await screenshot(page, '02b-sign-in-error');

  await page.getByLabel('Password').fill('new-password');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/connect-facebook$/);
});
