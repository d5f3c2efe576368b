import type { ContactMediaItem } from '@common/api/contact-details';
import { ImageIcon, PlayIcon, VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { ImageLightbox, VideoModal } from '../../../../components/MediaViewer';
import { formatFullDate } from '../../../../components/time';
import type { AgeGroup } from './ageGroups';

function Tile({ item, onOpen }: { item: ContactMediaItem; onOpen: () => void }) {
  const [broken, setBroken] = useState(false);
  const label = `${item.type === 'video' ? 'Video' : 'Photo'}, ${formatFullDate(item.createdAt)}`;
  if (!item.url) {
    // Still downloading from WhatsApp, or it could not be fetched.
    return (
      <div
        className="flex aspect-square items-center justify-center rounded-lg bg-slate-100 text-slate-400"
        title="Not available yet"
        role="img"
        aria-label={`${label} (not available yet)`}
      >
        {item.type === 'video' ? <VideoIcon className="size-5" /> : <ImageIcon className="size-5" />}
      </div>
    );
  }
  const preview = broken ? null : item.thumbnailUrl;
  return (
    <button
      type="button"
      onClick={onOpen}
      aria-label={label}
      title={formatFullDate(item.createdAt)}
      data-testid="media-tile"
      data-type={item.type}
      className="group relative block aspect-square overflow-hidden rounded-lg bg-slate-200 ring-1 ring-slate-900/5 focus-visible:outline-offset-1"
    >
      {preview ? (
        <img
          src={preview}
          alt=""
          loading="lazy"
          onError={() => setBroken(true)}
          className="size-full object-cover transition-transform duration-200 group-hover:scale-[1.04]"
        />
      ) : item.type === 'video' ? (
        // No preview was made for it: let the browser show an early frame.
        <video
          src={`${item.url}#t=0.1`}
          preload="metadata"
          muted
          playsInline
          tabIndex={-1}
          aria-hidden="true"
          className="pointer-events-none size-full bg-slate-800 object-cover"
        />
      ) : (
        <span className="flex size-full items-center justify-center text-slate-400">
          <ImageIcon className="size-5" />
        </span>
      )}
      <span className="absolute inset-0 bg-slate-950/0 transition-colors group-hover:bg-slate-950/10" />
      {item.type === 'video' && (
        <span className="absolute bottom-1 left-1 flex size-5 items-center justify-center rounded-full bg-black/55 text-white">
          <PlayIcon className="ml-px size-3" />
        </span>
      )}
    </button>
  );
}

/** Photos and videos in a 4-column grid per age group; a click opens the lightbox or the video modal. */
export function MediaGrid({ groups }: { groups: AgeGroup<ContactMediaItem>[] }) {
  const [open, setOpen] = useState<ContactMediaItem | null>(null);
  const close = () => setOpen(null);
  const url = open?.url ?? null;
  return (
    <>
      {groups.map((group) => (
        <div key={group.label} className="mb-4 last:mb-0" data-testid="media-group">
          <h5 className="mb-2 text-xs font-medium text-slate-500">{group.label}</h5>
          <div className="grid grid-cols-4 gap-1.5">
            {group.items.map((item) => (
              <Tile key={item.id} item={item} onOpen={() => setOpen(item)} />
            ))}
          </div>
        </div>
      ))}
      {url && open?.type === 'image' && (
        <ImageLightbox isOpen onClose={close} src={url} downloadUrl={`${url}?download=1`} />
      )}
      {url && open?.type === 'video' && (
        <VideoModal
          isOpen
          onClose={close}
          src={url}
          poster={open.thumbnailUrl}
          downloadUrl={`${url}?download=1`}
        />
      )}
    </>
  );
}
