import { expect, type Page, test } from '@playwright/test';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import {
  addCustomer,
  advanceSandboxClock,
  contactIdFor,
  customerSays,
  customerSendsFile,
  type Inbox,
  ownerWithNumber,
  samplePng,
} from './inbox-helpers';

const MAYA = { waId: '16505550177', name: 'Maya Patel' };
const DAY = 24 * 60 * 60;

// The sandbox clock is shared by the whole server: whatever this test moved it by is moved back after it.
let clockMoved = 0;
test.afterEach(async ({ request }) => {
  if (clockMoved !== 0) await advanceSandboxClock(request, -clockMoved);
  clockMoved = 0;
});

function samplePdf(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(120 * 1024 - head.length - 6, 0x20),
    Buffer.from('\n%%EOF'),
  ]);
}

async function sendPhoto(page: Page, inbox: Inbox, name: string, width: number, height: number) {
  await customerSendsFile(page.request, inbox.phoneNumberId, MAYA.waId, {
    name,
    mimeType: 'image/png',
    buffer: samplePng(width, height),
  });
}

test('the contact panel: stats and files, notes with their limit, archive and delete', async ({
  page,
  browser,
}) => {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);

  // A conversation spread over six weeks of the sandbox clock, so the files fall into every age group.
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Hi! Do you do wedding bouquets?');
  await sendPhoto(page, inbox, 'first-idea.png', 320, 240);
  await advanceSandboxClock(page.request, 20 * DAY);
  clockMoved += 20 * DAY;
  await customerSendsFile(
    page.request,
    inbox.phoneNumberId,
    MAYA.waId,
    { name: 'venue-floorplan.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
    { asDocument: true },
  );
  await sendPhoto(page, inbox, 'colours.png', 240, 320);
  await advanceSandboxClock(page.request, 20 * DAY);
  clockMoved += 20 * DAY;
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Here is the dress and the table setting');
  await sendPhoto(page, inbox, 'dress.png', 300, 300);
  await sendPhoto(page, inbox, 'table.png', 400, 260);
  const contactId = await contactIdFor(page, MAYA.waId);

  await page.goto(`/app/chats?contact=${contactId}`);
  const header = page.getByTestId('conversation-header');
  await expect(header.getByTestId('contact-name')).toHaveText(MAYA.name);

  // Clicking the header opens the panel beside the chat.
  await header.getByTestId('open-contact-details').click();
  const panel = page.getByTestId('contact-panel');
  await expect(panel).toBeVisible();
  await expect(panel.getByTestId('panel-name')).toHaveText(MAYA.name);
  await expect(panel.getByTestId('panel-phone')).toHaveText(`+${MAYA.waId}`);
  expect((await panel.boundingBox())?.width).toBe(400);

  const info = panel.getByTestId('contact-info');
  await expect(info.getByTestId('message-count')).toHaveText('7');
  await expect(info.getByTestId('media-counts')).toContainText('4Photos');
  await expect(info.getByTestId('media-counts')).toContainText('1Document');
  await expect(info.getByTestId('first-contact')).toHaveText(/\d{1,2} [A-Z][a-z]{2}/);

  // The media tab: photos by age, a 4-column grid; a click opens the lightbox.
  const files = panel.getByTestId('contact-files');
  await expect(files.getByTestId('media-tile')).toHaveCount(4);
  await expect(files.getByTestId('media-group').locator('h5')).toHaveText([
    'This week',
    'Last month',
    'Earlier',
  ]);
  await files.getByTestId('media-tile').first().click();
  const lightbox = page.getByRole('dialog', { name: 'Photo' });
  await expect(lightbox.locator('img')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(lightbox).toHaveCount(0);
  // Escape closed only the lightbox.
  await expect(panel).toBeVisible();
  // A click beside the photo closes it too.
  await files.getByTestId('media-tile').first().click();
  await expect(lightbox.locator('img')).toBeVisible();
  await page.mouse.click(40, 450);
  await expect(lightbox).toHaveCount(0);
  await expect(panel).toBeVisible();
  await files.scrollIntoViewIfNeeded();
  await screenshot(page, 'contact-panel-media', { fullPage: false });

  // Notes: over 500 characters the counter is red, the message shows and Save is disabled.
  const notes = panel.getByRole('textbox', { name: 'Notes' });
  await expect(notes).toHaveAttribute('placeholder', 'Add notes about this contact');
  await notes.fill('x'.repeat(501));
  const counter = panel.getByTestId('notes-counter');
  await expect(counter).toHaveText('501/500');
  await expect(counter).toHaveAttribute('data-tone', 'over');
  await expect(counter).toHaveClass(/text-red-600/);
  await expect(panel.getByText('Notes cannot exceed 500 characters')).toBeVisible();
  await expect(panel.getByRole('button', { name: 'Save' })).toBeDisabled();
  await notes.press('Enter');
  await expect(counter).toHaveText('501/500');
  await screenshot(page, 'contact-panel-notes-too-long', { fullPage: false });

  // A shorter note saves with Enter (trimmed) and survives a reload.
  const note = 'Wedding on 14 June. Prefers pastel colours, no lilies.';
  await notes.fill(`  ${note}  `);
  await notes.press('Enter');
  await expect(panel.getByTestId('notes-message')).toHaveText('Saved');
  await expect(notes).toHaveValue(note);
  await expect(counter).toHaveText(`${note.length}/500`);

  // Tags from the panel, with the same picker as the header; Escape closes the picker, not the panel.
  await panel.getByTestId('panel-add-tag').click();
  const picker = page.getByRole('dialog', { name: 'Tag chat' });
  await picker.getByRole('textbox', { name: 'Search or create tag...' }).fill('Wedding');
  await page.keyboard.press('Enter');
  await expect(panel.getByTestId('tag-chip')).toHaveText('Wedding');
  await page.keyboard.press('Escape');
  await expect(picker).toHaveCount(0);
  await expect(panel).toBeVisible();
  await screenshot(page, 'contact-panel-open', { fullPage: false });

  await page.reload();
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  await expect(panel.getByRole('textbox', { name: 'Notes' })).toHaveValue(note);
  await panel.getByRole('tab', { name: /Docs/ }).click();
  await expect(panel.getByTestId('document-card')).toContainText('venue-floorplan.pdf');
  await expect(panel.getByTestId('document-card')).toContainText('120 kB / 2 pages');
  await panel.getByTestId('contact-actions').scrollIntoViewIfNeeded();
  await screenshot(page, 'contact-panel-docs', { fullPage: false });

  // On a narrower screen the panel covers the chat instead of squeezing it.
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(panel).toBeVisible();
  await screenshot(page, 'contact-panel-narrow', { fullPage: false });
  await page.setViewportSize({ width: 1440, height: 900 });

  // Escape closes the panel.
  await panel.getByRole('textbox', { name: 'Notes' }).focus();
  await page.keyboard.press('Escape');
  await expect(panel).toHaveCount(0);

  // Archive: confirmed, the contact leaves the tab; a new message from them brings it back.
  const row = page.getByTestId('contact-row').filter({ hasText: MAYA.name });
  await expect(row).toBeVisible();
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  await panel.getByRole('button', { name: /^Archive/ }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Archive this contact?' });
  await expect(confirm).toContainText('leaves the tabs until they write again');
  // Escape answers the question (no), and leaves the panel open.
  await page.keyboard.press('Escape');
  await expect(confirm).toHaveCount(0);
  await expect(panel).toBeVisible();
  await panel.getByRole('button', { name: /^Archive/ }).click();
  await screenshot(page, 'contact-panel-archive-confirm', { fullPage: false });
  await confirm.getByRole('button', { name: 'Archive' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByRole('tab', { name: /Unassigned \(0\)/ })).toBeVisible();
  await expect(panel.getByTestId('archived-badge')).toBeVisible();
  await panel.getByTestId('contact-actions').scrollIntoViewIfNeeded();
  await screenshot(page, 'contact-panel-archived', { fullPage: false });

  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'One more question about the roses');
  await expect(row).toContainText('One more question about the roses');
  await expect(panel.getByTestId('archived-badge')).toHaveCount(0);
  await expect(panel.getByTestId('message-count')).toHaveText('8');

  // A teammate has the same chat open while the owner deletes it.
  const teammate = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const member = await teammate.newPage();
  const memberEmail = uniqueEmail('panel-member');
  await signUpViaApi(member, memberEmail, 'teammate-pass');
  await joinTeamViaApi(page.request, member, memberEmail);
  await member.goto(`/app/chats?contact=${contactId}`);
  await expect(member.getByTestId('message').filter({ hasText: 'One more question' })).toBeVisible();

  // Delete (owners): confirmed, the contact and its conversation are gone.
  await panel.getByRole('button', { name: /^Delete/ }).click();
  const confirmDelete = page.getByRole('alertdialog', { name: 'Delete this contact?' });
  await screenshot(page, 'contact-panel-delete-confirm', { fullPage: false });
  await confirmDelete.getByRole('button', { name: 'Delete contact' }).click();
  await expect(page).not.toHaveURL(/contact=/);
  await expect(panel).toHaveCount(0);
  await expect(row).toHaveCount(0);
  await expect(page.getByText('Select a contact to start chatting')).toBeVisible();
  expect((await page.request.get(`/api/contacts/${contactId}`)).status()).toBe(404);

  // The teammate's open conversation closes by itself, with a word on why.
  await expect(member).not.toHaveURL(/contact=/);
  await expect(member.getByTestId('toast').filter({ hasText: 'This contact was deleted.' })).toBeVisible();
  await expect(member.getByText('Select a contact to start chatting')).toBeVisible();
  await teammate.close();
});
