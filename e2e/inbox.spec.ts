import { expect, test } from '@playwright/test';
import { screenshot } from './helpers';
import {
  addCustomer,
  advanceSandboxClock,
  browserMedia,
  contactIdFor,
  customerChat,
  customerReacts,
  customerSays,
  ownerWithNumber,
  samplePng,
} from './inbox-helpers';

const MAYA = { waId: '16505550142', name: 'Maya Patel' };
const DAY_AND_AN_HOUR = 25 * 60 * 60;

// The sandbox clock is shared by the whole server: whatever a test moved it by is moved back after it,
// in a hook, so a failing test reports its own error and leaves later tests a true clock.
let clockMoved = 0;
test.afterEach(async ({ request }) => {
  if (clockMoved !== 0) await advanceSandboxClock(request, -clockMoved);
  clockMoved = 0;
});

test('a customer’s message appears live; the agent replies with text, a reaction and a photo, and ticks come back', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Bloom Florists');
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Hi! Do you have pink tulips?');
  const contactId = await contactIdFor(page, MAYA.waId);

  await page.goto('/app/chats');
  const row = page.getByTestId('contact-row').filter({ hasText: MAYA.name });
  await expect(row).toContainText('Hi! Do you have pink tulips?');
  await expect(page.getByRole('tab', { name: /Unassigned \(1\)/ })).toBeVisible();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`contact=${contactId}`));
  const header = page.getByTestId('conversation-header');
  await expect(header.getByTestId('contact-name')).toHaveText(MAYA.name);
  await expect(header.getByTestId('contact-phone')).toHaveText('+16505550142');
  await expect(header.getByTestId('window-timer')).toHaveAttribute('data-tone', 'green');

  // The customer writes while the chat is open: it shows up live, within a second.
  const sentAt = Date.now();
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'For my mum’s birthday 🎂\nOn Sunday?');
  const live = page.getByTestId('message').filter({ hasText: 'For my mum’s birthday' });
  await expect(live).toBeVisible({ timeout: 1_000 });
  console.log(`live message shown after ${Date.now() - sentAt} ms`);
  await expect(live).toHaveAttribute('data-direction', 'incoming');
  await expect(live.getByRole('img')).toHaveCount(0);

  // Text reply: pending at once, then sent/delivered as the phone receives it.
  await page.getByRole('textbox', { name: 'Message' }).fill('Yes! We deliver on Sundays 🌷');
  await page.keyboard.press('Enter');
  const reply = page.getByTestId('message').filter({ hasText: 'Yes! We deliver on Sundays' });
  await expect(reply).toHaveCount(1);
  await expect(reply).toHaveAttribute('data-status', /sent|delivered/);
  await expect
    .poll(
      async () => (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.text,
    )
    .toBe('Yes! We deliver on Sundays 🌷');
  await expect(reply).toHaveAttribute('data-status', 'delivered');
  await expect(reply.getByRole('img', { name: 'Delivered' })).toBeVisible();

  // The customer opens the chat on the phone: blue ticks come back live.
  await page.request.post(`/sandbox/api/phone-numbers/${inbox.phoneNumberId}/customers/${MAYA.waId}/read`);
  await expect(reply).toHaveAttribute('data-status', 'read');
  await expect(reply.getByRole('img', { name: 'Read' })).toBeVisible();
  await expect(reply).toHaveCount(1);

  // Opening the chat sent read receipts: the customer's phone shows their messages read.
  await expect
    .poll(async () =>
      (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages
        .filter((m) => m.from === 'customer')
        .map((m) => m.status),
    )
    .toEqual(['read', 'read']);

  // Meta refuses a send: the bubble turns failed with the reason, and Retry sends it again.
  await page.request.put('/sandbox/api/settings', { data: { failNextSends: { code: 131047, count: 1 } } });
  await page.getByRole('textbox', { name: 'Message' }).fill('Shall I add a card?');
  await page.keyboard.press('Enter');
  const flaky = page.getByTestId('message').filter({ hasText: 'Shall I add a card?' });
  await expect(flaky).toHaveAttribute('data-status', 'failed');
  await expect(flaky.getByRole('img', { name: 'Failed' })).toBeVisible();
  await expect(flaky.getByRole('alert')).toContainText(
    'More than 24 hours have passed since this customer last messaged you.',
  );
  await expect(page.getByTestId('toast').filter({ hasText: 'Failed to send message' })).toBeVisible();
  await flaky.getByRole('button', { name: 'Retry' }).click();
  await expect(flaky).toHaveAttribute('data-status', 'delivered');
  await expect(flaky.getByRole('alert')).toHaveCount(0);

  // A quick reaction on the customer's message reaches the phone.
  await live.hover();
  await live.getByRole('button', { name: 'React 👍' }).click();
  await expect(live.getByTestId('reactions')).toContainText('👍');
  await expect(page.getByTestId('toast').filter({ hasText: 'Reaction sent' })).toBeVisible();
  await expect
    .poll(async () => {
      const chat = await customerChat(page.request, inbox.phoneNumberId, MAYA.waId);
      return chat.messages.find((m) => m.text?.startsWith('For my mum'))?.reactions;
    })
    .toEqual([{ emoji: '👍', from: 'business' }]);

  // The customer reacts to our reply: it shows on that bubble, live.
  const chat = await customerChat(page.request, inbox.phoneNumberId, MAYA.waId);
  const ours = chat.messages.find((m) => m.from === 'business' && m.text?.startsWith('Yes! We deliver'));
  await customerReacts(page.request, inbox.phoneNumberId, MAYA.waId, ours!.id, '❤️');
  await expect(reply.getByTestId('reactions')).toContainText('❤️');

  // A reply quotes the customer's message, here and on the phone.
  await live.hover();
  await live.getByRole('button', { name: 'Reply' }).click();
  await expect(page.getByTestId('reply-bar')).toContainText('Replying to Maya Patel');
  await page.getByRole('textbox', { name: 'Message' }).fill('Sunday works, we open at 9');
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('reply-bar')).toHaveCount(0);
  const quoted = page.getByTestId('message').filter({ hasText: 'Sunday works' });
  await expect(quoted.getByTestId('reply-quote')).toContainText('For my mum’s birthday');
  await expect
    .poll(
      async () =>
        (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.context?.preview,
    )
    .toContain('For my mum’s birthday');

  // A photo from the composer: checked, uploaded with progress, and it arrives on the phone.
  await page.getByTestId('attach-image').setInputFiles({
    name: 'tulips.png',
    mimeType: 'image/png',
    buffer: samplePng(),
  });
  const draft = page.getByTestId('attachment-draft');
  await expect(draft).toContainText('tulips.png');
  await draft.getByRole('textbox', { name: 'Caption' }).fill('Pink tulips, freshly cut');
  await draft.getByRole('button', { name: 'Send photo' }).click();
  const photo = page.getByTestId('message').filter({ hasText: 'Pink tulips, freshly cut' });
  await expect(photo.getByRole('button', { name: /Photo/ })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Image sent successfully' })).toBeVisible();
  await expect
    .poll(async () => {
      const last = (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1);
      return last ? { type: last.type, mime: last.media?.mimeType, caption: last.media?.caption } : null;
    })
    .toEqual({ type: 'image', mime: 'image/png', caption: 'Pink tulips, freshly cut' });
  await expect(photo).toHaveAttribute('data-status', /delivered|sent/);
  await screenshot(page, '40-inbox-conversation', { fullPage: false });

  // The lightbox opens on the photo and closes on Escape.
  await photo.getByRole('button', { name: /Photo/ }).click();
  await expect(page.getByRole('dialog', { name: 'Photo' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog', { name: 'Photo' })).toHaveCount(0);

  // The list shows our last message first, with no unread badge for a chat we have open.
  await expect(row).toContainText('Pink tulips, freshly cut');
  await expect(row.getByTestId('unread-badge')).toHaveCount(0);
});

test('composer checks attachments before uploading, in the spec’s words', async ({ page }) => {
  const inbox = await ownerWithNumber(page, 'Rivera Coffee');
  await addCustomer(page.request, inbox.phoneNumberId, '447700900123', 'Oliver Smith');
  await customerSays(page.request, inbox.phoneNumberId, '447700900123', 'Hello?');
  const contactId = await contactIdFor(page, '447700900123');
  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Hello?' })).toBeVisible();

  const alert = page.getByTestId('composer').getByRole('alert');
  await page
    .getByTestId('attach-image')
    .setInputFiles({ name: 'a.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') });
  await expect(alert).toHaveText('Only JPEG and PNG images are supported');

  await page.getByTestId('attach-video').setInputFiles({
    name: 'clip.mov',
    mimeType: 'video/quicktime',
    buffer: Buffer.from('not really a movie'),
  });
  await expect(alert).toHaveText(
    'Unsupported video format. WhatsApp only supports MP4 and 3GPP videos. Your file is video/quicktime.',
  );

  await page.getByTestId('attach-document').setInputFiles({
    name: 'archive.zip',
    mimeType: 'application/zip',
    buffer: Buffer.from('PK'),
  });
  await expect(alert).toHaveText(
    'Unsupported document type. Supported types: txt, xls, xlsx, doc, docx, ppt, pptx, pdf.',
  );

  await page.getByTestId('attach-document').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('Opening hours: 8–18'),
  });
  const draft = page.getByTestId('attachment-draft');
  await draft.getByRole('textbox', { name: 'Caption' }).fill('x'.repeat(1025));
  await expect(draft.getByRole('alert')).toHaveText('Caption cannot exceed 1024 characters');
  await expect(draft.getByRole('button', { name: 'Send document' })).toBeDisabled();
  await draft.getByRole('textbox', { name: 'Caption' }).fill('Our hours');
  await draft.getByRole('button', { name: 'Send document' }).click();
  const doc = page.getByTestId('message').filter({ hasText: 'notes.txt' });
  await expect(doc).toContainText('Our hours');
  await expect(page.getByTestId('toast').filter({ hasText: 'Document sent successfully' })).toBeVisible();

  // A video: its poster frame is made in the browser and uploaded with it; the phone receives a video.
  const { mp4 } = await browserMedia(page);
  await page
    .getByTestId('attach-video')
    .setInputFiles({ name: 'shop-tour.mp4', mimeType: 'video/mp4', buffer: mp4 });
  await expect(draft.getByRole('img', { name: 'Preview of shop-tour.mp4' })).toBeVisible();
  await draft.getByRole('textbox', { name: 'Caption' }).fill('A quick tour');
  await draft.getByRole('button', { name: 'Send video' }).click();
  const video = page.getByTestId('message').filter({ hasText: 'A quick tour' });
  await expect(video.getByRole('button', { name: 'Video: A quick tour' })).toBeVisible();
  await expect(page.getByTestId('toast').filter({ hasText: 'Video sent successfully' })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await customerChat(page.request, inbox.phoneNumberId, '447700900123')).messages.at(-1)?.type,
    )
    .toBe('video');

  // Saved messages: a leading '/' filters them, a pick fills the composer (an attachment becomes a draft).
  const upload = await page.request.post('/api/saved-messages/attachments', {
    multipart: { file: { name: 'menu.png', mimeType: 'image/png', buffer: samplePng() } },
  });
  const { attachment } = (await upload.json()) as { attachment: { id: string } };
  for (const saved of [
    { name: 'Greeting', content: 'Hi! Thanks for writing to Rivera Coffee ☕', attachmentId: null },
    { name: 'Menu', content: 'Here is our menu', attachmentId: attachment.id },
  ]) {
    expect((await page.request.post('/api/saved-messages', { data: saved })).status()).toBe(201);
  }
  const box = page.getByRole('textbox', { name: 'Message' });
  await box.fill('/greet');
  const panel = page.getByRole('listbox', { name: 'Saved messages' });
  await expect(panel.getByRole('option')).toHaveCount(1);
  await screenshot(page, '45-inbox-saved-messages', { fullPage: false });
  await panel.getByRole('option', { name: /Greeting/ }).click();
  await expect(box).toHaveValue('Hi! Thanks for writing to Rivera Coffee ☕');
  await box.press('Enter');
  await expect(
    page.getByTestId('message').filter({ hasText: 'Thanks for writing to Rivera Coffee' }),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Saved messages' }).click();
  await panel.getByRole('option', { name: /Menu/ }).click();
  await expect(draft.getByRole('textbox', { name: 'Caption' })).toHaveValue('Here is our menu');
  await draft.getByRole('button', { name: 'Send photo' }).click();
  await expect(
    page
      .getByTestId('message')
      .filter({ hasText: 'Here is our menu' })
      .getByRole('button', { name: /Photo/ }),
  ).toBeVisible();

  // Enter sends, Shift+Enter adds a line; while the text is blank the microphone takes Send's place.
  await expect(page.getByRole('button', { name: 'Record voice message' })).toBeVisible();
  await box.fill('   ');
  await expect(page.getByRole('button', { name: 'Record voice message' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
  await box.fill('First line');
  await box.press('Shift+Enter');
  await box.pressSequentially('second line');
  await box.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'First line' })).toContainText(
    'First line\nsecond line',
  );
  await expect(box).toHaveValue('');
});

test('after 24 hours without a customer message the composer locks and the template modal opens', async ({
  page,
}) => {
  // The page learns the server's time from the live heartbeat's pong. Hold pongs back so the agent's
  // send below reaches the server before the page knows the window closed (an agent sending just as it
  // closes); left alone, a heartbeat landing in between would lock the composer first.
  let holdPongs = false;
  await page.routeWebSocket(/\/api\/live$/, (ws) => {
    const server = ws.connectToServer();
    server.onMessage((frame) => {
      if (holdPongs && String(frame).includes('"type":"pong"')) return;
      ws.send(frame);
    });
  });

  const inbox = await ownerWithNumber(page, 'Lumen Dental');
  await addCustomer(page.request, inbox.phoneNumberId, '4915123456789', 'Lena Fischer');
  await customerSays(page.request, inbox.phoneNumberId, '4915123456789', 'Can I move my appointment?');
  const contactId = await contactIdFor(page, '4915123456789');
  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('window-timer')).toContainText('23h');

  holdPongs = true;
  await page.getByRole('textbox', { name: 'Message' }).fill('Sure, which day suits you?');
  await advanceSandboxClock(page.request, DAY_AND_AN_HOUR);
  clockMoved = DAY_AND_AN_HOUR;
  await page.keyboard.press('Enter');

  // The server refuses the free-form send and the app offers templates instead.
  const modal = page.getByRole('dialog', { name: 'Send Template Message' });
  await expect(modal).toBeVisible();
  await expect(page.getByTestId('composer-locked')).toContainText('The 24-hour messaging window is closed');
  await expect(page.getByTestId('window-timer')).toContainText(/Window closed 1h \d+m ago/);
  await expect(page.getByRole('textbox', { name: 'Message' })).toHaveCount(0);
  holdPongs = false;
  await screenshot(page, '41-inbox-template-modal', { fullPage: false });

  // An approved template still goes: it joins the conversation and reaches the phone.
  const card = modal.getByTestId('template-grid').locator('[data-name="hello_world"]');
  await card.getByRole('button', { name: 'Send' }).click();
  await modal.getByTestId('template-fill').getByRole('button', { name: 'Send' }).click();
  await expect(modal).toHaveCount(0);
  const template = page.getByTestId('message').filter({ hasText: 'Template · hello_world' });
  await expect(template).toBeVisible();
  await expect(template).toHaveAttribute('data-status', /sent|delivered/);
  await expect
    .poll(
      async () =>
        (await customerChat(page.request, inbox.phoneNumberId, '4915123456789')).messages.at(-1)?.type,
    )
    .toBe('template');

  await page.getByTestId('composer-locked').getByRole('button', { name: 'Send Template Message' }).click();
  await page
    .getByRole('dialog', { name: 'Send Template Message' })
    .getByRole('button', { name: 'Create New Template' })
    .click();
  await expect(page).toHaveURL(/\/app\/marketing/);
});
