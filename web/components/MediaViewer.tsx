import { DownloadIcon, XIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Dialog } from 'react-aria-components';
import { ModalFrame } from '../ui/Dialog';

type ViewerProps = {
  isOpen: boolean;
  onClose: () => void;
  /** For screen readers: 'Photo', 'Video'. */
  label: string;
  caption?: string | null;
  downloadUrl?: string | null;
  children: ReactNode;
};

const CONTROL =
  'pointer-events-auto rounded-full p-2.5 text-white/80 outline-none hover:bg-white/10 hover:text-white focus-visible:ring-2 focus-visible:ring-white/70';

/**
 * A dark full-screen viewer: Escape, the close button or a click beside the media closes it. The
 * panel lets clicks through where nothing is drawn, so React Aria sees them land on the backdrop.
 */
function MediaViewer({ isOpen, onClose, label, caption, downloadUrl, children }: ViewerProps) {
  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={onClose}
      isDismissable
      overlayClassName="fixed inset-0 z-50 bg-slate-950/92 data-[entering]:animate-fade-in"
      className="pointer-events-none fixed inset-0"
    >
      <Dialog aria-label={label} className="flex h-full flex-col outline-none">
        <div className="flex items-center justify-end gap-1 p-3">
          {downloadUrl && (
            <a href={downloadUrl} download aria-label="Download" className={CONTROL}>
              <DownloadIcon className="size-5" />
            </a>
          )}
          <button type="button" onClick={onClose} aria-label="Close" className={CONTROL}>
            <XIcon className="size-5" />
          </button>
        </div>
        <div className="flex min-h-0 flex-1 items-center justify-center px-6 pb-6 [&>*]:pointer-events-auto">
          {children}
        </div>
        {caption && (
          <p className="pointer-events-auto mx-auto mb-6 max-w-2xl px-6 text-center text-sm whitespace-pre-wrap text-white/90">
            {caption}
          </p>
        )}
      </Dialog>
    </ModalFrame>
  );
}

type MediaProps = {
  isOpen: boolean;
  onClose: () => void;
  src: string;
  caption?: string | null;
  downloadUrl?: string | null;
};

/** The image lightbox (spec §2 media viewers). */
export function ImageLightbox({ src, caption, ...props }: MediaProps) {
  return (
    <MediaViewer label="Photo" caption={caption} {...props}>
      <img
        src={src}
        alt={caption || 'Photo'}
        className="max-h-full max-w-full rounded-lg object-contain shadow-2xl"
      />
    </MediaViewer>
  );
}

/** The video modal; it closes on Escape (spec §2). */
export function VideoModal({ src, caption, ...props }: MediaProps & { poster?: string | null }) {
  return (
    <MediaViewer label="Video" caption={caption} {...props}>
      {/* biome-ignore lint/a11y/useMediaCaption: customer videos come without caption tracks */}
      <video
        src={src}
        poster={props.poster ?? undefined}
        controls
        autoPlay
        className="max-h-full max-w-full rounded-lg bg-black shadow-2xl"
      />
    </MediaViewer>
  );
}
