import { expect, type Locator, type Page, test } from '@playwright/test';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import { addCustomer, advanceSandboxClock, contactIdFor, customerSays } from './inbox-helpers';

type Box = { x: number; y: number; width: number; height: number };

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

async function boxOf(locator: Locator, name: string): Promise<Box> {
  await expect(locator, `${name} is visible`).toBeVisible();
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${name} has no box`);
  return box;
}

/** The header's parts are all on screen and no two of them overlap. */
async function expectHeaderLaidOut(page: Page, fullName: string) {
  const header = page.getByTestId('conversation-header');
  const name = header.getByTestId('contact-name');
  // The whole name shows: it wraps rather than being cut off with an ellipsis.
  await expect(name).toHaveText(fullName);
  expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth + 1)).toBe(true);
  const boxes: [string, Box][] = [
    ['name', await boxOf(name, 'name')],
    ['tags', await boxOf(header.getByTestId('header-tags'), 'tags and "Add tag"')],
    ['assignee', await boxOf(header.getByTestId('header-assign'), 'assignee button')],
    ['timer', await boxOf(header.getByTestId('window-timer'), 'window timer')],
  ];
  const viewport = page.viewportSize()!;
  for (const [label, box] of boxes) {
    expect(box.x + box.width, `${label} ends inside the window`).toBeLessThanOrEqual(viewport.width);
  }
  for (let i = 0; i < boxes.length; i += 1) {
    for (let j = i + 1; j < boxes.length; j += 1) {
      const [a, boxA] = boxes[i]!;
      const [b, boxB] = boxes[j]!;
      expect(intersects(boxA, boxB), `${a} and ${b} overlap`).toBe(false);
    }
  }
}

const DAY = 24 * 60 * 60;
// The sandbox clock is shared by the whole server: whatever this test moved it by is moved back after it.
let clockMoved = 0;
test.afterEach(async ({ request }) => {
  if (clockMoved !== 0) await advanceSandboxClock(request, -clockMoved);
  clockMoved = 0;
});

test('the conversation header fits a phone and a laptop with the contact panel open', async ({ page }) => {
  await signUpViaApi(page, uniqueEmail('layout'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Bloom Florists');
  const customer = { waId: '16505550199', name: 'Alexandra Montgomery-Fitzgerald' };
  await addCustomer(page.request, phoneNumber.id, customer.waId, customer.name);
  await customerSays(
    page.request,
    phoneNumber.id,
    customer.waId,
    'Hi! Could you deliver the wedding flowers?',
  );
  const contactId = await contactIdFor(page, customer.waId);

  // Two tags and an assignee: the header's busiest state.
  const session = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
  for (const tagName of ['Wedding', 'VIP customer']) {
    const { tag } = (await (await page.request.post('/api/tags', { data: { name: tagName } })).json()) as {
      tag: { id: string };
    };
    await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [contactId] } });
  }
  const assigned = await page.request.post(`/api/contacts/${contactId}/assignment`, {
    data: { assigneeId: session.user.id },
  });
  expect(assigned.ok()).toBe(true);

  // A phone.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'wedding flowers' })).toBeVisible();
  await expect(page.getByTestId('conversation-header').getByTestId('tag-chip')).toHaveCount(2);
  await expectHeaderLaidOut(page, customer.name);
  await screenshot(page, 'layout-conversation-390x844', { fullPage: false });

  // A laptop with the contact panel beside the chat.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
  await expect(page.getByTestId('contact-panel')).toBeVisible();
  await expectHeaderLaidOut(page, customer.name);
  await screenshot(page, 'layout-conversation-1280x800-panel', { fullPage: false });

  // Without the panel the header is one row: name, tags, assignee and timer side by side.
  await page.getByTestId('contact-panel').getByRole('button', { name: 'Close contact details' }).click();
  await expect(page.getByTestId('contact-panel')).toBeHidden();
  await expectHeaderLaidOut(page, customer.name);
  const header = page.getByTestId('conversation-header');
  const nameBox = await boxOf(header.getByTestId('contact-name'), 'name');
  const timerBox = await boxOf(header.getByTestId('window-timer'), 'timer');
  expect(Math.abs(nameBox.y - timerBox.y)).toBeLessThan(nameBox.height + timerBox.height);
  await screenshot(page, 'layout-conversation-1280x800', { fullPage: false });

  // A day later the window is closed: on a phone the lock reads as sentences, not a word per line.
  await advanceSandboxClock(page.request, DAY + 60);
  clockMoved += DAY + 60;
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  const locked = page.getByTestId('composer-locked');
  await expect(locked).toBeVisible();
  await expect(header.getByTestId('window-timer')).toHaveAttribute('data-state', 'closed');
  await expectHeaderLaidOut(page, customer.name);
  const sentence = locked.locator('p');
  const { width, height } = await boxOf(sentence, 'the lock’s sentence');
  expect(width).toBeGreaterThan(200);
  expect(height).toBeLessThan(100);
  await screenshot(page, 'layout-closed-window-390x844', { fullPage: false });
});
