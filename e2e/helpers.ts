import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, expect, type Page } from '@playwright/test';

const SCREENS_DIR = path.resolve(process.cwd(), '.tmp/screens');
mkdirSync(SCREENS_DIR, { recursive: true });

/** A fresh address per test, so runs never collide even against a reused database. */
export function uniqueEmail(prefix: string): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@example.com`;
}

/** Saves a screenshot (full page unless a modal is open) to .tmp/screens/<name>.png for visual review. */
export async function screenshot(page: Page, name: string, { fullPage = true } = {}): Promise<void> {
  await page.screenshot({ path: path.join(SCREENS_DIR, `${name}.png`), fullPage, animations: 'disabled' });
}

/** Creates an account through the API; the browser context keeps the session cookie. */
export async function signUpViaApi(page: Page, email: string, password: string): Promise<void> {
  const response = await page.request.post('/api/auth/sign-up', {
    data: { email, password, confirmPassword: password },
  });
  if (response.status() !== 201)
    throw new Error(`sign-up failed: ${response.status()} ${await response.text()}`);
}

/** The newest invitation link (`/join?token=…`) the dev outbox holds for `email`. */
export async function invitationLinkFor(request: APIRequestContext, email: string): Promise<string> {
  const outbox = (await (await request.get('/api/dev/outbox')).json()) as {
    messages: { to: string; text: string }[];
  };
  for (const mail of outbox.messages) {
    const link = mail.to === email ? /https?:\/\/\S+\/join\?token=[\w-]+/.exec(mail.text)?.[0] : undefined;
    if (link) return link;
  }
  throw new Error(`no invitation link was mailed to ${email}`);
}

/**
 * The owner invites `email`, and the member's signed-in browser follows the e-mailed link's secret:
 * the way a teammate with an account joins (nobody joins by the address alone).
 */
export async function joinTeamViaApi(owner: APIRequestContext, member: Page, email: string): Promise<void> {
  const invite = await owner.post('/api/team/invitations', { data: { email } });
  if (invite.status() !== 201) throw new Error(`invite failed: ${invite.status()} ${await invite.text()}`);
  const token = new URL(await invitationLinkFor(owner, email)).searchParams.get('token');
  const accept = await member.request.post('/api/invitations/accept', { data: { token } });
  if (accept.status() !== 200) throw new Error(`accept failed: ${accept.status()} ${await accept.text()}`);
}

export async function signOutViaApi(page: Page): Promise<void> {
  await page.request.post('/api/auth/sign-out');
}

export type SandboxSignup = {
  code: string;
  data: { phone_number_id: string; waba_id: string; business_id: string };
  phoneNumber: { id: string; displayPhoneNumber: string; verifiedName: string };
};

/** The sandbox's side of embedded signup: a new business number and a single-use code for it. */
export async function createSandboxNumber(
  request: APIRequestContext,
  businessName: string,
): Promise<SandboxSignup> {
  const response = await request.post('/sandbox/api/signup', { data: { businessName } });
  if (response.status() !== 201)
    throw new Error(`sandbox signup failed: ${response.status()} ${await response.text()}`);
  return (await response.json()) as SandboxSignup;
}

/** A system-user token for a sandbox number, as a self-hoster would create in Business Manager. */
export async function sandboxSystemToken(request: APIRequestContext, phoneNumberId: string): Promise<string> {
  const response = await request.post(`/sandbox/api/phone-numbers/${phoneNumberId}/token`);
  if (response.status() !== 201)
    throw new Error(`sandbox token failed: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { accessToken: string }).accessToken;
}

/** Completes onboarding through the API for the signed-in user of `page`. */
export async function completeOnboardingViaApi(
  page: Page,
  profile = {
    name: 'Jane Cooper',
    companyName: 'Acme Furniture',
    phoneNumber: '7700 900123',
    dialCode: '+44',
  },
): Promise<void> {
  const response = await page.request.post('/api/onboarding', { data: profile });
  if (!response.ok()) throw new Error(`onboarding failed: ${response.status()} ${await response.text()}`);
}

/**
 * Connects a new sandbox number for the signed-in user of `page` through the same endpoint the
 * 'Continue with Facebook' button uses (the sandbox's code, then the app's exchange).
 */
export async function connectSandboxNumberViaApi(page: Page, businessName: string): Promise<SandboxSignup> {
  const signup = await createSandboxNumber(page.request, businessName);
  const response = await page.request.post('/api/whatsapp/connect/embedded', {
    data: {
      code: signup.code,
      wabaId: signup.data.waba_id,
      phoneNumberId: signup.data.phone_number_id,
      businessId: signup.data.business_id,
    },
  });
  if (response.status() !== 201)
    throw new Error(`connect failed: ${response.status()} ${await response.text()}`);
  return signup;
}

/**
 * The sandbox phone showing one business number's customers. Other tests (earlier, or running beside
 * this one) leave their numbers behind, and the phone shows the newest unless told otherwise; the
 * picker appears only once the page knows there is more than one, so wait for the page to load first.
 */
export async function openSandboxPhone(page: Page, phoneNumberId: string): Promise<void> {
  await page.goto('/sandbox');
  await expect(page.getByText('Phone number ID').first()).toBeVisible();
  const picker = page.getByRole('combobox', { name: 'Business number' });
  if (await picker.isVisible()) await picker.selectOption(phoneNumberId);
  await expect(page.getByText(phoneNumberId, { exact: true }).first()).toBeVisible();
}
