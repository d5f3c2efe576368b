import { expect, test } from '@playwright/test';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  joinTeamViaApi,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import { addCustomer, contactIdFor, customerSays } from './inbox-helpers';

const CUSTOMERS = [
  { waId: '16505550101', name: 'Ava Thompson', tier: 'Gold' },
  { waId: '16505550102', name: 'Ben Okafor', tier: 'Gold' },
  { waId: '16505550103', name: 'Chloe Martin', tier: '' },
  { waId: '16505550104', name: 'Dev Patel', tier: 'Platinum' },
  { waId: '16505550105', name: 'Elena Rossi', tier: '' },
];

test('the owner sends a campaign with a custom-field variable to a segment and watches the funnel fill; a member cannot create one', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, uniqueEmail('campaigns'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Harbor Bikes');

  // Sandbox customers with a Tier field (two without one: the fallback), tagged, and a segment of them.
  const field = await page.request.post('/api/contact-fields', { data: { label: 'Tier', type: 'text' } });
  expect(field.status()).toBe(201);
  const { tag } = (await (await page.request.post('/api/tags', { data: { name: 'Spring' } })).json()) as {
    tag: { id: string };
  };
  for (const customer of CUSTOMERS) {
    await addCustomer(page.request, phoneNumber.id, customer.waId, customer.name);
    await customerSays(page.request, phoneNumber.id, customer.waId, 'Hello!');
    const contactId = await contactIdFor(page, customer.waId);
    await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [contactId] } });
    if (customer.tier) {
      const set = await page.request.put(`/api/contacts/${contactId}/fields`, {
        data: { tier: customer.tier },
      });
      expect(set.ok()).toBe(true);
    }
  }
  const segment = await page.request.post('/api/segments', {
    data: { name: 'Spring riders', filter: { tagIds: [tag.id] } },
  });
  expect(segment.status()).toBe(201);

  // The create flow, step by step.
  await page.goto('/app/marketing/campaigns');
  await expect(page.getByText('No campaigns yet')).toBeVisible();
  await page.getByRole('link', { name: 'New campaign' }).click();
  await page.getByLabel('Campaign name').fill('Spring tune-up');
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('radio', { name: /order_update/ }).check();
  await page.getByRole('button', { name: 'Continue' }).click();

  await page.getByRole('combobox', { name: 'Segment' }).selectOption({ label: 'Spring riders' });
  await expect(page.getByTestId('audience-count')).toHaveText(`${CUSTOMERS.length} recipients`);
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('combobox', { name: '{{1}} comes from' })).toHaveValue('name');
  await page.getByRole('combobox', { name: '{{2}} comes from' }).selectOption({ label: 'Tier' });
  await page.getByLabel('Fallback for {{2}}').fill('Silver');
  const previews = page.getByTestId('recipient-preview');
  await expect(previews).toHaveCount(3);
  await expect(page.getByTestId('recipient-previews')).toContainText(
    /your order (Gold|Platinum|Silver) is on its way/,
  );
  await screenshot(page, 'campaign-variables-1280', { fullPage: false });
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByRole('radio', { name: /Send now/ })).toBeChecked();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('review-duration')).toHaveText(
    'Sending takes under a minute at 80 messages a second.',
  );
  await page.getByRole('button', { name: 'Send now' }).click();

  // The report: the funnel fills live as the sandbox answers.
  const funnel = page.getByTestId('campaign-funnel');
  await expect(funnel).toBeVisible();
  await expect(funnel.getByTestId('funnel-sent').getByTestId('funnel-count')).toHaveText(
    String(CUSTOMERS.length),
    {
      timeout: 30_000,
    },
  );
  await expect(funnel.getByTestId('funnel-delivered').getByTestId('funnel-count')).not.toHaveText('0', {
    timeout: 30_000,
  });
  await expect(page.getByTestId('recipient-row')).toHaveCount(CUSTOMERS.length);
  await screenshot(page, 'campaign-report-1280');

  // A member sees the campaign and its report, and nothing to create or stop it with.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const member = await memberContext.newPage();
  try {
    const email = uniqueEmail('member');
    await signUpViaApi(member, email, 'teammate-pass');
    await joinTeamViaApi(page.request, member, email);
    await member.goto('/app/marketing/campaigns');
    await expect(member.getByTestId('campaign-row')).toHaveCount(1);
    await expect(member.getByRole('link', { name: 'New campaign' })).toHaveCount(0);
    await member.getByRole('link', { name: 'Spring tune-up' }).click();
    await expect(member.getByTestId('campaign-funnel')).toBeVisible();
    await expect(member.getByTestId('campaign-controls')).toHaveCount(0);
    const refused = await member.request.post('/api/campaigns', { data: { name: 'Mine' } });
    expect(refused.status()).toBe(403);
  } finally {
    await memberContext.close();
  }
});
