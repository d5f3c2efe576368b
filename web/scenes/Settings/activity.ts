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
    default:
      return { actor, text: entry.action.replace(/[._]/g, ' ') };
  }
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
