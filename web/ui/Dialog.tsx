import { XIcon } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Dialog as AriaDialog, Heading, Modal, ModalOverlay } from 'react-aria-components';

export type DialogProps = {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Tailwind max-width class for the panel. */
  widthClass?: string;
  /** A large icon above the title; the header is then centred (used for confirmations). */
  icon?: ReactNode;
  /** `alertdialog` for a question that interrupts (a confirmation): no outside click closes it. */
  role?: 'dialog' | 'alertdialog';
  /** False while a step is running, so neither Escape nor the backdrop nor × can close it. */
  isDismissable?: boolean;
  /** Hides the × button (a flow that must end with one of its own buttons). */
  hideCloseButton?: boolean;
  testId?: string;
};

type ModalFrameProps = {
  isOpen: boolean;
  onClose: () => void;
  /** Whether a click on the backdrop closes it (Escape is governed by `isKeyboardDismissDisabled`). */
  isDismissable: boolean;
  isKeyboardDismissDisabled?: boolean;
  /** Classes of the backdrop, which also lays the panel out. */
  overlayClassName: string;
  /** Classes of the panel. */
  className: string;
  children: ReactNode;
};

/**
 * React Aria's modal overlay and panel, for dialogs with a look of their own; the others use `Dialog`.
 * The overlay is marked `data-modal`: React Aria sets no `aria-modal` (it makes the rest of the page
 * inert instead), so code that leaves Escape or outside clicks to an open modal looks for
 * `[data-modal]`.
 */
export function ModalFrame({
  isOpen,
  onClose,
  isDismissable,
  isKeyboardDismissDisabled = false,
  overlayClassName,
  className,
  children,
}: ModalFrameProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
      isDismissable={isDismissable}
      isKeyboardDismissDisabled={isKeyboardDismissDisabled}
      data-modal=""
      className={overlayClassName}
    >
      <Modal className={className}>{children}</Modal>
    </ModalOverlay>
  );
}

/**
 * The app's dialog, on React Aria: focus moves in and stays inside, Escape and (unless it is an alert
 * dialog) a click on the backdrop close it, the page behind neither scrolls nor reads to a screen
 * reader, and focus goes back to what opened it.
 */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  widthClass = 'max-w-md',
  icon,
  role = 'dialog',
  isDismissable = true,
  hideCloseButton = false,
  testId,
}: DialogProps) {
  const descriptionId = useId();
  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={onClose}
      isDismissable={isDismissable && role === 'dialog'}
      isKeyboardDismissDisabled={!isDismissable}
      overlayClassName="fixed inset-0 z-50 flex items-end justify-center bg-slate-950/40 p-4 backdrop-blur-[2px] data-[entering]:animate-fade-in sm:items-center"
      className={`relative max-h-[calc(100dvh-2rem)] w-full ${widthClass} overflow-y-auto rounded-2xl bg-white shadow-pop ring-1 ring-slate-900/5 data-[entering]:animate-pop-in`}
    >
      <AriaDialog
        role={role}
        data-testid={testId}
        aria-describedby={description ? descriptionId : undefined}
        className="relative p-6 outline-none"
      >
        {!hideCloseButton && (
          <button
            type="button"
            onClick={onClose}
            disabled={!isDismissable}
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-700 disabled:opacity-40"
            aria-label="Close"
          >
            <XIcon className="size-5" />
          </button>
        )}
        {icon && <div className="mb-4 flex justify-center pt-2">{icon}</div>}
        <Heading
          slot="title"
          className={`text-lg font-semibold tracking-tight text-slate-900 ${icon ? 'px-8 text-center' : 'pr-8'}`}
        >
          {title}
        </Heading>
        {description && (
          <div id={descriptionId} className={`mt-1.5 text-sm text-slate-600 ${icon ? 'text-center' : ''}`}>
            {description}
          </div>
        )}
        {children && <div className="mt-5">{children}</div>}
      </AriaDialog>
    </ModalFrame>
  );
}
