import { useQuery } from '@tanstack/react-query';
import { FileTextIcon, ImageIcon } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { MEDIA_TAB_LIMIT, type MediaTab, mediaQuery, statsQuery } from '../../../../api/contactDetails';
import { groupByAge } from './ageGroups';
import { DocumentList } from './DocumentList';
import { MediaGrid } from './MediaGrid';
import { Section } from './Section';

const TABS: { id: MediaTab; label: string }[] = [
  { id: 'media', label: 'Media' },
  { id: 'docs', label: 'Docs' },
];

const EMPTY: Record<MediaTab, { title: string; text: string }> = {
  media: { title: 'No photos or videos yet', text: 'Photos and videos shared in this chat show up here.' },
  docs: { title: 'No documents yet', text: 'Documents and voice messages shared in this chat show up here.' },
};

/** The media and docs tabs (spec §2), grouped into This week, Last month and Earlier. */
export function MediaFiles({ contactId, now }: { contactId: string; now: number }) {
  const [tab, setTab] = useState<MediaTab>('media');
  const files = useQuery(mediaQuery(contactId, tab));
  const stats = useQuery(statsQuery(contactId));
  const groups = useMemo(() => groupByAge(files.data ?? [], now), [files.data, now]);
  const baseId = useId();

  const totals: Record<MediaTab, number | null> = stats.data
    ? {
        media: stats.data.mediaCount.photos + stats.data.mediaCount.videos,
        docs: stats.data.mediaCount.documents,
      }
    : { media: null, docs: null };
  const total = totals[tab];
  const shown = files.data?.length ?? 0;

  return (
    <Section title="Shared files" testId="contact-files">
      <div role="tablist" aria-label="Shared files" className="mb-3 flex gap-1 rounded-lg bg-slate-100 p-0.5">
        {TABS.map(({ id, label }) => {
          const selected = tab === id;
          return (
            <button
              key={id}
              type="button"
              role="tab"
              id={`${baseId}-${id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel`}
              onClick={() => setTab(id)}
              className={`flex h-8 flex-1 items-center justify-center gap-1.5 rounded-md text-[13px] font-medium transition-colors ${
                selected
                  ? 'bg-white text-slate-900 shadow-xs ring-1 ring-slate-900/5'
                  : 'text-slate-500 hover:text-slate-800'
              }`}
            >
              {label}
              {totals[id] !== null && (
                <span className={`text-xs tabular-nums ${selected ? 'text-slate-500' : 'text-slate-400'}`}>
                  {totals[id]}
                </span>
              )}
            </button>
          );
        })}
      </div>
      <div role="tabpanel" id={`${baseId}-panel`} aria-labelledby={`${baseId}-${tab}`}>
        {files.isPending ? (
          tab === 'media' ? (
            <div className="grid grid-cols-4 gap-1.5" aria-busy="true">
              {Array.from({ length: 8 }, (_, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have nothing else to key on
                <div key={i} className="aspect-square animate-pulse rounded-lg bg-slate-100" />
              ))}
            </div>
          ) : (
            <div className="space-y-2" aria-busy="true">
              <div className="h-12 animate-pulse rounded-lg bg-slate-100" />
              <div className="h-12 animate-pulse rounded-lg bg-slate-100" />
            </div>
          )
        ) : files.isError ? (
          <p className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700">
            Couldn’t load files.
            <button
              type="button"
              onClick={() => void files.refetch()}
              className="font-medium text-red-800 underline-offset-2 hover:underline"
            >
              Try again
            </button>
          </p>
        ) : groups.length === 0 ? (
          <div className="flex flex-col items-center rounded-lg border border-dashed border-slate-200 px-4 py-6 text-center">
            <span className="mb-2 flex size-9 items-center justify-center rounded-full bg-slate-100 text-slate-400">
              {tab === 'media' ? <ImageIcon className="size-4.5" /> : <FileTextIcon className="size-4.5" />}
            </span>
            <p className="text-sm font-medium text-slate-700">{EMPTY[tab].title}</p>
            <p className="mt-0.5 text-xs text-slate-500">{EMPTY[tab].text}</p>
          </div>
        ) : (
          <>
            {tab === 'media' ? <MediaGrid groups={groups} /> : <DocumentList groups={groups} />}
            {total !== null && total > shown && shown >= MEDIA_TAB_LIMIT && (
              <p className="mt-3 text-center text-xs text-slate-400">Showing the latest {shown}</p>
            )}
          </>
        )}
      </div>
    </Section>
  );
}
