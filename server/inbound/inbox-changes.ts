import { EventEmitter } from 'node:events';

/**
 * What changed in an account's inbox; published after commit. The live feed (server/live/feed.ts)
 * turns these into the typed events of common/realtime.ts.
 */
export type InboxChange =
  | { kind: 'message.created'; accountId: string; contactId: string; messageId: string }
  | { kind: 'message.updated'; accountId: string; messageId: string }
  | { kind: 'reaction.changed'; accountId: string; contactId: string; targetExternalId: string }
  | { kind: 'template.updated'; accountId: string; templateId: string }
  /** The contact's list row changed (unread count, name, archive, block…). */
  | { kind: 'contact.updated'; accountId: string; contactId: string }
  | { kind: 'contact.assigned'; accountId: string; contactId: string }
  /** contactId null: a tag itself was renamed or deleted. */
  | { kind: 'contact.tagged'; accountId: string; contactId: string | null }
  | { kind: 'contact.deleted'; accountId: string; contactId: string };

/** In-process bus; the live hub (and, scaled out, Redis) subscribes to it. */
export const inboxChanges = new EventEmitter();

export function publishChanges(changes: InboxChange[]): void {
  if (changes.length === 0) return;
  // One emit per commit, so a subscriber can load a whole webhook batch with one query per kind.
  inboxChanges.emit('changes', changes);
  for (const change of changes) inboxChanges.emit('change', change);
}
