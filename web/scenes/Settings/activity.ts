import { AI_BOT_HANDOVER_LABELS, type AiBotHandoverReason } from '@common/api/ai-bot';
import type { AuditEntry } from '@common/api/team';

/**
 * One line of the team activity: who did what ('jane invited bob@example.com'). An entry with no actor
 * is the system's when its action says so (the AI bot's hand-overs), else a user who has since gone
 * ('Someone').
 */
export function describeAuditEntry(entry: AuditEntry): { actor: string; text: string } {
  const actor = entry.actor?.label ?? SYSTEM_ACTORS[entry.action] ?? 'Someone';
  const email = typeof entry.details.email === 'string' ? entry.details.email : 'a teammate';
  switch (entry.action) {
    case 'member.invited':
      return { actor, text: `invited ${email}` };
    case 'member.added':
      return { actor, text: `added ${email} to the team` };
    case 'member.invitation_resent':
      return { actor, text: `sent ${email} a new invitation link` };
    case 'member.joined':
      return { actor, text: 'joined the team from the invitation link' };
    case 'member.removed':
      return {
        actor,
        text:
          entry.details.status === 'invited' ? `withdrew the invitation for ${email}` : `removed ${email}`,
      };
    case 'team.time_zone_changed':
      return {
        actor,
        text: `changed the team’s time zone to ${detail(entry, 'to', 'another zone').replaceAll('_', ' ')}`,
      };
    case 'contacts.bulk_deleted':
      return { actor, text: `deleted ${contactCount(entry)}` };
    case 'contacts.bulk_tagged':
      return { actor, text: `tagged ${contactCount(entry)}${tagName(entry, ' with ')}` };
    case 'contacts.bulk_untagged':
      return { actor, text: `removed ${tagName(entry, '', 'a tag')} from ${contactCount(entry)}` };
    case 'contacts.bulk_assigned':
      return { actor, text: `assigned ${contactCount(entry)}` };
    case 'contacts.bulk_unassigned':
      return { actor, text: `unassigned ${contactCount(entry)}` };
    case 'contacts.exported':
      return { actor, text: `exported ${contactCount(entry)} to CSV` };
    case 'contacts.import_started':
      return { actor, text: `started importing ${detail(entry, 'fileName', 'a CSV file')}` };
    case 'contacts.imported':
      return { actor, text: importSummary(entry) };
    case 'contact.created':
      return { actor, text: 'added a contact' };
    case 'contact.consent_changed':
      return {
        actor,
        text: `set a contact's marketing consent to ${CONSENT_WORDS[detail(entry, 'to', '')] ?? 'unknown'}`,
      };
    case 'consent_keywords.updated':
      return { actor, text: 'changed the opt-out and opt-in keywords' };
    case 'contact_field.created':
      return { actor, text: `added the contact field ${detail(entry, 'label', detail(entry, 'key', ''))}` };
    case 'contact_field.updated':
      return { actor, text: `changed the contact field ${detail(entry, 'label', detail(entry, 'key', ''))}` };
    case 'contact_field.deleted':
      return { actor, text: `deleted the contact field ${detail(entry, 'label', detail(entry, 'key', ''))}` };
    case 'segment.created':
      return { actor, text: `saved the segment ${detail(entry, 'name', '')}` };
    case 'segment.updated':
      return { actor, text: `changed the segment ${detail(entry, 'name', '')}` };
    case 'segment.deleted':
      return { actor, text: `deleted the segment ${detail(entry, 'name', '')}` };
    case 'ai_settings.updated':
      return { actor, text: aiSettingsChange(entry) };
    case 'ai_bot.updated':
      return { actor, text: aiBotChange(entry) };
    case 'ai_bot.paused':
      return { actor, text: `paused the AI bot in ${chatWith(entry)}` };
    case 'ai_bot.resumed':
      return { actor, text: `resumed the AI bot in ${chatWith(entry)}` };
    case 'ai_bot.handed_over':
      return { actor, text: `handed ${chatWith(entry)} to the team${handoverReason(entry)}` };
    default:
      return { actor, text: entry.action.replace(/[._]/g, ' ') };
  }
}

/** Who did it when no user did: the system, named by what it is. */
const SYSTEM_ACTORS: Record<string, string> = { 'ai_bot.handed_over': 'The AI bot' };

/** 'the chat with Sam' (the contact's name as the inbox shows it now), 'a chat' once it is gone. */
function chatWith(entry: AuditEntry): string {
  return entry.subjectLabel ? `the chat with ${entry.subjectLabel}` : 'a chat';
}

/** ': the customer asked for a person'. */
function handoverReason(entry: AuditEntry): string {
  const reason = entry.details.reason;
  const words =
    typeof reason === 'string' && reason in AI_BOT_HANDOVER_LABELS
      ? AI_BOT_HANDOVER_LABELS[reason as AiBotHandoverReason]
      : null;
  return words ? `: ${words}` : '';
}

/** The entry's `changed` list (the names of the settings that changed). */
function changedKeys(entry: AuditEntry): string[] {
  const changed = entry.details.changed;
  return Array.isArray(changed) ? changed.filter((key): key is string => typeof key === 'string') : [];
}

/** 'changed the AI settings: model gpt-4o-mini, new API key, instructions' (never the key or the text). */
function aiSettingsChange(entry: AuditEntry): string {
  const words: Record<string, string> = {
    baseUrl: entry.details.baseUrlHost ? `base URL ${detail(entry, 'baseUrlHost', '')}` : 'base URL cleared',
    apiKey: entry.details.key === 'removed' ? 'API key removed' : 'new API key',
    model: entry.details.model ? `model ${detail(entry, 'model', '')}` : 'model cleared',
    instructions: 'instructions',
  };
  const parts = changedKeys(entry).map((key) => words[key] ?? key);
  return parts.length > 0
    ? `changed the AI settings: ${parts.join(', ')}`
    : 'saved the AI settings unchanged';
}

const AI_BOT_SETTING_WORDS: Record<string, string> = {
  when: 'schedule',
  hours: 'business hours',
  timeZone: 'time zone',
  maxTurns: 'turn limit',
  maxRepliesPerHour: 'hourly reply limit',
  maxLength: 'reply length',
};

/** 'turned the AI bot on', 'changed the AI bot’s business hours and turn limit'… */
function aiBotChange(entry: AuditEntry): string {
  const changed = changedKeys(entry);
  const others = changed.filter((key) => key !== 'enabled').map((key) => AI_BOT_SETTING_WORDS[key] ?? key);
  const what = others.length > 1 ? `${others.slice(0, -1).join(', ')} and ${others.at(-1)}` : others[0];
  if (changed.includes('enabled')) {
    const turned = entry.details.enabled === true ? 'turned the AI bot on' : 'turned the AI bot off';
    return what ? `${turned} and changed its ${what}` : turned;
  }
  return what ? `changed the AI bot’s ${what}` : 'saved the AI bot’s settings unchanged';
}

const CONSENT_WORDS: Record<string, string> = {
  opted_in: 'opted in',
  opted_out: 'opted out',
  unknown: 'unknown',
};

/** A text detail of the entry, or the fallback. */
function detail(entry: AuditEntry, key: string, fallback: string): string {
  const value = entry.details[key];
  return typeof value === 'string' && value !== '' ? value : fallback;
}

/** 'imported customers.csv: 970 created, 0 updated, 0 skipped, 30 failed'. */
function importSummary(entry: AuditEntry): string {
  const n = (key: string) => (typeof entry.details[key] === 'number' ? (entry.details[key] as number) : 0);
  const counts = ['created', 'updated', 'skipped', 'failed'].map((k) => `${n(k).toLocaleString('en')} ${k}`);
  return `imported ${detail(entry, 'fileName', 'a CSV file')}: ${counts.join(', ')}`;
}

/** '120 contacts' from a bulk entry's `count`. */
function contactCount(entry: AuditEntry): string {
  const n = typeof entry.details.count === 'number' ? entry.details.count : 0;
  return `${n.toLocaleString('en')} ${n === 1 ? 'contact' : 'contacts'}`;
}
function tagName(entry: AuditEntry, before: string, fallback = ''): string {
  return typeof entry.details.tag === 'string' ? `${before}${entry.details.tag}` : fallback;
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** 'just now', '5 min ago', '3 h ago', 'yesterday', '4 days ago', then a short date. */
export function timeAgo(iso: string, now: number): string {
  const then = new Date(iso).getTime();
  const ago = Math.max(0, now - then);
  if (ago < MINUTE) return 'just now';
  if (ago < HOUR) return `${Math.floor(ago / MINUTE)} min ago`;
  if (ago < DAY) return `${Math.floor(ago / HOUR)} h ago`;
  if (ago < 2 * DAY) return 'yesterday';
  if (ago < 7 * DAY) return `${Math.floor(ago / DAY)} days ago`;
  return new Date(then).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
}
