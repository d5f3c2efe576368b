import { BookUserIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';
import { PageHeader } from '../../components/PageHeader';

export function Contacts() {
  return (
    <div>
      <PageHeader title="Contacts" description="Everyone who has messaged your WhatsApp Business number." />
      <div className="mx-auto max-w-6xl px-5 py-8 sm:px-8">
        <div className="rounded-2xl bg-white ring-1 ring-slate-200">
          <EmptyState
            icon={<BookUserIcon className="size-7" />}
            badge="Coming soon"
            title="Contact management is coming soon"
            description="Browse, filter, import and export your contacts in one place. Until then, find everyone in Chats."
          />
        </div>
      </div>
    </div>
  );
}
