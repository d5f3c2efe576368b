import { expect, test } from '@playwright/test';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';

test('owner creates a template with a body variable; the sandbox approves it and the grid updates without reload', async ({
  page,
}) => {
  await signUpViaApi(page, uniqueEmail('owner'), 'correct-horse');
  await completeOnboardingViaApi(page);
  await connectSandboxNumberViaApi(page, 'Harbor Bikes');

  // ?openCreateModal=true opens the dialog and is cleared.
  await page.goto('/app/marketing?openCreateModal=true');
  const dialog = page.getByRole('dialog', { name: 'Create template' });
  await expect(dialog).toBeVisible();
  await expect(page).toHaveURL(/\/app\/marketing$/);

  // The sandbox WABA starts with hello_world and order_update, both approved.
  const grid = page.getByTestId('templates-grid');
  await expect(grid.getByTestId('template-card')).toHaveCount(2);

  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeDisabled();
  await dialog.getByLabel('Name').fill('Pickup Ready!');
  await expect(dialog.getByLabel('Name')).toHaveValue('pickup_ready_');
  await dialog.getByLabel('Body').fill('Hi ');
  await dialog.getByRole('button', { name: '+ Add variable' }).click();
  await dialog.getByLabel('Body').press('End');
  await dialog.getByLabel('Body').pressSequentially(', your bike is ready for pickup.');
  await dialog.getByLabel('Example for {{1}}').fill('Maya');
  await dialog.getByLabel('Footer').check();
  await dialog.getByLabel('Footer text').fill('Harbor Bikes');
  await expect(dialog.getByTestId('template-preview')).toContainText(
    'Hi Maya, your bike is ready for pickup.',
  );
  await screenshot(page, '60-template-create', { fullPage: false });
  await create.click();
  await expect(dialog).toBeHidden();

  const card = grid.locator('[data-name="pickup_ready_"]');
  await expect(card.getByTestId('template-status')).toHaveText('pending');
  await screenshot(page, '61-templates-pending');
  // The sandbox reviews it after a few seconds and sends the status webhook; the live feed updates the grid.
  await expect(card.getByTestId('template-status')).toHaveText('approved', { timeout: 20_000 });
  await expect(card).toContainText('Hi Maya, your bike is ready for pickup.');
  await screenshot(page, '62-templates-approved');

  // A body Meta would refuse is refused before any Graph call.
  const refused = await page.request.post('/api/templates', {
    data: { name: 'bad', body: '{{1}} only', bodyExamples: ['x'] },
  });
  expect(refused.status()).toBe(400);
  expect((await refused.json()).message).toContain('cannot start or end with a variable');
});
