import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  joinTeamViaApi,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import { addCustomer, contactIdFor, customerChat, customerSays } from './inbox-helpers';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');

test('the owner saves a message with a PDF; a member sends it from the composer with / but cannot change it', async ({
  page,
  browser,
}) => {
  await signUpViaApi(page, uniqueEmail('owner'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const number = await connectSandboxNumberViaApi(page, 'Harbor Bikes');
  const phoneNumberId = number.phoneNumber.id;

  await page.goto('/app/settings/saved-messages');
  await page.getByRole('button', { name: 'Create Saved Message' }).click();
  const dialog = page.getByRole('dialog', { name: 'Create Saved Message' });
  const save = dialog.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await dialog.getByLabel('Title').fill('Price list');
  await dialog.getByLabel('Message').fill('Here is our spring price list.');
  await dialog.getByLabel('Upload Attachment').setInputFiles({
    name: 'prices.pdf',
    mimeType: 'application/pdf',
    buffer: PDF,
  });
  await expect(dialog.getByTestId('saved-attachment')).toHaveText(/document: prices\.pdf/);
  await expectNoAxeViolations(page, 'create saved message dialog', '[role="dialog"]');
  await screenshot(page, '70-saved-message-create', { fullPage: false });
  await save.click();
  await expect(dialog).toBeHidden();
  const row = page.getByTestId('saved-message').filter({ hasText: 'Price list' });
  await expect(row).toContainText('Here is our spring price list.');
  await expect(row.getByTestId('saved-message-attachment')).toHaveText('document: prices.pdf');
  await screenshot(page, '71-saved-messages-owner');

  // Invite a member; they sign up with the invited address and join through the link.
  const memberEmail = uniqueEmail('member');
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  try {
    await signUpViaApi(memberPage, memberEmail, 'member-pass');
    await joinTeamViaApi(page.request, memberPage, memberEmail);
    await memberPage.goto('/app/settings/saved-messages');
    const memberRow = memberPage.getByTestId('saved-message').filter({ hasText: 'Price list' });
    await expect(memberRow).toBeVisible();
    await expect(memberPage.getByTestId('saved-read-only')).toBeVisible();
    await expect(memberPage.getByRole('button', { name: 'Create Saved Message' })).toHaveCount(0);
    await expect(memberPage.getByRole('button', { name: /^(Edit|Delete) / })).toHaveCount(0);
    await screenshot(memberPage, '72-saved-messages-member');

    const list = await (await memberPage.request.get('/api/saved-messages')).json();
    const id = list.savedMessages[0].id as string;
    const file = await memberPage.request.get(list.savedMessages[0].attachment.url);
    expect(file.status()).toBe(200);
    expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
    const forgedEdit = await memberPage.request.put(`/api/saved-messages/${id}`, { data: { name: 'Mine' } });
    expect(forgedEdit.status()).toBe(403);
    expect((await forgedEdit.json()).message).toBe('Only team owners can edit saved messages.');
    const forgedDelete = await memberPage.request.delete(`/api/saved-messages/${id}`);
    expect(forgedDelete.status()).toBe(403);
    expect((await forgedDelete.json()).message).toBe('Only team owners can delete saved messages.');

    // A customer writes; the member answers with the saved message from the composer's '/' panel.
    const waId = '14155550166';
    await addCustomer(page.request, phoneNumberId, waId, 'Ria Sharma');
    await customerSays(page.request, phoneNumberId, waId, 'Do you have a price list?');
    const contactId = await contactIdFor(page, waId);
    await memberPage.goto(`/app/chats?contact=${contactId}`);
    await memberPage.getByRole('textbox', { name: 'Message' }).fill('/');
    const picker = memberPage.getByTestId('saved-messages-picker');
    await expect(picker).toBeVisible();
    await picker.getByRole('option', { name: /Price list/ }).click();
    const draft = memberPage.getByTestId('attachment-draft');
    await expect(draft).toContainText('prices.pdf');
    await expect(draft.getByRole('textbox', { name: 'Caption' })).toHaveValue(
      'Here is our spring price list.',
    );
    await draft.getByRole('button', { name: 'Send document' }).click();
    await expect
      .poll(async () => {
        const last = (await customerChat(page.request, phoneNumberId, waId)).messages.at(-1);
        return last
          ? { type: last.type, filename: last.media?.filename, caption: last.media?.caption }
          : null;
      })
      .toEqual({ type: 'document', filename: 'prices.pdf', caption: 'Here is our spring price list.' });
    await screenshot(memberPage, '73-saved-message-sent-by-member', { fullPage: false });
  } finally {
    await memberContext.close();
  }
});
