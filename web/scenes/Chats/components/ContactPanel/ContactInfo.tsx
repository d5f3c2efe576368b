import { useQuery } from '@tanstack/react-query';
import { CalendarIcon, FileTextIcon, ImageIcon, MessagesSquareIcon, VideoIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { statsQuery } from '../../../../api/contactDetails';
import { formatFullDate } from '../../../../components/time';
import { formatContactDate } from './ageGroups';
import { Section } from './Section';

const count = new Intl.NumberFormat('en');

function plural(n: number, one: string, many: string): string {
  return n === 1 ? one : many;
}

function Row({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  return (
    <div className="flex items-center gap-3 py-1.5 text-sm">
      <span className="flex size-7 shrink-0 items-center justify-center rounded-md bg-slate-50 text-slate-500 ring-1 ring-slate-200/70">
        {icon}
      </span>
      <span className="flex-1 text-slate-600">{label}</span>
      <span className="font-medium text-slate-900 tabular-nums">{children}</span>
    </div>
  );
}

function MediaTile({
  icon,
  value,
  one,
  many,
}: {
  icon: ReactNode;
  value: number;
  one: string;
  many: string;
}) {
  return (
    <div className="flex flex-col items-start gap-1 rounded-lg bg-slate-50 px-3 py-2.5 ring-1 ring-slate-200/70">
      <span className="text-slate-400">{icon}</span>
      <span className="text-base leading-none font-semibold text-slate-900 tabular-nums">
        {count.format(value)}
      </span>
      <span className="text-xs text-slate-500">{plural(value, one, many)}</span>
    </div>
  );
}

/** Contact info (spec §2): first contact date, message count and media counts (audio counts as documents). */
export function ContactInfo({ contactId, now }: { contactId: string; now: number }) {
  const stats = useQuery(statsQuery(contactId));

  return (
    <Section title="Contact info" testId="contact-info">
      {stats.isPending ? (
        <div className="space-y-2" role="status" aria-busy="true" aria-label="Loading contact info">
          <div className="h-7 animate-pulse rounded-md bg-slate-100" />
          <div className="h-7 animate-pulse rounded-md bg-slate-100" />
          <div className="h-[74px] animate-pulse rounded-lg bg-slate-100" />
        </div>
      ) : stats.isError ? (
        <p className="flex items-center justify-between gap-3 rounded-lg bg-red-50 px-3 py-2.5 text-sm text-red-700">
          Couldn’t load contact info.
          <button
            type="button"
            onClick={() => void stats.refetch()}
            className="font-medium text-red-800 underline-offset-2 hover:underline"
          >
            Try again
          </button>
        </p>
      ) : (
        <>
          <Row icon={<CalendarIcon className="size-4" />} label="First contact">
            <time
              dateTime={stats.data.firstContactDate}
              title={formatFullDate(stats.data.firstContactDate)}
              data-testid="first-contact"
            >
              {formatContactDate(stats.data.firstContactDate, now)}
            </time>
          </Row>
          <Row icon={<MessagesSquareIcon className="size-4" />} label="Messages">
            <span data-testid="message-count">{count.format(stats.data.messageCount)}</span>
          </Row>
          <div className="mt-2.5 grid grid-cols-3 gap-2" data-testid="media-counts">
            <MediaTile
              icon={<ImageIcon className="size-4" />}
              value={stats.data.mediaCount.photos}
              one="Photo"
              many="Photos"
            />
            <MediaTile
              icon={<VideoIcon className="size-4" />}
              value={stats.data.mediaCount.videos}
              one="Video"
              many="Videos"
            />
            <MediaTile
              icon={<FileTextIcon className="size-4" />}
              value={stats.data.mediaCount.documents}
              one="Document"
              many="Documents"
            />
          </div>
        </>
      )}
    </Section>
  );
}
