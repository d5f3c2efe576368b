import { expect, type Page, test } from '@playwright/test';
import { expectNoAxeViolations } from './axe';
import { seedCampaignDraft } from './campaign-helpers';
import {
  completeOnboardingViaApi,
  connectSandboxNumberViaApi,
  openSandboxPhone,
  screenshot,
  signUpViaApi,
  uniqueEmail,
} from './helpers';
import { addCustomer, contactIdFor, customerSays } from './inbox-helpers';

/** The widths every screen is checked at: a laptop and a phone. */
const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 390, height: 844 },
] as const;

type Screen = {
  name: string;
  /** Opens the screen and waits until what axe should judge is on it. */
  open: (page: Page) => Promise<void>;
};

const heading = (page: Page, name: string) =>
  expect(page.getByRole('heading', { name, exact: true }).first()).toBeVisible();

async function visit(page: Page, url: string, headingName: string) {
  await page.goto(url);
  await heading(page, headingName);
}

const SIGNED_OUT: Screen[] = [
  {
    name: 'landing',
    open: async (page) => {
      await page.goto('/');
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    },
  },
  { name: 'privacy', open: (page) => visit(page, '/privacy', 'Privacy Policy') },
  {
    name: 'sign-in',
    open: async (page) => {
      await page.goto('/sign-in');
      await expect(page.getByRole('button', { name: /sign in/i }).first()).toBeVisible();
    },
  },
  { name: 'sign-up', open: (page) => visit(page, '/sign-up', 'Create your account') },
  {
    name: 'forgot password',
    open: async (page) => {
      await page.goto('/forgot-password');
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
    },
  },
];

/**
 * Opens each screen at each width, saves a screenshot (.tmp/screens/a11y-*), checks that it does not
 * scroll sideways and runs axe, collecting every failure so one run names them all.
 */
async function checkAll(page: Page, screens: Screen[], failures: string[]): Promise<number> {
  let checked = 0;
  for (const screen of screens) {
    for (const size of WIDTHS) {
      await page.setViewportSize(size);
      const label = `${screen.name} at ${size.width}×${size.height}`;
      try {
        await screen.open(page);
        await screenshot(page, `a11y-${screen.name.replaceAll(' ', '-')}-${size.width}`);
        // A phone layout that is finished never scrolls sideways.
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        expect(scrollWidth, `${label} is no wider than the window`).toBeLessThanOrEqual(size.width);
        await expectNoAxeViolations(page, label);
      } catch (error) {
        failures.push(`${label}: ${(error as Error).message}`);
      }
      checked += 1;
    }
  }
  return checked;
}

test('axe finds no WCAG 2.0/2.1 A or AA violation on any screen, on a laptop or a phone', async ({
  page,
}) => {
  const failures: string[] = [];
  let checked = await checkAll(page, SIGNED_OUT, failures);

  // A new account on its way in: onboarding, then the connect page.
  await signUpViaApi(page, uniqueEmail('a11y'), 'correct-horse');
  checked += await checkAll(
    page,
    [{ name: 'onboarding', open: (p) => visit(p, '/onboarding', 'Complete your profile') }],
    failures,
  );
  await completeOnboardingViaApi(page);
  checked += await checkAll(
    page,
    [{ name: 'connect', open: (p) => visit(p, '/connect-facebook', 'Connect with Facebook') }],
    failures,
  );

  // Connected, with a customer who wrote in.
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Bloom Florists');
  const inbox = { phoneNumberId: phoneNumber.id };
  const maya = { waId: '16505550188', name: 'Maya Patel-Fitzgerald Okonkwo' };
  await addCustomer(page.request, inbox.phoneNumberId, maya.waId, maya.name);
  await customerSays(page.request, inbox.phoneNumberId, maya.waId, 'Hi! Do you deliver on Sundays?');
  const contactId = await contactIdFor(page, maya.waId);
  // A tag and an assignee, so the header shows its busiest state.
  const { tag } = (await (await page.request.post('/api/tags', { data: { name: 'Wedding' } })).json()) as {
    tag: { id: string };
  };
  await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [contactId] } });
  const { user } = (await (await page.request.get('/api/session')).json()) as { user: { id: string } };
  await page.request.post(`/api/contacts/${contactId}/assignment`, { data: { assigneeId: user.id } });

  const openChat = async (p: Page) => {
    await p.goto(`/app/chats?contact=${contactId}`);
    await expect(p.getByTestId('conversation-header').getByTestId('contact-name')).toHaveText(maya.name);
    await expect(p.getByTestId('message').filter({ hasText: 'Do you deliver on Sundays?' })).toBeVisible();
  };
  const app: Screen[] = [
    { name: 'chats with a conversation open', open: openChat },
    {
      name: 'contact panel',
      open: async (p) => {
        await openChat(p);
        await p.getByTestId('conversation-header').getByTestId('open-contact-details').click();
        await expect(p.getByTestId('contact-panel')).toBeVisible();
      },
    },
    {
      name: 'assign menu',
      open: async (p) => {
        await openChat(p);
        await p.getByTestId('conversation-header').getByTestId('header-assign').click();
        await expect(p.getByTestId('assign-menu').getByRole('menuitem').first()).toBeVisible();
      },
    },
    {
      name: 'tag picker',
      open: async (p) => {
        await openChat(p);
        await p.getByTestId('conversation-header').getByTestId('header-add-tag').click();
        await expect(p.getByRole('textbox', { name: 'Search or create tag...' })).toBeVisible();
      },
    },
    {
      name: 'account menu',
      open: async (p) => {
        await openChat(p);
        await p.getByRole('button', { name: 'Account menu' }).click();
        await expect(p.getByRole('menu')).toBeVisible();
      },
    },
    {
      name: 'templates',
      open: async (p) => {
        await p.goto('/app/marketing');
        await expect(p.getByTestId('templates-grid').getByTestId('template-card')).toHaveCount(2);
      },
    },
    {
      name: 'create-template dialog',
      open: async (p) => {
        await p.goto('/app/marketing?openCreateModal=true');
        await expect(p.getByRole('dialog', { name: 'Create template' })).toBeVisible();
      },
    },
    {
      name: 'saved messages settings',
      open: async (p) => {
        await p.goto('/app/settings/saved-messages');
        await expect(p.getByRole('button', { name: 'Create Saved Message' })).toBeVisible();
      },
    },
    {
      name: 'contact fields settings',
      open: async (p) => {
        await p.goto('/app/settings/contact-fields');
        await expect(p.getByRole('button', { name: 'Add field' }).first()).toBeVisible();
      },
    },
    {
      name: 'AI settings',
      open: async (p) => {
        await p.goto('/app/settings/ai');
        await expect(p.getByTestId('ai-status')).toContainText('Sandbox model');
        await expect(p.getByRole('button', { name: 'Test connection' })).toBeVisible();
      },
    },
    {
      name: 'composer AI menu',
      open: async (p) => {
        await openChat(p);
        await p.getByRole('textbox', { name: 'Message' }).fill('we open at nine tmrw');
        await p.getByRole('button', { name: 'Rewrite with AI' }).click();
        await expect(p.getByRole('menuitem', { name: 'Fix spelling' })).toBeVisible();
      },
    },
    {
      name: 'team settings',
      open: async (p) => {
        await p.goto('/app/settings/team');
        await expect(p.getByLabel('Team members')).toBeVisible();
        await expect(p.getByRole('combobox', { name: 'Time zone' })).toBeVisible();
      },
    },
    {
      name: 'sandbox phone',
      open: async (p) => {
        await openSandboxPhone(p, inbox.phoneNumberId);
        await expect(p.getByText(maya.name).first()).toBeVisible();
      },
    },
  ];
  checked += await checkAll(page, app, failures);

  console.log(`axe: ${checked} screen × width combinations checked (WCAG 2.0/2.1 A and AA)`);
  expect(failures, failures.join('\n\n')).toEqual([]);
});

test('axe finds no violation on the campaign screens, on a laptop or a phone', async ({ page }) => {
  const failures: string[] = [];
  await signUpViaApi(page, uniqueEmail('a11y-campaigns'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Bloom Florists');
  // A tagged customer and a draft to that tag, with an approved template and the name as {{1}}.
  const maya = { waId: '16505550188', name: 'Maya Patel' };
  await addCustomer(page.request, phoneNumber.id, maya.waId, maya.name);
  await customerSays(page.request, phoneNumber.id, maya.waId, 'Hi! Any spring offers?');
  const contactId = await contactIdFor(page, maya.waId);
  const { tag } = (await (await page.request.post('/api/tags', { data: { name: 'Wedding' } })).json()) as {
    tag: { id: string };
  };
  await page.request.post(`/api/tags/${tag.id}/contacts`, { data: { contactIds: [contactId] } });
  const campaignId = await seedCampaignDraft(page, tag.id);

  const steps = ['template', 'audience', 'variables', 'schedule', 'review'] as const;
  const checked = await checkAll(
    page,
    [
      {
        name: 'campaigns',
        open: async (p) => {
          await p.goto('/app/marketing/campaigns');
          await expect(p.getByTestId('campaign-row')).toHaveCount(1);
        },
      },
      { name: 'new campaign', open: (p) => visit(p, '/app/marketing/campaigns/new', 'Name your campaign') },
      ...steps.map((step) => ({
        name: `campaign ${step} step`,
        open: async (p: Page) => {
          await p.goto(`/app/marketing/campaigns/${campaignId}?step=${step}`);
          const next = step === 'review' ? 'Send now' : 'Continue';
          await expect(p.getByRole('button', { name: next })).toBeVisible();
          if (step === 'template') await expect(p.getByTestId('campaign-templates')).toBeVisible();
          if (step === 'audience') await expect(p.getByTestId('audience-count')).toContainText('1 recipient');
          if (step === 'variables') await expect(p.getByTestId('recipient-preview').first()).toBeVisible();
          if (step === 'review')
            await expect(p.getByTestId('review-duration')).toContainText('under a minute');
        },
      })),
    ],
    failures,
  );
  console.log(`axe: ${checked} campaign screen × width combinations checked`);
  expect(failures, failures.join('\n\n')).toEqual([]);
});

test('axe finds no violation on the AI screens (summary, translation, AI Bots), on a laptop or a phone', async ({
  page,
}) => {
  const failures: string[] = [];
  await signUpViaApi(page, uniqueEmail('a11y-ai'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Bloom Florists');
  const maya = { waId: '16505550188', name: 'Maya Patel' };
  await addCustomer(page.request, phoneNumber.id, maya.waId, maya.name);
  await customerSays(page.request, phoneNumber.id, maya.waId, 'Hola, ¿entregan los domingos?');
  const contactId = await contactIdFor(page, maya.waId);

  const checked = await checkAll(
    page,
    [
      {
        name: 'AI summary and translation',
        open: async (p) => {
          await p.goto(`/app/chats?contact=${contactId}`);
          const message = p.getByTestId('message').filter({ hasText: '¿entregan los domingos?' });
          await message.getByRole('button', { name: 'Translate' }).focus();
          await p.keyboard.press('Enter');
          await expect(message.getByTestId('message-translation')).toContainText('Translated to');
          await p.getByTestId('conversation-header').getByTestId('open-contact-details').click();
          await p.getByTestId('contact-panel').getByRole('button', { name: 'Summarise' }).click();
          await expect(p.getByTestId('ai-summary-text')).toContainText('Last:');
        },
      },
      {
        name: 'AI bots',
        open: async (p) => {
          await p.goto('/app/marketing/bots');
          await expect(p.getByTestId('bot-model')).toContainText('Sandbox model');
          await p.getByRole('radio', { name: /Outside business hours/ }).check();
          await expect(p.getByTestId('business-hours')).toBeVisible();
        },
      },
    ],
    failures,
  );
  console.log(`axe: ${checked} AI screen × width combinations checked`);
  expect(failures, failures.join('\n\n')).toEqual([]);
});

test('axe finds no violation on the composer’s message dialogs (buttons, list, link, place, contact), on a laptop or a phone', async ({
  page,
}) => {
  const failures: string[] = [];
  await signUpViaApi(page, uniqueEmail('a11y-rich'), 'correct-horse');
  await completeOnboardingViaApi(page);
  const { phoneNumber } = await connectSandboxNumberViaApi(page, 'Bloom Florists');
  const maya = { waId: '16505550189', name: 'Maya Patel' };
  await addCustomer(page.request, phoneNumber.id, maya.waId, maya.name);
  await customerSays(page.request, phoneNumber.id, maya.waId, 'Can you send me the options?');
  const contactId = await contactIdFor(page, maya.waId);

  /** Opens the chat, then the dialog from the attach menu by keyboard; `fill` leaves an error showing. */
  const dialog = (item: string, fill: (d: ReturnType<Page['getByRole']>) => Promise<void>): Screen => ({
    name: `${item} dialog`,
    open: async (p) => {
      await p.goto(`/app/chats?contact=${contactId}`);
      await expect(p.getByTestId('message').filter({ hasText: 'send me the options' })).toBeVisible();
      await p.getByRole('button', { name: 'Attach' }).focus();
      await p.keyboard.press('Enter');
      await p.getByRole('menuitem', { name: item }).focus();
      await p.keyboard.press('Enter');
      const d = p.getByRole('dialog', { name: item });
      await expect(d).toBeVisible();
      await fill(d);
    },
  });
  const checked = await checkAll(
    page,
    [
      dialog('Reply buttons', async (d) => {
        await d.getByLabel('Message', { exact: true }).fill('When shall we deliver?');
        await d.getByLabel('Button 1', { exact: true }).fill('Tomorrow morning please');
        await expect(d.getByText('Button title cannot exceed 20 characters')).toBeVisible();
      }),
      dialog('List', async (d) => {
        await d.getByLabel('Message', { exact: true }).fill('Which bouquet?');
        await d.getByLabel('List button label', { exact: true }).fill('See bouquets');
        await d.getByLabel('Section 1, row 1 title', { exact: true }).fill('Tulips');
        await d.getByRole('button', { name: 'Add section' }).click();
        await d.getByTestId('phone-preview').getByRole('button', { name: 'See bouquets' }).click();
        await expect(
          d.getByText('Each section needs a title when the list has more than one').first(),
        ).toBeVisible();
      }),
      dialog('Link button', async (d) => {
        await d.getByLabel('Link', { exact: true }).fill('example.com');
        await expect(d.getByText('Enter a link starting with http:// or https://')).toBeVisible();
      }),
      dialog('Location', async (d) => {
        await d.getByLabel('Latitude', { exact: true }).fill('52.52');
        await d.getByLabel('Longitude', { exact: true }).fill('13.405');
        await d.getByLabel(/^Place name/).fill('Bloom Florists');
      }),
      dialog('Contact', async (d) => {
        await d.getByLabel('Find in your contacts', { exact: true }).fill('Maya');
        await d.getByRole('button', { name: /Maya Patel/ }).click();
        await expect(d.getByLabel('Name', { exact: true })).toHaveValue('Maya Patel');
      }),
    ],
    failures,
  );
  console.log(`axe: ${checked} composer dialog × width combinations checked`);
  expect(failures, failures.join('\n\n')).toEqual([]);
});
