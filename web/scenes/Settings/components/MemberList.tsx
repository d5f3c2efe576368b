import type { TeamMember } from '@common/api/team';
import type { SVGProps } from 'react';

const AVATAR_COLOURS = [
  'bg-emerald-100 text-emerald-800',
  'bg-sky-100 text-sky-800',
  'bg-amber-100 text-amber-800',
  'bg-violet-100 text-violet-800',
  'bg-rose-100 text-rose-800',
  'bg-teal-100 text-teal-800',
];

function colourFor(text: string): string {
  let h = 0;
  for (let i = 0; i < text.length; i += 1) h = (h * 31 + text.charCodeAt(i)) | 0;
  return AVATAR_COLOURS[Math.abs(h) % AVATAR_COLOURS.length]!;
}

function TrashIcon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={1.8}
      aria-hidden="true"
      {...props}
    >
      <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a2 2 0 0 0 2 2h6a2 2 0 0 0 2-2l1-12M9 7V4h6v3" />
    </svg>
  );
}

function RoleBadge({ role }: { role: TeamMember['role'] }) {
  return role === 'owner' ? (
    <span className="rounded-full bg-ink-900 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-white uppercase">
      Owner
    </span>
  ) : (
    <span className="rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-semibold tracking-wide text-slate-600 uppercase ring-1 ring-slate-200 ring-inset">
      Member
    </span>
  );
}

const HOUR_MS = 60 * 60 * 1000;

/** "Link expires in 7 days", "… in 5 hours" or "Link expired" for an open invitation. */
export function invitationExpiry(expiresAt: string | null, now = Date.now()): string | null {
  if (!expiresAt) return null;
  const left = new Date(expiresAt).getTime() - now;
  if (left <= 0) return 'Link expired';
  const hours = Math.ceil(left / HOUR_MS);
  if (hours < 24) return `Link expires in ${hours} hour${hours === 1 ? '' : 's'}`;
  const days = Math.ceil(left / (24 * HOUR_MS));
  return `Link expires in ${days} day${days === 1 ? '' : 's'}`;
}

function StatusPill({ status }: { status: TeamMember['status'] }) {
  const active = status === 'active';
  return (
    <span
      className={`inline-flex items-center gap-1.5 text-xs font-medium ${active ? 'text-brand-800' : 'text-amber-700'}`}
    >
      <span
        className={`size-1.5 rounded-full ${active ? 'bg-brand-500' : 'bg-amber-400'}`}
        aria-hidden="true"
      />
      {active ? 'Active' : 'Invited'}
    </span>
  );
}

/**
 * The team's members and open invitations; remove (or, for an invitation, withdraw) and resend
 * buttons where the server says they are allowed.
 */
export function MemberList({
  members,
  onRemove,
  onResend,
  resendingId,
}: {
  members: TeamMember[];
  onRemove: (member: TeamMember) => void;
  onResend: (member: TeamMember) => void;
  resendingId: string | null;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label="Team members">
      {members.map((member) => (
        <li
          key={member.id}
          data-testid="team-member"
          data-email={member.email}
          className="flex items-center gap-3 px-4 py-4 sm:gap-4 sm:px-6"
        >
          <span
            className={`flex size-10 shrink-0 items-center justify-center rounded-full text-sm font-semibold uppercase ${
              member.status === 'invited'
                ? 'bg-slate-100 text-slate-400 ring-1 ring-slate-200 ring-dashed'
                : colourFor(member.email)
            }`}
            aria-hidden="true"
          >
            {member.label.slice(0, 1)}
          </span>
          <div className="min-w-0 flex-1">
            <p className="flex flex-wrap items-center gap-2 text-sm font-medium text-slate-900">
              <span className="min-w-0 max-w-full truncate">{member.label}</span>
              {member.isYou && <span className="font-normal text-slate-500">(You)</span>}
              <RoleBadge role={member.role} />
            </p>
            <p className="mt-0.5 truncate text-sm text-slate-600">{member.email}</p>
            {member.status === 'invited' && member.invitationExpiresAt && (
              <p data-testid="invitation-expiry" className="mt-0.5 text-xs text-slate-600">
                {invitationExpiry(member.invitationExpiresAt)}
              </p>
            )}
          </div>
          <StatusPill status={member.status} />
          <div className="flex justify-end gap-1 sm:min-w-24">
            {member.abilities.resend && (
              <button
                type="button"
                onClick={() => onResend(member)}
                disabled={resendingId === member.id}
                aria-label={`Resend the invitation to ${member.email}`}
                className="rounded-md px-2.5 py-1.5 text-[13px] font-medium text-slate-600 transition-colors hover:bg-slate-100 hover:text-slate-900 disabled:opacity-60"
              >
                {resendingId === member.id ? 'Sending...' : 'Resend'}
              </button>
            )}
            {member.abilities.remove && (
              <button
                type="button"
                onClick={() => onRemove(member)}
                aria-label={`Remove ${member.email}`}
                className="inline-flex items-center gap-1.5 rounded-md px-2.5 py-1.5 text-[13px] font-medium text-slate-600 transition-colors hover:bg-red-50 hover:text-red-700"
              >
                <TrashIcon className="size-4" />
                Remove
              </button>
            )}
          </div>
        </li>
      ))}
    </ul>
  );
}
