import { type APIRequestContext, expect, type Page } from '@playwright/test';
import { type RecipientShares, recipientFate } from '../server/sandbox/timeline/plan';

type ApprovedTemplate = { id: string; name: string; bodyVariables: number; headerVariables: number };

/** The account's approved templates (the sandbox starts with hello_world and order_update). */
export async function approvedTemplates(page: Page): Promise<ApprovedTemplate[]> {
  const response = await page.request.get('/api/templates?status=approved');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { templates: ApprovedTemplate[] }).templates;
}

/**
 * A campaign draft through the API: a template with a body variable (the contact's name, with a
 * fallback) to the contacts with `tagId`. Answers its id.
 */
export async function seedCampaignDraft(page: Page, tagId: string, name = 'Spring sale'): Promise<string> {
  const templates = await approvedTemplates(page);
  const template = templates.find((t) => t.bodyVariables > 0 && t.headerVariables === 0) ?? templates[0]!;
  const body = Array.from({ length: template.bodyVariables }, (_, i) =>
    i === 0 ? { kind: 'name', fallback: 'there' } : { kind: 'text', text: 'SPRING' },
  );
  const response = await page.request.post('/api/campaigns', {
    data: {
      name,
      templateId: template.id,
      audience: { kind: 'tags', tagIds: [tagId], match: 'any' },
      variables: { body, header: [], buttons: [] },
      timeZone: 'Europe/Lisbon',
    },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { campaign: { id: string } }).campaign.id;
}

/**
 * The sandbox's recipient shares (`PUT /sandbox/api/settings`): they hold for every number until set
 * back, so a test sets them to 0 again when it is done (specs run one at a time).
 */
export async function setRecipientShares(
  request: APIRequestContext,
  shares: Partial<Pick<RecipientShares, 'marketingLimitShare' | 'undeliverableShare'>>,
) {
  const response = await request.put('/sandbox/api/settings', { data: shares });
  expect(response.ok(), `sandbox settings: ${response.status()}`).toBe(true);
}

const FIRST_NAMES = ['Ava', 'Ben', 'Chloe', 'Dev', 'Elena', 'Farah', 'Gus', 'Hana', 'Ivan', 'Jade'];
const LAST_NAMES = ['Thompson', 'Okafor', 'Martin', 'Patel', 'Rossi'];
const TIERS = ['Gold', 'Platinum', ''];

/**
 * `count` sandbox customers (at most 50) with distinct names and numbers 16505550101 onwards; their
 * Tier cycles Gold, Platinum, none (the variable's fallback).
 */
export function sandboxCustomers(count: number): { waId: string; name: string; tier: string }[] {
  return Array.from({ length: Math.min(count, FIRST_NAMES.length * LAST_NAMES.length) }, (_, i) => ({
    waId: String(16505550101 + i),
    name: `${FIRST_NAMES[i % FIRST_NAMES.length]} ${LAST_NAMES[Math.floor(i / FIRST_NAMES.length)]}`,
    tier: TIERS[i % TIERS.length]!,
  }));
}

/** Which of these numbers the sandbox fails with 131049 at this marketing-limit share (its own rule). */
export function failingAtMarketingShare(waIds: readonly string[], share: number): string[] {
  const shares = { marketingLimitShare: share, undeliverableShare: 0, readShare: 0, replyShare: 0 };
  return waIds.filter((waId) => recipientFate(waId, shares).fails === 131049);
}

/** A funnel step's count on the report ('sent', 'failed', 'replied'…). */
export function funnelCount(page: Page, step: string) {
  return page.getByTestId('campaign-funnel').getByTestId(`funnel-${step}`).getByTestId('funnel-count');
}
