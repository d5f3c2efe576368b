import { expect, test } from '@playwright/test';
import { screenshot, uniqueEmail } from './helpers';

test('a new user signs up, completes onboarding and connects the sandbox number', async ({ page }) => {
  // The geolocation lookup is external; pretend it says Germany to check the preselection.
  await page.route('**/api/geo', (route) => route.fulfill({ json: { countryCode: 'DE' } }));

  await page.goto('/sign-up');
  await expect(page.getByRole('heading', { name: 'Create your account' })).toBeVisible();
  await screenshot(page, '03-sign-up');

  const email = uniqueEmail('new-user');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill('secret-one');
  await page.getByLabel('Confirm password').fill('secret-two');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Passwords do not match');
  await screenshot(page, '03b-sign-up-error');

  await page.getByLabel('Password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm password').fill('abc');
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('alert')).toHaveText('Password must be at least 6 characters long');

  await page.getByLabel('Password', { exact: true }).fill('correct-horse');
  await page.getByLabel('Confirm password').fill('correct-horse');
  await page.getByRole('button', { name: 'Sign up' }).click();

  await expect(page).toHaveURL(/\/onboarding$/);
  await expect(page.getByRole('heading', { name: 'Complete your profile' })).toBeVisible();
  await expect(page.getByTestId('country-code-trigger')).toContainText('+49');
  await screenshot(page, '05-onboarding');

  await page.getByLabel('Your Name').fill('Jane Cooper');
  await page.getByLabel('Company Name').fill('Acme Furniture');
  await page.getByLabel('Phone Number').fill('12');
  await page.getByRole('button', { name: 'Continue to Setup' }).click();
  await expect(page.getByRole('alert')).toHaveText('Please enter a valid phone number');
  await screenshot(page, '05b-onboarding-error');

  // Pick the United Kingdom through the searchable dropdown, using only the keyboard.
  await page.getByTestId('country-code-trigger').click();
  await page.getByRole('combobox', { name: 'Search countries' }).fill('united k');
  await screenshot(page, '05c-onboarding-country-search');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('country-code-trigger')).toContainText('+44');

  await page.getByLabel('Phone Number').fill('7700 900123');
  await page.getByLabel('Business Website').fill('acme-furniture.co.uk');
  await page.getByRole('button', { name: 'Continue to Setup' }).click();

  await expect(page).toHaveURL(/\/connect-facebook$/);
  await expect(page.getByRole('heading', { name: 'Connect with Facebook' })).toBeVisible();
  await expect(page.getByText('Connect your WhatsApp Business account to get started')).toBeVisible();
  await screenshot(page, '06-connect-facebook');

  // No Meta app on this server: the button opens the sandbox's stand-in for Facebook's signup window.
  const continueButton = page.getByRole('button', { name: 'Continue with Facebook' });
  await continueButton.click();
  const signupWindow = page.getByRole('dialog', { name: /Connect your WhatsApp Business account/ });
  await expect(signupWindow).toBeVisible();
  await expect(signupWindow.getByText('Sandbox', { exact: true })).toBeVisible();
  await expect(signupWindow.getByLabel('Business name')).toHaveValue('Acme Furniture');
  await expect(page.getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  await screenshot(page, '06d-connect-sandbox-signup', { fullPage: false });

  // Cancelling is Meta's CANCEL event, with the step the window was on.
  await signupWindow.getByRole('button', { name: 'Cancel' }).click();
  await expect(signupWindow).toBeHidden();
  await expect(page.getByTestId('connect-error')).toHaveText(
    'Signup process was cancelled at: WHATSAPP_BUSINESS_PROFILE_SETUP',
  );
  await screenshot(page, '06b-connect-facebook-error');

  // Finishing creates the sandbox number; the server exchanges the code and the inbox opens.
  await continueButton.click();
  await signupWindow.getByLabel('Business name').fill('Acme Furniture UK');
  await signupWindow.getByRole('button', { name: 'Finish' }).click();
  await expect(page).toHaveURL(/\/app\/chats$/);
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
  await expect(page.getByText('Select a contact to start chatting')).toBeVisible();

  const session = await (await page.request.get('/api/session')).json();
  expect(session.access).toMatchObject({
    kind: 'owner',
    role: 'owner',
    account: { businessName: 'Acme Furniture UK', tokenExpired: false },
  });
});
