import type { AiBotHandoverReason } from '@common/api/ai-bot';
import type { ContactImport } from '@common/api/contact-imports';

/**
 * What happened in an account, as the domain says it: recorded in the same transaction as the change
 * (outbox.ts), dispatched after commit (bus.ts). The live feed turns them into the wire events of
 * common/realtime.ts (which stays the browser contract); later consumers (campaign reports, the AI
 * bot) subscribe to the same bus.
 */
export type DomainEvent =
  | { kind: 'message.created'; accountId: string; contactId: string; messageId: string }
  | { kind: 'message.updated'; accountId: string; messageId: string }
  | { kind: 'reaction.changed'; accountId: string; contactId: string; targetExternalId: string }
  | { kind: 'template.updated'; accountId: string; templateId: string }
  /** The contact's list row changed (unread count, name, archive, block…). */
  | { kind: 'contact.updated'; accountId: string; contactId: string }
  | { kind: 'contact.assigned'; accountId: string; contactId: string }
  /** contactId null: a tag itself was renamed or deleted. */
  | { kind: 'contact.tagged'; accountId: string; contactId: string | null }
  | { kind: 'contact.deleted'; accountId: string; contactId: string }
  /** A custom contact field was defined, changed or deleted (its values changes are contact.updated). */
  | { kind: 'contact_field.changed'; accountId: string; fieldId: string }
  /** A segment was saved, changed or deleted (`deleted`). */
  | { kind: 'segment.changed'; accountId: string; segmentId: string; deleted: boolean }
  /** A campaign was created, changed or deleted (`deleted`). */
  | { kind: 'campaign.changed'; accountId: string; campaignId: string; deleted: boolean }
  /**
   * A campaign's messages in these chats were sent or failed (one stored batch of sends, at most 1,000
   * chats): an open chat among them and the chat lists refetch, rather than a frame per message.
   */
  | { kind: 'campaign.messages_changed'; accountId: string; contactIds: string[] }
  /** Many contacts changed at once (a bulk action over more than 100 contacts, an import): lists refetch rather than expecting a row each. */
  | { kind: 'contacts.changed'; accountId: string; count: number }
  /** An import moved on: its state as committed with the batch (the progress bar and the summary). */
  | { kind: 'contact_import.progress'; accountId: string; importId: string; import: ContactImport }
  /** The AI bot stopped in a chat and left it to the team (server/ai/bot): teammates are told. */
  | { kind: 'ai_bot.handed_over'; accountId: string; contactId: string; reason: AiBotHandoverReason }
  /** A teammate paused or resumed the AI bot in a chat. */
  | { kind: 'ai_bot.chat_changed'; accountId: string; contactId: string };

export type DomainEventKind = DomainEvent['kind'];

/**
 * An event as consumers get it: with its id, `<outbox row>.<position>`, the same on every delivery of
 * it (a re-dispatch after a crash included), so a consumer that must act once keys on it.
 */
export type DeliveredEvent = DomainEvent & { id: string };

/** The events one transaction recorded: its outbox row and the events in order. */
export type RecordedEvents = { outboxId: number; events: DomainEvent[] };

export function delivered({ outboxId, events }: RecordedEvents): DeliveredEvent[] {
  return events.map((event, index) => ({ ...event, id: `${outboxId}.${index}` }));
}
