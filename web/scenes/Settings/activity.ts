import type { AuditEntry } from '@common/api/team';

/** One line of the team activity: who did what ('jane invited bob@example.com'). */
export function describeAuditEntry(entry: AuditEntry): { actor: string; text: string } {
  const actor = entry.actor?.label ?? 'Someone';
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
    default:
      return { actor, text: entry.action.replace(/[._]/g, ' ') };
  }
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
