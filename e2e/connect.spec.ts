import { expect, test } from '@playwright/test';
import {
  connectSandboxNumberViaApi,
  createSandboxNumber,
  openSandboxPhone,
  sandboxSystemToken,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';

test('a self-hoster connects with ids and a system-user token; a wrong token gets the server’s message', async ({
  page,
}) => {
  await signUpViaApi(page, uniqueEmail('manual'), 'correct-horse');
  // What a self-hoster brings from Meta Business Manager: the number's ids and a system-user token.
  const number = await createSandboxNumber(page.request, 'Rivera Coffee');
  const token = await sandboxSystemToken(page.request, number.phoneNumber.id);

  await page.goto('/connect-facebook');
  await page.getByRole('button', { name: 'Connect with an access token instead' }).click();
  const form = page.getByRole('form', { name: 'Connect with an access token' });
  await expect(form.getByLabel('Access token')).toHaveAttribute('type', 'password');

  await form.getByRole('button', { name: 'Connect number' }).click();
  await expect(form.getByText('WhatsApp Business Account ID is required')).toBeVisible();

  await form.getByLabel('WhatsApp Business Account ID').fill(number.data.waba_id);
  await form.getByLabel('Phone number ID').fill(number.data.phone_number_id);
  await form.getByLabel('Access token').fill(`EAA${'x'.repeat(60)}`);
  await form.getByRole('button', { name: 'Connect number' }).click();
  await expect(form.getByTestId('manual-connect-error')).toHaveText('Failed to get WhatsApp account details');
  await screenshot(page, '06e-connect-manual-error');

  await form.getByLabel('Access token').fill(token);
  await form.getByRole('button', { name: 'Connect number' }).click();
  await expect(page).toHaveURL(/\/app\/chats$/);
  await expect(page.getByRole('navigation', { name: 'App' })).toBeVisible();
  const session = await (await page.request.get('/api/session')).json();
  expect(session.access).toMatchObject({ kind: 'owner', account: { businessName: 'Rivera Coffee' } });
});

test('a message a customer types on the /sandbox phone reaches the app', async ({ page, context }) => {
  await signUpViaApi(page, uniqueEmail('inbound'), 'correct-horse');
  const number = await connectSandboxNumberViaApi(page, 'Bloom Florists');

  const phone = await context.newPage();
  await openSandboxPhone(phone, number.phoneNumber.id);
  await expect(phone.getByText(number.phoneNumber.id).first()).toBeVisible();

  await phone.getByRole('button', { name: 'New customer' }).first().click();
  await phone.getByLabel('Profile name').fill('Maya Patel');
  await phone.getByLabel('WhatsApp number (with country code)').fill('+1 650 555 0142');
  await phone.getByRole('button', { name: 'Add customer' }).click();
  await phone.getByRole('textbox', { name: 'Message' }).fill('Hello from the sandbox');
  await phone.getByRole('button', { name: 'Send' }).click();
  await expect(
    phone.getByTestId('sandbox-message').filter({ hasText: 'Hello from the sandbox' }),
  ).toBeVisible();
  await screenshot(phone, '19-sandbox-customer-sent', { fullPage: false });

  // The app stored it: the contact and its message, through the signed-in user's API.
  let contactId = '';
  await expect
    .poll(
      async () => {
        const { contacts } = await (await page.request.get('/api/contacts')).json();
        const maya = contacts.find((c: { waId?: string; name?: string }) => c.waId === '16505550142');
        contactId = maya?.id ?? '';
        return maya?.name ?? null;
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toBe('Maya Patel');
  await expect
    .poll(
      async () => {
        const { messages } = await (await page.request.get(`/api/contacts/${contactId}/messages`)).json();
        return messages.map((m: { body: string | null; direction: string }) => `${m.direction}: ${m.body}`);
      },
      { timeout: 10_000, intervals: [250] },
    )
    .toContain('incoming: Hello from the sandbox');
});
