import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { completeOnboardingViaApi, joinTeamViaApi, screenshot, signUpViaApi, uniqueEmail } from './helpers';
import { addCustomer, contactIdFor, customerChat, customerSays, ownerWithNumber } from './inbox-helpers';

const MAYA = { waId: '16505550177', name: 'Maya Patel' };

test('an agent streams a sandbox suggestion into the composer, edits it and sends it; Settings → AI shows the sandbox model', async ({
  page,
  browser,
}) => {
  const inbox = await ownerWithNumber(page, 'Lumen Bikes');
  await completeOnboardingViaApi(page);

  // The owner writes the team's knowledge and tests the connection (the sandbox model answers).
  await page.goto('/app/settings/ai');
  await expect(page.getByTestId('ai-status')).toContainText('Sandbox model');
  await expect(page.getByTestId('ai-status')).toContainText('switchboard-sandbox');
  await page.getByLabel('Instructions').fill('We are open Monday to Saturday, 9:00 to 19:00. Be brief.');
  await page.getByRole('button', { name: 'Save AI settings' }).click();
  await expect(page.getByText('AI settings saved')).toBeVisible();
  await page.getByRole('button', { name: 'Test connection' }).click();
  await expect(page.getByTestId('ai-test-result')).toContainText(
    'Hello from the sandbox model: the connection works.',
  );
  await expectNoAxeViolations(page, 'Settings → AI');
  await screenshot(page, '90-settings-ai-owner-test');
  await page.getByRole('heading', { name: 'AI-drafted replies' }).scrollIntoViewIfNeeded();
  await screenshot(page, '90-settings-ai-owner');

  // A member sees which model answers, read-only.
  const memberEmail = uniqueEmail('ai-member');
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  try {
    await signUpViaApi(member, memberEmail, 'member-pass');
    await joinTeamViaApi(page.request, member, memberEmail);
    await member.goto('/app/settings/ai');
    await expect(member.getByTestId('ai-status')).toContainText('Sandbox model');
    await expect(member.getByText('Only the team owner can change the AI settings.')).toBeVisible();
    await expect(member.getByRole('button', { name: /Save AI settings|Test connection/ })).toHaveCount(0);
    await expectNoAxeViolations(member, 'Settings → AI (member)');
    await screenshot(member, '93-settings-ai-member');
  } finally {
    await memberContext.close();
  }

  // A customer asks; the agent asks for a suggestion.
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Are you open on Saturday?');
  const contactId = await contactIdFor(page, MAYA.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Are you open on Saturday?' })).toBeVisible();

  const box = page.getByRole('textbox', { name: 'Message' });
  // Every value the message box takes, frame by frame, to see the text arrive in pieces.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { drafts: string[] }).drafts = seen;
    const area = document.querySelector<HTMLTextAreaElement>('textarea[aria-label="Message"]');
    const watch = () => {
      const value = area?.value ?? '';
      if (seen.at(-1) !== value) seen.push(value);
      requestAnimationFrame(watch);
    };
    watch();
  });
  await page.getByRole('button', { name: 'Suggest reply' }).click();
  const expected =
    'Hi Maya, thanks for your message about "Are you open on Saturday?". We are open Monday to Saturday, 9:00 to 19:00. Is there anything else I can help with?';
  await expect(box).toHaveValue(expected);
  await expect(page.getByRole('button', { name: 'Suggest reply' })).toBeVisible();
  // Once written, a quiet line keeps saying which model drafted it, until it is sent.
  const draftedBy = page.getByTestId('suggestion-drafted-by');
  await expect(draftedBy).toHaveText('Drafted by Sandbox model · switchboard-sandbox');
  const drafts = await page.evaluate(() => (window as unknown as { drafts: string[] }).drafts);
  const partial = drafts.filter((d) => d !== '' && d !== expected);
  expect(partial.length, `the text arrived in pieces: ${JSON.stringify(drafts)}`).toBeGreaterThan(0);
  for (const piece of partial) expect(expected.startsWith(piece.trimEnd())).toBe(true);

  // Nothing was sent by itself.
  expect((await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.from).toBe(
    'customer',
  );

  // The rewrite menu, for the record and for axe.
  await page.getByRole('button', { name: 'Rewrite with AI' }).click();
  await expect(page.getByRole('menuitem', { name: 'Make shorter' })).toBeVisible();
  await expectNoAxeViolations(page, 'composer with the AI menu', '[data-testid="composer"]');
  await screenshot(page, '91-composer-ai-menu', { fullPage: false });
  await page.keyboard.press('Escape');

  // The agent edits and sends; the customer's phone receives it.
  await box.click();
  await box.press('End');
  await box.pressSequentially(' See you soon!');
  const sent = `${expected} See you soon!`;
  await expect(box).toHaveValue(sent);
  await screenshot(page, '92-composer-suggestion-edited', { fullPage: false });
  await box.press('Enter');
  await expect(page.getByTestId('message').filter({ hasText: 'See you soon!' })).toHaveCount(1);
  await expect(draftedBy).toHaveCount(0);
  await expect
    .poll(
      async () => (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.text,
    )
    .toBe(sent);
});

test('with no model connected, Suggest reply says how to turn AI on and asks nothing', async ({ page }) => {
  const inbox = await ownerWithNumber(page, 'Lumen Bikes');
  await completeOnboardingViaApi(page);
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Do you repair e-bikes?');
  const contactId = await contactIdFor(page, MAYA.waId);

  // This server runs the sandbox model; the browser is shown a server without one.
  const real = (await (await page.request.get('/api/ai/settings')).json()) as Record<string, unknown>;
  const message =
    'AI is not turned on. The team owner can connect a model in Settings → AI (any OpenAI-compatible API, such as a hosted model or a local Ollama), or the server admin can set AI_BASE_URL and AI_MODEL.';
  await page.route('**/api/ai/settings', (route) =>
    route.fulfill({
      json: {
        ...real,
        status: {
          configured: false,
          source: null,
          label: null,
          model: null,
          sandbox: false,
          notConfiguredMessage: message,
        },
      },
    }),
  );
  let asked = 0;
  await page.route('**/api/ai/suggest', (route) => {
    asked += 1;
    return route.abort();
  });

  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Do you repair e-bikes?' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Rewrite with AI' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Suggest reply' }).click();
  await expect(page.getByTestId('suggestion-error')).toContainText(message);
  expect(asked).toBe(0);
  await expectNoAxeViolations(page, 'composer, AI not configured', '[data-testid="composer"]');
  await screenshot(page, '94-composer-ai-not-configured', { fullPage: false });

  await page.goto('/app/settings/ai');
  await expect(page.getByTestId('ai-status')).toContainText('AI is not configured');
  await screenshot(page, '95-settings-ai-not-configured');
});

test.describe('an agent whose browser reads German', () => {
  test.use({ locale: 'de-DE' });

  test('summarises a chat in the contact panel and translates a customer message inline, against the sandbox model', async ({
    page,
  }) => {
    const inbox = await ownerWithNumber(page, 'Lumen Bikes');
    await completeOnboardingViaApi(page);
    await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
    await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Hello! My bike needs new brakes.');
    await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Can you fix it by Friday?');
    const contactId = await contactIdFor(page, MAYA.waId);
    await page.goto(`/app/chats?contact=${contactId}`);
    const question = page.getByTestId('message').filter({ hasText: 'Can you fix it by Friday?' });
    await expect(question).toBeVisible();

    // Translate: the action on the customer's message, by keyboard.
    await question.getByRole('button', { name: 'Translate' }).focus();
    await page.keyboard.press('Enter');
    const translation = question.getByTestId('message-translation');
    await expect(translation).toContainText('Translated to German');
    await expect(translation).toContainText('[German] Can you fix it by Friday?');
    await expect(translation).toContainText('Sandbox model');
    // The original stays, above the translation.
    await expect(question.locator('p').first()).toHaveText(/^Can you fix it by Friday\?/);
    await expectNoAxeViolations(page, 'a translated message', '[data-testid="message-list"]');
    await screenshot(page, '96-ai-message-translated', { fullPage: false });
    await question.getByRole('button', { name: 'Hide translation' }).click();
    await expect(translation).toHaveCount(0);
    await question.getByRole('button', { name: 'Show translation' }).click();
    await expect(question.getByTestId('message-translation')).toContainText(
      '[German] Can you fix it by Friday?',
    );

    // Summarise in the contact panel.
    await page.getByTestId('conversation-header').getByTestId('open-contact-details').click();
    const panel = page.getByTestId('contact-panel');
    await panel.getByRole('button', { name: 'Summarise' }).click();
    const summary = panel.getByTestId('ai-summary-text');
    await expect(summary).toContainText('Maya Patel wrote 2 messages.');
    // (Which of the two is "last" is left to the server: both arrive within one second.)
    await expect(summary).toContainText('Last: "');
    await expect(summary).toContainText('Promised: nothing recorded by the sandbox model.');
    await expect(panel.getByTestId('ai-summary')).toContainText('Sandbox model');
    await expect(panel.getByRole('button', { name: 'Summarise again' })).toBeVisible();
    await expectNoAxeViolations(page, 'contact panel with an AI summary', '[data-testid="contact-panel"]');
    await screenshot(page, '97-ai-contact-panel-summary', { fullPage: false });

    // Nothing was sent to the customer.
    expect((await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.from).toBe(
      'customer',
    );
  });
});

test('the owner tries the AI bot in the test chat and turns it on; a sandbox customer gets its answer, asks for a person and the chat shows as handed over', async ({
  page,
  browser,
}) => {
  const inbox = await ownerWithNumber(page, 'Lumen Bikes');
  await completeOnboardingViaApi(page);
  const knowledge = await page.request.put('/api/ai/settings', {
    data: { instructions: 'We are open Monday to Saturday, 9:00 to 19:00.\nA brake service costs 45 euros.' },
  });
  expect(knowledge.status()).toBe(200);

  // The tab: off, the sandbox model, what the bot does in words.
  await page.goto('/app/marketing/bots');
  await expect(page.getByTestId('bot-state')).toHaveText('Off');
  await expect(page.getByTestId('bot-model')).toContainText('Sandbox model');
  await expect(page.getByTestId('bot-which-chats')).toContainText('Unassigned chats only.');

  // The test chat: an answer from the knowledge, then a hand-over; nothing is sent.
  const chat = page.getByTestId('bot-test-chat');
  const box = chat.getByLabel('Message as the customer');
  await box.fill('What does a brake service cost?');
  await box.press('Enter');
  await expect(chat.locator('[data-from="bot"]')).toContainText('A brake service costs 45 euros.');
  await box.fill('I want to talk to a person');
  await chat.getByRole('button', { name: 'Send test message' }).click();
  await expect(chat.locator('[data-from="handover"]')).toHaveText(
    'The bot would hand this chat to the team: the customer asked for a person.',
  );
  await expectNoAxeViolations(page, 'Marketing → AI Bots with the test chat');
  await screenshot(page, '98-ai-bots-test-chat');

  // Outside business hours: the week appears (not saved here), and the limits below.
  await page.getByRole('radio', { name: /Outside business hours/ }).check();
  await expect(page.getByTestId('business-hours')).toContainText('Monday');
  await page.getByLabel('Turn limit').scrollIntoViewIfNeeded();
  await screenshot(page, '98-ai-bots-hours', { fullPage: false });
  await page.getByRole('radio', { name: /Always/ }).check();

  // Turned on by keyboard.
  await page.getByRole('switch', { name: 'Answer customers with the AI bot' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('bot-state')).toHaveText('On — answering now');
  await screenshot(page, '98-ai-bots-on');

  // A customer asks; the bot answers on their phone and in the chat, labelled.
  await addCustomer(page.request, inbox.phoneNumberId, MAYA.waId, MAYA.name);
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'Are you open on Saturday?');
  await expect
    .poll(
      async () => (await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.text,
      {
        timeout: 20_000,
      },
    )
    .toBe('Hi Maya! We are open Monday to Saturday, 9:00 to 19:00.');
  const contactId = await contactIdFor(page, MAYA.waId);
  await page.goto(`/app/chats?contact=${contactId}`);
  const answer = page.getByTestId('message').filter({ hasText: 'We are open Monday to Saturday' });
  await expect(answer.getByRole('link', { name: 'AI bot' })).toBeVisible();
  const bar = page.getByTestId('chat-bot-bar');
  await expect(bar).toHaveAttribute('data-state', 'active');
  await expect(bar.getByRole('button', { name: 'Pause bot' })).toBeVisible();
  await screenshot(page, '99-ai-bot-answered', { fullPage: false });

  // The customer asks for a person: the chat shows it handed over, live.
  await customerSays(page.request, inbox.phoneNumberId, MAYA.waId, 'I want to talk to a person');
  await expect(bar).toHaveAttribute('data-state', 'handed_over', { timeout: 20_000 });
  await expect(bar).toContainText('Handed over by the AI bot: the customer asked for a person.');
  await expect(
    page.getByText('AI bot handed Maya Patel over to the team: the customer asked for a person'),
  ).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Resume bot' })).toBeVisible();
  await expectNoAxeViolations(page, 'a chat handed over by the AI bot', '[data-testid="chat-bot-bar"]');
  await screenshot(page, '99-ai-bot-handed-over', { fullPage: false });
  // A member sees the tab read-only.
  const memberEmail = uniqueEmail('bot-member');
  const memberContext = await browser.newContext();
  const member = await memberContext.newPage();
  try {
    await signUpViaApi(member, memberEmail, 'member-pass');
    await joinTeamViaApi(page.request, member, memberEmail);
    await member.goto('/app/marketing/bots');
    await expect(member.getByTestId('bot-read-only')).toContainText(
      'Only the team owner can change the AI bot.',
    );
    await expect(member.getByTestId('bot-state')).toHaveText('On — answering now');
    await expect(member.getByRole('switch', { name: 'Answer customers with the AI bot' })).toBeDisabled();
    await expect(member.getByRole('button', { name: 'Save bot settings' })).toHaveCount(0);
    await expectNoAxeViolations(member, 'Marketing → AI Bots (member)');
    await screenshot(member, '98-ai-bots-member', { fullPage: false });
  } finally {
    await memberContext.close();
  }

  // Nothing more from the bot after the hand-over.
  expect((await customerChat(page.request, inbox.phoneNumberId, MAYA.waId)).messages.at(-1)?.from).toBe(
    'customer',
  );
});
