import { DownloadIcon, UploadIcon, UserPlusIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button, buttonClasses } from '../../../components/Button';

type ContactsHeaderProps = {
  isOwner: boolean;
  /** Matching contacts, or null while counting. */
  count: number | null;
  filtered: boolean;
  exporting: boolean;
  onAdd: () => void;
  onExport: () => void;
};

/** The page's title row: what is shown, and Import / Export (owners) and Add contact. */
export function ContactsHeader({
  isOwner,
  count,
  filtered,
  exporting,
  onAdd,
  onExport,
}: ContactsHeaderProps) {
  const noun = count === 1 ? 'contact' : 'contacts';
  return (
    <div className="border-b border-slate-200 bg-white">
      <div className="flex flex-wrap items-start justify-between gap-4 px-5 py-5 sm:px-8 sm:py-6">
        <div className="min-w-0">
          <h1 className="text-xl font-semibold tracking-tight text-slate-900">Contacts</h1>
          <p className="mt-1 text-sm text-slate-500" aria-live="polite" data-testid="contact-count">
            {count === null
              ? 'Counting contacts…'
              : filtered
                ? `${count.toLocaleString()} ${noun} match these filters`
                : `${count.toLocaleString()} ${noun} in your team's CRM`}
          </p>
        </div>
        <div className="flex flex-wrap items-center gap-2 [&>*]:max-sm:h-9 [&>*]:max-sm:px-3 [&>*]:max-sm:text-[13px]">
          {isOwner && (
            <>
              <Link to="/app/contacts/import" className={buttonClasses('secondary', 'md')}>
                <UploadIcon aria-hidden="true" className="size-4 text-slate-500" />
                Import
              </Link>
              <Button
                variant="secondary"
                icon={<DownloadIcon aria-hidden="true" className="size-4 text-slate-500" />}
                onClick={onExport}
                isLoading={exporting}
                loadingText="Exporting…"
                disabled={count === 0}
              >
                Export
              </Button>
            </>
          )}
          <Button
            variant="brand"
            icon={<UserPlusIcon aria-hidden="true" className="size-4" />}
            onClick={onAdd}
          >
            Add contact
          </Button>
        </div>
      </div>
    </div>
  );
}
