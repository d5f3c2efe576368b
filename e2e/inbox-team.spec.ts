import { expect, test } from '@playwright/test';
import { joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import {
  addCustomer,
  contactIdFor,
  customerChat,
  customerSays,
  ownerWithNumber,
  samplePng,
} from './inbox-helpers';

test('an owner and a member side by side: both see a customer live; the member replies with text, a reaction and a photo', async ({
  page: owner,
  browser,
}) => {
  const inbox = await ownerWithNumber(owner, 'Harbor Bikes');
  const waId = '14155550188';
  await addCustomer(owner.request, inbox.phoneNumberId, waId, 'Sam Rivera');
  await customerSays(owner.request, inbox.phoneNumberId, waId, 'Is my bike ready?');
  const contactId = await contactIdFor(owner, waId);

  // A teammate with an account and no team joins by following the owner's invitation.
  const memberContext = await browser.newContext({ viewport: { width: 1280, height: 860 } });
  const member = await memberContext.newPage();
  try {
    const memberEmail = uniqueEmail('member');
    await signUpViaApi(member, memberEmail, 'teammate-pass');
    await joinTeamViaApi(owner.request, member, memberEmail);

    // The member's browser allowed notifications; record what it would show.
    await member.addInitScript(() => {
      const shown: { title: string; body?: string }[] = [];
      (window as unknown as { shownNotifications: typeof shown }).shownNotifications = shown;
      class RecordingNotification {
        static permission = 'granted';
        static requestPermission = async () => 'granted';
        onclick: null | (() => void) = null;
        constructor(title: string, options?: NotificationOptions) {
          shown.push({ title, body: options?.body });
        }
        close() {}
      }
      (window as unknown as { Notification: unknown }).Notification = RecordingNotification;
    });
    await owner.goto(`/app/chats?contact=${contactId}`);
    await member.goto(`/app/chats?contact=${contactId}`);
    for (const page of [owner, member]) {
      await expect(page.getByTestId('message').filter({ hasText: 'Is my bike ready?' })).toBeVisible();
    }
    // The team tab is for the owner's team-wide view only.
    await expect(owner.getByRole('tab', { name: /Assigned to Team/ })).toBeVisible();
    await expect(member.getByRole('tab', { name: /Assigned to Me/ })).toBeVisible();
    await expect(member.getByRole('tab', { name: /Assigned to Team/ })).toHaveCount(0);

    // The customer writes again: both screens show it live.
    await customerSays(owner.request, inbox.phoneNumberId, waId, 'I can pick it up at 5');
    for (const page of [owner, member]) {
      await expect(page.getByTestId('message').filter({ hasText: 'I can pick it up at 5' })).toBeVisible({
        timeout: 1_000,
      });
    }

    // While the member's tab is in the background, a new message raises a notification and a title badge.
    const setHidden = (hidden: boolean) =>
      member.evaluate((value) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (value ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    // The title counts unread chats; the open chat is read, and while hidden a chat written to counts.
    await expect(member).toHaveTitle('Switchboard');
    await setHidden(true);
    await customerSays(owner.request, inbox.phoneNumberId, waId, 'Also, the bell is loose');
    await expect(member).toHaveTitle('(1) Switchboard');
    expect(
      await member.evaluate(
        () => (window as unknown as { shownNotifications: unknown[] }).shownNotifications,
      ),
    ).toEqual([{ title: 'Sam Rivera', body: 'Also, the bell is loose' }]);
    await setHidden(false);
    await expect(member).toHaveTitle('Switchboard');

    // The member replies; the phone gets it and the owner sees it live, labelled with the sender.
    await member.getByRole('textbox', { name: 'Message' }).fill('Yes, it is ready — see you at 5!');
    await member.keyboard.press('Enter');
    await expect
      .poll(async () => (await customerChat(owner.request, inbox.phoneNumberId, waId)).messages.at(-1)?.text)
      .toBe('Yes, it is ready — see you at 5!');
    const onOwner = owner.getByTestId('message').filter({ hasText: 'Yes, it is ready' });
    await expect(onOwner).toBeVisible();
    await expect(onOwner).toContainText(memberEmail.split('@')[0]!);
    await expect(onOwner).toHaveAttribute('data-status', 'delivered');
    await expect(member.getByTestId('message').filter({ hasText: 'Yes, it is ready' })).toHaveCount(1);

    // The customer reads it: the double blue ticks come back live on both screens.
    await owner.request.post(`/sandbox/api/phone-numbers/${inbox.phoneNumberId}/customers/${waId}/read`);
    for (const page of [owner, member]) {
      await expect(page.getByTestId('message').filter({ hasText: 'Yes, it is ready' })).toHaveAttribute(
        'data-status',
        'read',
      );
    }

    // The member reacts to the customer's message; the phone and the owner see the reaction.
    const question = member.getByTestId('message').filter({ hasText: 'Is my bike ready?' });
    await question.hover();
    await question.getByRole('button', { name: 'React 👍' }).click();
    await expect
      .poll(async () => {
        const chat = await customerChat(owner.request, inbox.phoneNumberId, waId);
        return chat.messages.find((m) => m.text === 'Is my bike ready?')?.reactions;
      })
      .toEqual([{ emoji: '👍', from: 'business' }]);
    await expect(
      owner.getByTestId('message').filter({ hasText: 'Is my bike ready?' }).getByTestId('reactions'),
    ).toContainText('👍');

    // The member sends a photo; the phone gets an image and the owner sees it arrive.
    await member.getByTestId('attach-image').setInputFiles({
      name: 'bike.png',
      mimeType: 'image/png',
      buffer: samplePng(),
    });
    const draft = member.getByTestId('attachment-draft');
    await draft.getByRole('textbox', { name: 'Caption' }).fill('Here it is, all tuned up');
    await draft.getByRole('button', { name: 'Send photo' }).click();
    await expect
      .poll(async () => {
        const last = (await customerChat(owner.request, inbox.phoneNumberId, waId)).messages.at(-1);
        return last ? { type: last.type, mime: last.media?.mimeType, caption: last.media?.caption } : null;
      })
      .toEqual({ type: 'image', mime: 'image/png', caption: 'Here it is, all tuned up' });
    const photoOnOwner = owner.getByTestId('message').filter({ hasText: 'Here it is, all tuned up' });
    await expect(photoOnOwner.getByRole('button', { name: /Photo/ })).toBeVisible();
    await expect(photoOnOwner).toHaveAttribute('data-status', /sent|delivered/);
    await screenshot(owner, '46-inbox-owner-sees-member-reply', { fullPage: false });
    await screenshot(member, '47-inbox-member-view', { fullPage: false });
  } finally {
    await memberContext.close();
  }
});
