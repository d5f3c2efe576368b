import { type APIRequestContext, expect, test } from '@playwright/test';
import { oggOpus } from '../server/test/ogg-opus-bytes';
import { expectNoAxeViolations } from './axe';
import { createSandboxNumber, openSandboxPhone, sandboxSystemToken, screenshot } from './helpers';
import { addCustomer, customerSays } from './inbox-helpers';

/**
 * The sandbox phone draws what a business sends through the Graph API as WhatsApp does — reply
 * buttons, a list, a link button, a location, a contact card, a voice note — and the customer taps a
 * button and picks a row, by mouse and by keyboard. Screenshots in .tmp/screens/sandbox-phone-*.png.
 */

const CUSTOMER = { waId: '16505550277', name: 'Jonas Berg' };

async function businessSends(
  request: APIRequestContext,
  phoneNumberId: string,
  token: string,
  message: Record<string, unknown>,
): Promise<string> {
  const response = await request.post(`/sandbox/graph/v22.0/${phoneNumberId}/messages`, {
    headers: { authorization: `Bearer ${token}` },
    data: { messaging_product: 'whatsapp', to: CUSTOMER.waId, ...message },
  });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { messages: { id: string }[] }).messages[0]!.id;
}

test('the sandbox phone shows buttons, lists, link buttons, places, cards and voice notes, and takes taps', async ({
  page,
}) => {
  const signup = await createSandboxNumber(page.request, 'Fjord Plants');
  const phoneId = signup.phoneNumber.id;
  const token = await sandboxSystemToken(page.request, phoneId);
  await addCustomer(page.request, phoneId, CUSTOMER.waId, CUSTOMER.name);
  await customerSays(page.request, phoneId, CUSTOMER.waId, 'Hi! What can you deliver?');

  const ogg = oggOpus(200);
  const uploaded = await page.request.post(
    `/sandbox/graph/v22.0/${phoneId}/media?messaging_product=whatsapp`,
    {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        file: { name: 'note.ogg', mimeType: 'audio/ogg', buffer: ogg },
      },
    },
  );
  const voiceId = ((await uploaded.json()) as { id: string }).id;

  const send = (message: Record<string, unknown>) => businessSends(page.request, phoneId, token, message);
  await send({
    type: 'interactive',
    interactive: {
      type: 'button',
      header: { type: 'text', text: 'Delivery' },
      body: { text: 'Shall we bring your monstera tomorrow morning?' },
      footer: { text: 'Fjord Plants' },
      action: {
        buttons: [
          { type: 'reply', reply: { id: 'yes', title: 'Yes, tomorrow' } },
          { type: 'reply', reply: { id: 'later', title: 'Another day' } },
        ],
      },
    },
  });
  await send({
    type: 'interactive',
    interactive: {
      type: 'list',
      body: { text: 'Which pot would you like with it?' },
      action: {
        button: 'Choose a pot',
        sections: [
          { title: 'Clay', rows: [{ id: 'clay-s', title: 'Small clay', description: '12 cm, terracotta' }] },
          {
            title: 'Ceramic',
            rows: [{ id: 'ceramic-m', title: 'Medium ceramic', description: '18 cm, white glaze' }],
          },
        ],
      },
    },
  });
  await send({
    type: 'interactive',
    interactive: {
      type: 'cta_url',
      body: { text: 'Follow your delivery here.' },
      action: {
        name: 'cta_url',
        parameters: { display_text: 'Track order', url: 'https://example.com/track/42' },
      },
    },
  });
  await send({
    type: 'location',
    location: {
      latitude: 59.9139,
      longitude: 10.7522,
      name: 'Fjord Plants',
      address: 'Karl Johans gate 1, Oslo',
    },
  });
  await send({
    type: 'contacts',
    contacts: [
      {
        name: { formatted_name: 'Ingrid Dahl', first_name: 'Ingrid', last_name: 'Dahl' },
        org: { company: 'Fjord Plants' },
        phones: [{ phone: '+47 22 12 34 56', type: 'WORK' }],
      },
    ],
  });
  await send({ type: 'audio', audio: { id: voiceId, voice: true } });

  await openSandboxPhone(page, phoneId);
  await page.getByTestId('sandbox-customer').filter({ hasText: CUSTOMER.name }).click();
  await expect(page.getByTestId('sandbox-voice-note')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Track order' })).toHaveAttribute(
    'href',
    'https://example.com/track/42',
  );
  await expect(page.getByTestId('sandbox-location')).toContainText('59.9139° N, 10.7522° E');
  await expect(page.getByTestId('sandbox-contact')).toContainText('Ingrid Dahl');
  await screenshot(page, 'sandbox-phone-rich');
  await expectNoAxeViolations(page, 'sandbox phone with interactive messages');

  // A tap on a reply button, by mouse.
  await page.getByRole('button', { name: 'Another day' }).click();
  await expect(page.getByTestId('sandbox-message').filter({ hasText: 'Another day' }).last()).toHaveAttribute(
    'data-from',
    'customer',
  );

  // The list, by keyboard: open it, then pick a row.
  const open = page.getByRole('button', { name: 'Choose a pot' });
  await open.focus();
  await page.keyboard.press('Enter');
  await expect(open).toHaveAttribute('aria-expanded', 'true');
  await screenshot(page, 'sandbox-phone-list-open');
  await expectNoAxeViolations(page, 'sandbox phone with a list open');
  await page.getByRole('button', { name: /Medium ceramic/ }).focus();
  await page.keyboard.press('Enter');
  const picked = page.getByTestId('sandbox-message').filter({ hasText: 'Medium ceramic' }).last();
  await expect(picked).toHaveAttribute('data-from', 'customer');
  await expect(picked).toContainText('Which pot would you like with it?');
  await screenshot(page, 'sandbox-phone-replies');
});
