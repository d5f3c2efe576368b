import type { InboxMessage } from '@common/api/inbox';
import { ImageIcon, PlayIcon, VideoIcon } from 'lucide-react';
import { useState } from 'react';
import { ImageLightbox, VideoModal } from '../../../../components/MediaViewer';
import { Spinner } from '../../../../components/Spinner';
import { COPY } from '../../../../copy';

type Props = { message: InboxMessage };

/** A box of fixed size while a file downloads or when it could not be fetched. */
function MediaPlaceholder({
  state,
  icon,
  label,
}: {
  state: 'pending' | 'failed';
  icon: React.ReactNode;
  label: string;
}) {
  return (
    <div className="flex h-[180px] w-[260px] max-w-full flex-col items-center justify-center gap-2 rounded-md bg-slate-900/[0.06] text-slate-500">
      {state === 'pending' ? <Spinner className="size-5" /> : icon}
      <span className="text-xs font-medium">{state === 'pending' ? COPY.downloading : label}</span>
    </div>
  );
}

/** A photo: a fixed-size thumbnail (no layout jump while it loads) that opens the lightbox. */
export function ImageBody({ message }: Props) {
  const [isOpen, setOpen] = useState(false);
  const [broken, setBroken] = useState(false);
  const media = message.media;
  const caption = message.body || null;
  const src = media?.url ?? null;
  if (media?.status !== 'ready' || !src || broken) {
    return (
      <MediaPlaceholder
        state={media?.status === 'pending' ? 'pending' : 'failed'}
        icon={<ImageIcon className="size-7" />}
        label={COPY.failedToLoadImage}
      />
    );
  }
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={caption ? `Photo: ${caption}` : 'Photo'}
        className="block overflow-hidden rounded-md bg-slate-200/60"
      >
        <img
          src={src}
          alt={caption ?? 'Photo'}
          loading="lazy"
          onError={() => setBroken(true)}
          className="h-[220px] w-[280px] max-w-full object-cover transition-opacity hover:opacity-95"
        />
      </button>
      <ImageLightbox
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        src={src}
        caption={caption}
        downloadUrl={media.url?.startsWith('/api/') ? `${media.url}?download=1` : null}
      />
    </>
  );
}

/** A video: its poster frame (or a dark tile) with a play button; plays in the video modal. */
export function VideoBody({ message }: Props) {
  const [isOpen, setOpen] = useState(false);
  const media = message.media;
  const caption = message.body || null;
  if (!media || (media.status !== 'ready' && message.direction === 'incoming')) {
    return (
      <MediaPlaceholder
        state={media?.status === 'pending' ? 'pending' : 'failed'}
        icon={<VideoIcon className="size-7" />}
        label={COPY.failedToLoadVideo}
      />
    );
  }
  const canPlay = Boolean(media.url) && media.status === 'ready';
  return (
    <>
      <button
        type="button"
        onClick={() => canPlay && setOpen(true)}
        aria-label={caption ? `Video: ${caption}` : 'Video'}
        className="relative block h-[180px] w-[280px] max-w-full overflow-hidden rounded-md bg-slate-800"
      >
        {media.thumbnailUrl ? (
          <img src={media.thumbnailUrl} alt="" className="absolute inset-0 size-full object-cover" />
        ) : (
          canPlay &&
          media.url && (
            // No poster was sent with it: let the browser show an early frame.
            <video
              src={`${media.url}#t=0.1`}
              preload="metadata"
              muted
              playsInline
              tabIndex={-1}
              aria-hidden="true"
              className="pointer-events-none absolute inset-0 size-full object-cover"
            />
          )
        )}
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-12 items-center justify-center rounded-full bg-black/50 text-white ring-1 ring-white/30 backdrop-blur-sm">
            <PlayIcon className="ml-0.5 size-6" />
          </span>
        </span>
      </button>
      {canPlay && media.url && (
        <VideoModal
          isOpen={isOpen}
          onClose={() => setOpen(false)}
          src={media.url}
          poster={media.thumbnailUrl}
          caption={caption}
          downloadUrl={media.url.startsWith('/api/') ? `${media.url}?download=1` : null}
        />
      )}
    </>
  );
}

/** A sticker: the picture itself, no bubble. */
export function StickerBody({ message }: Props) {
  const media = message.media;
  if (!media?.url || media.status !== 'ready') {
    return (
      <div className="flex size-32 items-center justify-center rounded-xl bg-white/60 text-xs text-slate-500">
        {media?.status === 'pending' ? <Spinner className="size-5" /> : 'Sticker'}
      </div>
    );
  }
  return (
    <img src={media.url} alt="Sticker" loading="lazy" className="size-32 object-contain drop-shadow-sm" />
  );
}
