import type { ContactDetail } from '@common/api/inbox';
import { INBOX_MSG } from '@common/api/inbox';
import { ArchiveIcon, BanIcon } from 'lucide-react';
import { Avatar } from '../../../../components/Avatar';

/** The top of the panel: avatar, name (or 'Unknown'), phone, WhatsApp's own name, and archived/blocked marks. */
export function ContactProfile({ contact }: { contact: ContactDetail }) {
  const name = contact.name || INBOX_MSG.unknownName;
  const showProfileName = Boolean(contact.profileName) && contact.profileName !== contact.name;
  return (
    <div className="flex flex-col items-center px-5 pt-5 pb-5 text-center">
      <Avatar id={contact.id} name={contact.name} className="size-16! text-xl!" />
      <h3
        className="mt-3 max-w-full truncate text-base font-semibold text-slate-900"
        data-testid="panel-name"
      >
        {name}
      </h3>
      <p className="mt-0.5 text-sm text-slate-500 tabular-nums" data-testid="panel-phone">
        {contact.phone}
      </p>
      {showProfileName && (
        <p className="mt-0.5 max-w-full truncate text-xs text-slate-400" title="Name on WhatsApp">
          ~{contact.profileName}
        </p>
      )}
      {(contact.archived || contact.blocked) && (
        <div className="mt-3 flex flex-wrap justify-center gap-1.5">
          {contact.archived && (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600"
              data-testid="archived-badge"
            >
              <ArchiveIcon className="size-3.5" />
              Archived
            </span>
          )}
          {contact.blocked && (
            <span
              className="inline-flex items-center gap-1 rounded-full bg-red-50 px-2 py-0.5 text-xs font-medium text-red-700 ring-1 ring-red-100"
              data-testid="blocked-badge"
            >
              <BanIcon className="size-3.5" />
              Blocked
            </span>
          )}
        </div>
      )}
    </div>
  );
}
