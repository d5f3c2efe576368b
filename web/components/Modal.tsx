import { XIcon } from 'lucide-react';
import { type ReactNode, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { useDialogFocus } from '../hooks/useDialogFocus';

type ModalProps = {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Tailwind max-width class for the panel. */
  widthClass?: string;
  /** A large icon above the title; the header is then centred (used for confirmations). */
  icon?: ReactNode;
};

/** An accessible dialog: focus moves in and is kept inside, Escape and the backdrop close it. */
export function Modal({
  isOpen,
  onClose,
  title,
  description,
  children,
  widthClass = 'max-w-md',
  icon,
}: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  useDialogFocus(isOpen, panelRef, onClose);

  if (!isOpen) return null;

  return createPortal(
    <div className="fixed inset-0 z-50 flex items-end justify-center p-4 sm:items-center">
      <div
        className="absolute inset-0 animate-fade-in bg-slate-950/40 backdrop-blur-[2px]"
        aria-hidden="true"
        onClick={onClose}
      />
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={`relative w-full ${widthClass} animate-pop-in rounded-2xl bg-white p-6 shadow-pop ring-1 ring-slate-900/5 outline-none`}
      >
        <button
          type="button"
          onClick={onClose}
          className="absolute top-4 right-4 rounded-md p-1 text-slate-400 transition-colors hover:bg-slate-100 hover:text-slate-600"
          aria-label="Close"
        >
          <XIcon className="size-5" />
        </button>
        {icon && <div className="mb-4 flex justify-center pt-2">{icon}</div>}
        <h2
          id={titleId}
          className={`text-lg font-semibold tracking-tight text-slate-900 ${icon ? 'px-8 text-center' : 'pr-8'}`}
        >
          {title}
        </h2>
        {description && (
          <div id={descriptionId} className={`mt-1.5 text-sm text-slate-600 ${icon ? 'text-center' : ''}`}>
            {description}
          </div>
        )}
        {children && <div className="mt-5">{children}</div>}
      </div>
    </div>,
    document.body,
  );
}
