import { expect } from 'vitest';
import { type WebhookFixtureName, webhookFixtures } from './fixtures';
import type { InboundMessageEvent, MessageStatusEvent, WebhookEvent } from './types';
import { parseWebhook } from './webhook-parser';

/** The parser's clock in these tests; at(n) is the time of a fixture stamped 1750000000 + n. */
export const NOW = new Date('2030-01-01T00:00:00Z');
export const at = (offset: number) => new Date((1_750_000_000 + offset) * 1000);

export function eventsOf(name: WebhookFixtureName): WebhookEvent[] {
  return parseWebhook(webhookFixtures[name], { now: NOW }).events;
}

export function onlyMessage(name: WebhookFixtureName): InboundMessageEvent {
  const events = eventsOf(name);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== 'message.inbound') throw new Error(`${name}: expected one inbound message`);
  return event;
}

export function onlyStatus(name: WebhookFixtureName): MessageStatusEvent {
  const events = eventsOf(name);
  expect(events).toHaveLength(1);
  const [event] = events;
  if (event?.kind !== 'message.status') throw new Error(`${name}: expected one status`);
  return event;
}
