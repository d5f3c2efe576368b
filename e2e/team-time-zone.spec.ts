import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { seedCampaignDraft } from './campaign-helpers';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import { addCustomer, contactIdFor, customerSays } from './inbox-helpers';

// The owner's browser is in Berlin: the team's zone stays UTC until the owner chooses one.
test.use({ timezoneId: 'Europe/Berlin' });

test('the owner sets the team’s time zone by keyboard; the AI bot and a campaign’s schedule use it', async ({
  page,
}) => {
  await signUpViaApi(page, uniqueEmail('tz-owner'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Harbor Bikes');

  // Nothing set it on its own: UTC, with the browser's zone only mentioned.
  await page.goto('/app/settings/team');
  const form = page.getByRole('form', { name: 'Team time zone' });
  const select = form.getByRole('combobox', { name: 'Time zone' });
  await expect(select).toHaveValue('UTC');
  await expect(form).toContainText('Your browser is on Europe/Berlin');
  const save = form.getByRole('button', { name: 'Save time zone' });
  await expect(save).toBeDisabled();

  // By keyboard: focus the list, move through it with the arrow keys, tab to Save, press Enter.
  await select.focus();
  await page.keyboard.press('ArrowDown');
  await expect(select).not.toHaveValue('UTC');
  await select.selectOption('Asia/Tokyo');
  await expect(select).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(save).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form.getByTestId('team-time-zone-saved')).toHaveText(
    'The team’s time zone is now Asia/Tokyo.',
  );
  await expect(save).toBeDisabled();
  await expect(page.locator('li', { hasText: 'changed the team’s time zone to Asia/Tokyo' })).toBeVisible();
  await screenshot(page, 'tz-01-settings-team');
  await expectNoAxeViolations(page, 'team settings with the time zone');

  // Marketing → AI Bots: the zone is the team's, with the way to change it.
  await page.goto('/app/marketing/bots');
  const note = page.getByTestId('bot-time-zone');
  await expect(note).toHaveText(
    'Business hours are read in the team’s time zone, Asia/Tokyo. Change it in Settings → Team.',
  );
  await expect(page.getByRole('combobox', { name: /time zone/i })).toHaveCount(0);
  await screenshot(page, 'tz-02-ai-bots');

  // A campaign draft (made in Lisbon's zone) is scheduled on the team's clock.
  const waId = '16505550177';
  await addCustomer(page.request, phoneNumber.id, waId, 'Kenji Sato');
  await customerSays(page.request, phoneNumber.id, waId, 'Any spring offers?');
  const contactId = await contactIdFor(page, waId);
  const { tag } = (await (await page.request.post('/api/tags', { data: { name: 'Spring' } })).json()) as {
    tag: { id: string };
  };
  await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [contactId] } });
  const campaignId = await seedCampaignDraft(page, tag.id);
  await page.goto(`/app/marketing/campaigns/${campaignId}?step=schedule`);
  await expect(page.getByText('Times are in your team’s time zone, Asia/Tokyo.')).toBeVisible();
  const scheduleNote = page.getByTestId('team-time-zone-note');
  await expect(scheduleNote).toHaveText('Change the team’s time zone in Settings → Team.');
  await page.getByRole('radio', { name: /Schedule for later/ }).check();
  const day = new Date(Date.now() + 10 * 86_400_000).toISOString().slice(0, 10);
  await page.getByRole('textbox', { name: 'Date' }).fill(day);
  await page.getByLabel('Time', { exact: true }).fill('09:30');
  await screenshot(page, 'tz-03-campaign-schedule');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByTestId('campaign-review')).toContainText('9:30 AM (Asia/Tokyo)');
  await page.getByRole('button', { name: 'Schedule campaign' }).click();
  await expect(page).toHaveURL(new RegExp(`/app/marketing/campaigns/${campaignId}$`));
  const { campaign } = (await (await page.request.get(`/api/campaigns/${campaignId}`)).json()) as {
    campaign: { scheduledAt: string; timeZone: string; status: string };
  };
  // 09:30 in Tokyo (UTC+9, no summer time) is 00:30 UTC the same day.
  expect(campaign).toMatchObject({
    status: 'scheduled',
    timeZone: 'Asia/Tokyo',
    scheduledAt: `${day}T00:30:00.000Z`,
  });

  // The link beside the zone leads to where the owner changes it.
  await page.goto('/app/marketing/bots');
  await note.getByRole('link', { name: 'Settings → Team' }).click();
  await expect(page).toHaveURL(/\/app\/settings\/team$/);
  await expect(page.getByRole('combobox', { name: 'Time zone' })).toHaveValue('Asia/Tokyo');
});
