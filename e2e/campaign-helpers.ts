import { expect, type Page } from '@playwright/test';

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
