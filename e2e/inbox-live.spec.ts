import { expect, test, type WebSocketRoute } from '@playwright/test';
import { addCustomer, contactIdFor, customerSays, ownerWithNumber } from './inbox-helpers';

test('the live feed reconnects by itself and catches up on what it missed', async ({ page }) => {
  const inbox = await ownerWithNumber(page, 'Corner Bakery');
  const waId = '33612345678';
  await addCustomer(page.request, inbox.phoneNumberId, waId, 'Chloé Martin');
  await customerSays(page.request, inbox.phoneNumberId, waId, 'Bonjour !');
  const contactId = await contactIdFor(page, waId);

  // Every /api/live socket goes through here, so the test can cut the line.
  let lineDown = false;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/api\/live$/, (socket) => {
    const server = socket.connectToServer();
    sockets.push(socket);
    socket.onMessage((frame) => {
      if (!lineDown) server.send(frame);
    });
    server.onMessage((frame) => {
      if (!lineDown) socket.send(frame);
    });
  });

  await page.goto(`/app/chats?contact=${contactId}`);
  await expect(page.getByTestId('message').filter({ hasText: 'Bonjour !' })).toBeVisible();
  await customerSays(page.request, inbox.phoneNumberId, waId, 'Avez-vous des croissants ?');
  await expect(page.getByTestId('message').filter({ hasText: 'Avez-vous des croissants' })).toBeVisible();
  expect(sockets).toHaveLength(1);

  // The line goes down: what the customer writes now never reaches this socket.
  lineDown = true;
  await customerSays(page.request, inbox.phoneNumberId, waId, 'Je passe à 8h');
  await page.waitForTimeout(700);
  await expect(page.getByTestId('message').filter({ hasText: 'Je passe à 8h' })).toHaveCount(0);
  await sockets[0]!.close({ code: 4000, reason: 'test outage' });
  await expect(page.getByRole('status').filter({ hasText: 'Connection lost. Reconnecting…' })).toBeVisible();
  lineDown = false;

  // The browser reconnects (after 2 s), gets a second hello and refetches: the missed message shows.
  await expect(page.getByTestId('message').filter({ hasText: 'Je passe à 8h' })).toBeVisible({
    timeout: 6_000,
  });
  expect(sockets.length).toBeGreaterThanOrEqual(2);
  await expect(page.getByRole('status').filter({ hasText: 'Connection lost' })).toHaveCount(0);
  await expect(page.getByTestId('contact-row').first()).toContainText('Je passe à 8h');

  // And it is live again.
  await customerSays(page.request, inbox.phoneNumberId, waId, 'Merci !');
  await expect(page.getByTestId('message').filter({ hasText: 'Merci !' })).toBeVisible({ timeout: 1_000 });
});
