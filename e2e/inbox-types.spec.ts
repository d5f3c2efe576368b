import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import {
  addCustomer,
  browserMedia,
  contactIdFor,
  customerSays,
  customerSendsFile,
  deliverFixture,
  ownerWithNumber,
  samplePng,
  sandboxNow,
} from './inbox-helpers';

const MAYA = { waId: '16505550142', name: 'Maya Patel' };

/** A PDF the sandbox accepts, padded to 218 KB (the spec's '218 kB / 4 pages'). */
function samplePdf(): Buffer {
  const head = '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n';
  return Buffer.concat([
    Buffer.from(head),
    Buffer.alloc(218 * 1024 - head.length - 6, 0x20),
    Buffer.from('\n%%EOF'),
  ]);
}

test('every kind of customer message renders as a person expects, and a new customer appears live', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Hello 👋');
  const contactId = await contactIdFor(page, MAYA.waId);

  // Oldest first, a minute apart, an hour ago on the sandbox clock.
  const start = (await sandboxNow(page.request)).getTime() - 60 * 60 * 1000;
  const fixtures = [
    'location-named',
    'contacts',
    'interactive-button-reply',
    'interactive-list-reply',
    'interactive-nfm-reply',
    'button',
    'order',
    'system-user-changed-number',
    'unsupported',
    'reply-context',
  ];
  for (const [index, fixture] of fixtures.entries()) {
    await deliverFixture(page.request, inbox, MAYA, fixture, new Date(start + index * 60_000));
  }
  // Real files for the media kinds, made by the browser, sent from the customer's phone.
  await page.goto('/sandbox');
  const media = await browserMedia(page);
  const send = (name: string, mimeType: string, buffer: Buffer, caption?: string) =>
    customerSendsFile(page.request, inbox.phoneNumberId, MAYA.waId, { name, mimeType, buffer }, { caption });
  await send('tulip.webp', 'image/webp', media.webp);
  await send('voice.m4a', 'audio/mp4', media.m4a);
  await send('unboxing.mp4', 'video/mp4', media.mp4, 'Unboxing');
  await customerSendsFile(
    page.request,
    inbox.phoneNumberId,
    MAYA.waId,
    { name: 'receipt-0042.pdf', mimeType: 'application/pdf', buffer: samplePdf() },
    { caption: 'My receipt', asDocument: true },
  );
  await customerSendsFile(
    page.request,
    inbox.phoneNumberId,
    MAYA.waId,
    { name: 'bouquet.png', mimeType: 'image/png', buffer: samplePng() },
    { caption: 'Like this one?' },
  );
  await customerSays(
    page.request,
    inbox.phoneNumberId,
    MAYA.waId,
    'Line one\nLine two <script>alert("x")</script> see www.example.com/tulips.',
  );

  await page.goto(`/app/chats?contact=${contactId}`);
  const list = page.getByTestId('message-list');
  const message = (text: string | RegExp) => page.getByTestId('message').filter({ hasText: text });

  await expect(message('Line one')).toContainText('<script>alert("x")</script>');
  await expect(message('Line one').getByRole('link', { name: 'www.example.com/tulips' })).toHaveAttribute(
    'href',
    'https://www.example.com/tulips',
  );
  await expect(page.locator('script', { hasText: 'alert("x")' })).toHaveCount(0);

  const photo = message('Like this one?');
  await expect(photo.getByRole('button', { name: 'Photo: Like this one?' })).toBeVisible();
  const pdf = message('receipt-0042.pdf');
  await expect(pdf).toContainText('218 kB / 4 pages');
  await expect(pdf).toContainText('My receipt');
  await expect(pdf.getByRole('button', { name: 'Download receipt-0042.pdf' })).toBeVisible();
  await screenshot(page, '42-inbox-types-latest', { fullPage: false });

  await expect(message('Unboxing').getByRole('button', { name: 'Video: Unboxing' })).toBeVisible();
  await expect(message('Yes, Thursday works').getByTestId('reply-quote')).toHaveText(
    'This message was deleted.',
  );
  const audio = page.getByRole('slider', { name: 'Audio position' });
  await expect(audio).toHaveCount(1);
  await expect(page.getByTestId('message').filter({ has: audio })).toContainText(/0:0\d/);
  await expect(page.getByRole('img', { name: 'Sticker' })).toBeVisible();
  await expect(message('Unsupported message (edit)')).toContainText(
    'Message type is currently not supported.',
  );
  await expect(message('changed from 16505550142 to 16505550199')).toBeVisible();
  await expect(message('Order · 3 items')).toContainText('2 × linen-shirt-blue-m');
  await expect(message('Parar promoções')).toContainText('Button reply');
  await expect(message('Form: flow')).toContainText('blue');
  await expect(message('Tuesday 10:00')).toContainText('List reply');
  await expect(message('Confirm')).toContainText('Button reply');
  await expect(message('Ana Beatriz Costa').getByRole('link', { name: '+55 11 91234-5678' })).toHaveAttribute(
    'href',
    'tel:+551191234-5678'.replace('-', ''),
  );
  await expect(message('Blue Bottle Coffee').getByRole('link', { name: /Open map/ })).toHaveAttribute(
    'href',
    'https://bluebottlecoffee.com/',
  );
  await list.evaluate((element) => {
    element.scrollTop = 0;
  });
  await screenshot(page, '43-inbox-types-oldest', { fullPage: false });

  // Scrolled up more than 50 px: a new message does not pull the reader down; a pill offers to jump.
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Are you still there?');
  const jump = page.getByRole('button', { name: '1 new message' });
  await expect(jump).toBeVisible();
  expect(await list.evaluate((element) => element.scrollTop)).toBeLessThan(100);
  await jump.click();
  await expect(message('Are you still there?')).toBeInViewport();
  await expect(jump).toHaveCount(0);

  // Reactions are shown on their target, never as messages of their own.
  await expect(page.getByTestId('message').filter({ hasText: /Reacted/ })).toHaveCount(0);

  // A customer nobody has talked to yet writes: the row appears at the top of Unassigned, live.
  // Meta's timestamps are whole seconds: move the sandbox clock on, so this message is not a tie with
  // the last one (ties may list either contact first).
  const advanced = await page.request.post('/sandbox/api/clock/advance', { data: { seconds: 2 } });
  expect(advanced.ok()).toBe(true);
  await addCustomer(page.request, inbox.phoneNumberId, '447700900123', 'Oliver Smith');
  await customerSays(page.request, inbox.phoneNumberId, '447700900123', 'Do you deliver on Sundays?');
  // The sandbox clock is shared by every spec: put it back.
  const restored = await page.request.post('/sandbox/api/clock/advance', { data: { seconds: -2 } });
  expect(restored.ok()).toBe(true);
  const rows = page.getByTestId('contact-row');
  await expect(rows.first()).toContainText('Oliver Smith');
  await expect(rows.first()).toContainText('Do you deliver on Sundays?');
  await expect(rows.first().getByTestId('unread-badge')).toHaveText('1 unread');
  await expect(page.getByRole('tab', { name: 'Unassigned (2)' })).toBeVisible();
  await screenshot(page, '44-inbox-new-contact-live', { fullPage: false });

  // Search runs on the server: by name and by phone digits; the clear button brings everyone back.
  const search = page.getByRole('searchbox', { name: 'Search contacts' });
  await search.fill('oliv');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Oliver Smith');
  await search.fill('+1 650');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(MAYA.name);
  await search.fill('nobody-like-this');
  await expect(page.getByTestId('contact-list-empty')).toBeVisible();
  await page.getByRole('button', { name: 'Clear search' }).click();
  await expect(rows).toHaveCount(2);
  // The tag filter: contacts carrying any picked tag; 'Clear all filters' brings everyone back.
  const oliverId = await contactIdFor(page, '447700900123');
  const created = await page.request.post('/api/tags', { data: { name: 'Wholesale' } });
  const { tag } = (await created.json()) as { tag: { id: string } };
  await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [oliverId] } });
  await page.getByRole('button', { name: 'Filter by tags' }).click();
  const popup = page.getByRole('dialog', { name: 'Filter by tags' });
  await popup.getByRole('menuitemcheckbox', { name: /Wholesale/ }).click();
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText('Oliver Smith');
  await expect(page.getByRole('tab', { name: 'Unassigned (1)' })).toBeVisible();
  await screenshot(page, '48-inbox-tag-filter', { fullPage: false });
  await popup.getByRole('button', { name: 'Clear all filters' }).click();
  await expect(rows).toHaveCount(2);
  await page.keyboard.press('Escape');
  await expect(popup).toHaveCount(0);

  await page.getByRole('tab', { name: 'Assigned to Me (0)' }).click();
  await expect(page.getByTestId('contact-list-empty')).toHaveText('No contacts assigned to you');
});
