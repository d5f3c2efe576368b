import { expect, test } from '@playwright/test';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  joinTeamViaApi,
  openSandboxPhone,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import {
  addCustomer,
  advanceSandboxClock,
  contactIdFor,
  customerChat,
  customerSays,
  samplePng,
} from './inbox-helpers';

const SAM = { waId: '14155550123', name: 'Sam Rivera' };
const DAY_AND_AN_HOUR = 25 * 60 * 60;
const BODY = 'Hi {{1}}, our spring bikes are in. Come by for a test ride!';

// The sandbox clock is shared by the whole server: whatever a test moved it by is moved back after it,
// in a hook, so a failing test reports its own error and leaves later tests a true clock.
let clockMoved = 0;
test.afterEach(async ({ request }) => {
  if (clockMoved !== 0) await advanceSandboxClock(request, -clockMoved);
  clockMoved = 0;
});

test('owner creates a template with an image header; the sandbox approves it; a member sends it outside the window and the phone shows the image and the text', async ({
  page: owner,
  browser,
}) => {
  await signUpViaApi(owner, uniqueEmail('owner'), 'correct-horse');
  await completeOnboardingViaApi(owner);
  const number = await connectSandboxNumberViaApi(owner, 'Harbor Bikes');
  const phoneNumberId = number.phoneNumber.id;
  await addCustomer(owner.request, phoneNumberId, SAM.waId, SAM.name);
  await customerSays(owner.request, phoneNumberId, SAM.waId, 'Any new bikes this spring?');
  const contactId = await contactIdFor(owner, SAM.waId);
  const photo = samplePng(480, 320);

  // The owner builds the template: an image header (uploaded at once), a body with a variable.
  await owner.goto('/app/marketing?openCreateModal=true');
  const dialog = owner.getByRole('dialog', { name: 'Create template' });
  await dialog.getByLabel('Name').fill('spring_bikes');
  await dialog.getByLabel('Category').selectOption('MARKETING');
  await dialog.getByLabel('Header', { exact: true }).check();
  await dialog.getByRole('radio', { name: 'Image' }).click();
  await dialog.getByLabel('Header image').setInputFiles({
    name: 'spring-bikes.png',
    mimeType: 'image/png',
    buffer: photo,
  });
  await expect(dialog.getByTestId('template-media-name')).toHaveText('spring-bikes.png');
  await dialog.getByLabel('Body').fill(BODY);
  await dialog.getByLabel('Example for {{1}}').fill('Maya');
  const preview = dialog.getByTestId('template-preview');
  await expect(preview.getByTestId('template-preview-media')).toHaveAttribute('data-kind', 'image');
  await expect(preview).toContainText('Hi Maya, our spring bikes are in. Come by for a test ride!');
  const create = dialog.getByRole('button', { name: 'Create', exact: true });
  await expect(create).toBeEnabled();
  await screenshot(owner, '80-template-media-create', { fullPage: false });
  await create.click();
  await expect(dialog).toBeHidden();

  // Pending, then approved by the sandbox's reviewer; the grid updates live, with the sample image.
  const card = owner.getByTestId('templates-grid').locator('[data-name="spring_bikes"]');
  await expect(card.getByTestId('template-status')).toHaveText('pending');
  await expect(card.getByTestId('template-status')).toHaveText('approved', { timeout: 20_000 });
  const cardImage = card.getByTestId('template-preview-media');
  await expect(cardImage).toHaveAttribute('src', /^\/api\/media\//);
  await expect.poll(() => cardImage.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
  await screenshot(owner, '81-template-media-approved');

  // A member of the team: an account with no team joins by following the owner's invitation.
  const memberContext = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const member = await memberContext.newPage();
  try {
    const memberEmail = uniqueEmail('member');
    await signUpViaApi(member, memberEmail, 'teammate-pass');
    await joinTeamViaApi(owner.request, member, memberEmail);

    // A day and an hour later the customer service window is closed. The clock moves before the member
    // opens the chat, so the page learns the time once, with the chat, not at a random heartbeat.
    await advanceSandboxClock(owner.request, DAY_AND_AN_HOUR);
    clockMoved = DAY_AND_AN_HOUR;
    await member.goto(`/app/chats?contact=${contactId}`);
    const locked = member.getByTestId('composer-locked');
    await expect(locked).toContainText('The 24-hour messaging window is closed');
    await expect(member.getByTestId('window-timer')).toContainText(/Window closed 1h \d+m ago/);
    await locked.getByRole('button', { name: 'Send Template Message' }).click();

    const modal = member.getByRole('dialog', { name: 'Send Template Message' });
    const pick = modal.getByTestId('template-grid').locator('[data-name="spring_bikes"]');
    await expect(pick.getByTestId('template-preview-media')).toBeVisible();
    await pick.getByRole('button', { name: 'Send' }).click();
    const fill = modal.getByTestId('template-fill');
    // The header is prefilled with the template's sample; the variable with the contact's name.
    await expect(fill.getByTestId('template-media-name')).toHaveText('spring-bikes.png');
    await expect(fill.getByText('The template’s sample')).toBeVisible();
    await expect(fill.getByLabel('Variable {{1}}')).toHaveValue(SAM.name);
    await fill.getByLabel('Variable {{1}}').fill('Sam');
    await expect(fill.getByTestId('template-preview')).toContainText(
      'Hi Sam, our spring bikes are in. Come by for a test ride!',
    );
    await expect(fill.getByTestId('template-preview-media')).toHaveAttribute('data-kind', 'image');
    await screenshot(member, '82-template-media-send', { fullPage: false });
    await fill.getByRole('button', { name: 'Send' }).click();
    await expect(modal).toHaveCount(0);

    // The conversation shows the image above the rendered text, and the send goes through.
    const sent = member.getByTestId('message').filter({ hasText: 'Template · spring_bikes' });
    await expect(sent).toContainText('Hi Sam, our spring bikes are in. Come by for a test ride!');
    await expect(sent.getByRole('button', { name: 'Photo' })).toBeVisible();
    await expect(sent).toHaveAttribute('data-status', /sent|delivered/);
    await member.mouse.move(700, 200);
    await screenshot(member, '83-template-media-conversation', { fullPage: false });

    // The customer's phone: the rendered text under the image, the same image that was uploaded.
    await expect
      .poll(async () => {
        const last = (await customerChat(member.request, phoneNumberId, SAM.waId)).messages.at(-1);
        return last ? { type: last.type, body: last.template?.body, media: last.media?.kind } : null;
      })
      .toEqual({
        type: 'template',
        body: 'Hi Sam, our spring bikes are in. Come by for a test ride!',
        media: 'image',
      });
    const last = (await customerChat(member.request, phoneNumberId, SAM.waId)).messages.at(-1)!;
    const received = await member.request.get(last.media!.url);
    expect(Buffer.from(await received.body()).equals(photo)).toBe(true);

    const phone = await memberContext.newPage();
    await openSandboxPhone(phone, phoneNumberId);
    await phone.getByTestId('sandbox-customer').filter({ hasText: SAM.name }).click();
    const bubble = phone
      .getByTestId('sandbox-message')
      .filter({ hasText: 'Hi Sam, our spring bikes are in. Come by for a test ride!' });
    await expect(bubble).toBeVisible();
    const image = bubble.getByRole('img');
    await expect(image).toBeVisible();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(480);
    await screenshot(phone, '84-template-media-phone');
  } finally {
    await memberContext.close();
  }
});
