import { DownloadIcon, XIcon } from 'lucide-react';
import { type ReactNode, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../hooks/useDialogFocus';

type ViewerProps = {
  isOpen: boolean;
  onClose: () => void;
  /** For screen readers: 'Photo', 'Video'. */
  label: string;
  caption?: string | null;
  downloadUrl?: string | null;
  children: ReactNode;
};

/** A dark full-screen viewer: Escape, the close button or a click beside the media closes it. */
function MediaViewer({ isOpen, onClose, label, caption, downloadUrl, children }: ViewerProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(isOpen, panelRef, onClose);
  if (!isOpen) return null;
  return createPortal(
    <div
      ref={panelRef}
      role="dialog"
      aria-modal="true"
      aria-label={label}
      tabIndex={-1}
      className="fixed inset-0 z-50 flex animate-fade-in flex-col bg-slate-950/92 outline-none"
    >
      <div className="flex items-center justify-end gap-1 p-3">
        {downloadUrl && (
          <a
            href={downloadUrl}
            download
            aria-label="Download"
            className="rounded-full p-2.5 text-white/80 hover:bg-white/10 hover:text-white"
          >
            <DownloadIcon className="size-5" />
          </a>
        )}
        <button
          type="button"
          onClick={onClose}
          aria-label="Close"
          className="rounded-full p-2.5 text-white/80 hover:bg-white/10 hover:text-white"
        >
          <XIcon className="size-5" />
        </button>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: Escape and the close button are the keyboard path */}
      {/* biome-ignore lint/a11y/noStaticElementInteractions: a click beside the media closes the viewer */}
      <div
        className="flex min-h-0 flex-1 items-center justify-center px-6 pb-6"
        onClick={(event) => {
          if (event.target === event.currentTarget) onClose();
        }}
      >
        {children}
      </div>
      {caption && (
        <p className="mx-auto mb-6 max-w-2xl px-6 text-center text-sm whitespace-pre-wrap text-white/90">
          {caption}
        </p>
      )}
    </div>,
    document.body,
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
