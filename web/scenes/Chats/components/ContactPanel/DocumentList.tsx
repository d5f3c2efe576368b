import type { ContactMediaItem } from '@common/api/contact-details';
import { DownloadIcon, FileTextIcon, MicIcon } from 'lucide-react';
import { formatShortDate } from '../../../../components/time';
import { documentDetails, extensionBadgeClass, extensionOf } from '../../fileInfo';
import type { AgeGroup } from './ageGroups';

function DocumentRow({ item }: { item: ContactMediaItem }) {
  const isAudio = item.type === 'audio';
  const ext = isAudio ? '' : extensionOf(item.filename, item.mimeType);
  const details = documentDetails(item.fileSize, item.filename, item.mimeType) || ext.toUpperCase();
  const meta = [
    isAudio ? 'Voice message' : details,
    item.direction === 'outgoing' ? 'Sent' : 'Received',
    formatShortDate(item.createdAt),
  ].filter(Boolean);
  return (
    <li
      className="flex items-center gap-3 rounded-lg px-2 py-2 transition-colors hover:bg-slate-50"
      data-testid="document-card"
    >
      <span className="relative flex size-10 shrink-0 items-center justify-center rounded-lg bg-slate-100 text-slate-400">
        {isAudio ? <MicIcon className="size-5" /> : <FileTextIcon className="size-6" />}
        {ext && (
          <span
            className={`absolute -bottom-1 -left-1 rounded px-1 py-px text-[8.5px] font-bold tracking-wide text-white uppercase ring-2 ring-white ${extensionBadgeClass(ext)}`}
          >
            {ext.slice(0, 4)}
          </span>
        )}
      </span>
      <span className="min-w-0 flex-1">
        <span className="block truncate text-sm font-medium text-slate-900" title={item.filename}>
          {item.filename}
        </span>
        <span className="block truncate text-xs text-slate-500">{meta.join(' · ')}</span>
      </span>
      {item.url ? (
        <a
          href={`${item.url}?download=1`}
          download={item.filename}
          aria-label={`Download ${item.filename}`}
          className="flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 ring-1 ring-slate-200 transition-colors hover:bg-white hover:text-slate-800 hover:ring-slate-300"
        >
          <DownloadIcon className="size-4" />
        </a>
      ) : (
        <span className="shrink-0 text-xs text-slate-400">Not available</span>
      )}
    </li>
  );
}

/** Documents (and voice messages) as cards with a download button, per age group. */
export function DocumentList({ groups }: { groups: AgeGroup<ContactMediaItem>[] }) {
  return (
    <>
      {groups.map((group) => (
        <div key={group.label} className="mb-3 last:mb-0" data-testid="media-group">
          <h5 className="mb-1 text-xs font-medium text-slate-500">{group.label}</h5>
          <ul className="-mx-2">
            {group.items.map((item) => (
              <DocumentRow key={item.id} item={item} />
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}
