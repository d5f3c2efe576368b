import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { openSandboxPhone, screenshot } from './helpers';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

/**
 * Voice notes from the composer (issue 17). Chromium runs with a fake microphone (a beep; see the
 * launch args in playwright.config.ts): the agent records, cancels one recording, sends another, and
 * both our chat and the customer's sandbox phone show a voice note — not an audio file. Screenshots
 * in .tmp/screens/voice-note-*.png.
 */

const CUSTOMER = { waId: '16505550361', name: 'Mira Kaya' };

test('an agent records a voice note; our chat and the customer’s phone show a voice note', async ({
  page,
}) => {
  const inbox = await ownerWithNumber(page, 'Kaya Flowers');
  await addCustomer(page.request, inbox.phoneNumberId, CUSTOMER.waId, CUSTOMER.name);
  await customerSays(page.request, inbox.phoneNumberId, CUSTOMER.waId, 'Can you tell me about the bouquet?');
  const contactId = await contactIdFor(page, CUSTOMER.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'about the bouquet' })).toBeVisible();

  const mic = page.getByRole('button', { name: 'Record voice message' });
  const recorder = page.getByTestId('voice-recorder');
  const timer = recorder.getByRole('timer', { name: 'Recording time' });
  const voiceNotes = page.getByTestId('message').filter({ has: page.getByTestId('voice-note') });

  // Cancel discards a recording; so does Escape. Nothing is sent.
  await mic.click();
  await expect(timer).toHaveText(/^0:0[1-9]$/);
  await recorder.getByRole('button', { name: 'Cancel recording' }).click();
  await expect(recorder).toHaveCount(0);
  await mic.click();
  await expect(timer).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(recorder).toHaveCount(0);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  // By keyboard: Enter on the microphone starts, Send has the focus, the timer runs.
  // (Reduced motion stops the red dot's endless pulse, which axe would otherwise wait for.)
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await mic.focus();
  await page.keyboard.press('Enter');
  const send = recorder.getByRole('button', { name: 'Send voice message' });
  await expect(send).toBeFocused();
  await expect(recorder.getByRole('status')).toHaveText('Recording voice message');
  await expect(timer).toHaveText(/^0:0[2-9]$/);
  await screenshot(page, 'voice-note-recording', { fullPage: false });
  await expectNoAxeViolations(page, 'composer recording a voice note');
  await page.keyboard.press('Enter');
  await expect(recorder).toHaveCount(0);
  await expect(voiceNotes).toHaveCount(1);

  // On a phone-sized screen the recording bar fits and stays axe-clean; this one is cancelled.
  await page.setViewportSize({ width: 390, height: 844 });
  await mic.click();
  await expect(timer).toHaveText(/^0:0[1-9]$/);
  await screenshot(page, 'voice-note-recording-390', { fullPage: false });
  await expectNoAxeViolations(page, 'composer recording a voice note, 390 px');
  await recorder.getByRole('button', { name: 'Cancel recording' }).click();
  await expect(recorder).toHaveCount(0);
  await page.setViewportSize({ width: 1440, height: 900 });

  // Our chat: one voice note (a mic, 'Voice message', a player) with its ticks.
  await expect(voiceNotes).toHaveCount(1);
  await expect(voiceNotes.getByLabel(/Sent|Delivered|Read/).first()).toBeVisible();
  await expect(voiceNotes).toContainText('Voice message');
  await expect(voiceNotes.getByRole('button', { name: 'Play' })).toBeEnabled();
  // The player shows the note's length (the browser reads it from the Ogg file's last page).
  await expect(voiceNotes).toContainText(/0:0[1-9]/);
  await screenshot(page, 'voice-note-sent', { fullPage: false });
  await expectNoAxeViolations(page, 'chat with a voice note');

  // The customer's phone shows a voice note (not an audio file), and only the one that was sent.
  const phone = await page.context().newPage();
  await openSandboxPhone(phone, inbox.phoneNumberId);
  await phone.getByTestId('sandbox-customer').filter({ hasText: CUSTOMER.name }).click();
  await expect(phone.getByTestId('sandbox-voice-note')).toHaveCount(1);
  await expect(phone.getByTestId('sandbox-voice-note')).toBeVisible();
  // Its player knows the length: the file is a real Ogg/Opus recording, not a renamed WebM.
  await expect
    .poll(() =>
      phone
        .getByTestId('sandbox-voice-note')
        .locator('audio')
        .evaluate((audio: HTMLAudioElement) => (Number.isFinite(audio.duration) ? audio.duration : 0)),
    )
    .toBeGreaterThan(1);
  await screenshot(phone, 'voice-note-phone', { fullPage: false });
  await phone.close();
});
