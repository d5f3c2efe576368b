import { CheckIcon, ShieldCheckIcon, XIcon } from 'lucide-react';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { Dialog, Heading } from 'react-aria-components';
import { Button } from '../../../components/Button';
import { FacebookIcon } from '../../../components/FacebookLogo';
import { LogoMark } from '../../../components/Logo';
import { COPY } from '../../../copy';
import { ModalFrame } from '../../../ui/Dialog';

type SandboxSignupDialogProps = {
  isOpen: boolean;
  isSubmitting: boolean;
  defaultBusinessName: string;
  onFinish: (businessName: string) => void;
  /** Closing the window any way but Finish is a CANCEL, as with Meta's window. */
  onCancel: () => void;
};

const STEPS = ['Business portfolio', 'WhatsApp profile', 'Phone number'] as const;
const CURRENT_STEP = 1;

/**
 * The sandbox's stand-in for Meta's embedded signup window: laid out like Facebook's popup (its
 * chrome, the two logos, the step list, blue Finish), clearly marked as the sandbox.
 */
export function SandboxSignupDialog({
  isOpen,
  isSubmitting,
  defaultBusinessName,
  onFinish,
  onCancel,
}: SandboxSignupDialogProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [businessName, setBusinessName] = useState(defaultBusinessName);

  useEffect(() => {
    if (isOpen) setBusinessName(defaultBusinessName);
  }, [isOpen, defaultBusinessName]);

  // The name is ready to be typed over.
  useEffect(() => {
    if (isOpen) inputRef.current?.select();
  }, [isOpen]);

  const handleSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (!isSubmitting) onFinish(businessName);
  };

  // Escape and a click beside the window are a CANCEL too, unless the signup is already being finished.
  return (
    <ModalFrame
      isOpen={isOpen}
      onClose={onCancel}
      isDismissable={!isSubmitting}
      isKeyboardDismissDisabled={isSubmitting}
      overlayClassName="fixed inset-0 z-50 flex items-center justify-center bg-slate-950/50 p-4 backdrop-blur-[2px] data-[entering]:animate-fade-in"
      className="relative w-full max-w-[520px] overflow-hidden rounded-xl bg-white shadow-pop ring-1 ring-slate-900/10 data-[entering]:animate-pop-in"
    >
      <Dialog data-testid="sandbox-signup" className="outline-none">
        {/* The popup window's chrome, as the browser would draw Facebook's. */}
        <div className="flex items-center gap-3 border-b border-slate-200 bg-slate-100 px-3 py-2">
          <span className="flex gap-1.5" aria-hidden="true">
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
            <span className="size-2.5 rounded-full bg-slate-300" />
          </span>
          <span className="flex min-w-0 flex-1 items-center gap-2 rounded-md bg-white px-2.5 py-1 text-xs text-slate-500 ring-1 ring-slate-200">
            <ShieldCheckIcon className="size-3.5 shrink-0 text-slate-400" />
            <span className="truncate">Switchboard sandbox · embedded signup</span>
          </span>
          <span className="rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold tracking-wide text-amber-800 uppercase ring-1 ring-amber-300 ring-inset">
            Sandbox
          </span>
          <button
            type="button"
            onClick={onCancel}
            disabled={isSubmitting}
            className="rounded p-0.5 text-slate-400 transition-colors hover:bg-slate-200 hover:text-slate-600"
            aria-label="Close"
          >
            <XIcon className="size-4" />
          </button>
        </div>

        <form onSubmit={handleSubmit} noValidate>
          <div className="px-5 pt-6 pb-6 sm:px-7 sm:pt-7">
            <div className="flex items-center justify-center gap-3" aria-hidden="true">
              <span className="flex size-10 items-center justify-center rounded-xl bg-[#1877F2] shadow-sm">
                <FacebookIcon className="size-7 text-white" />
              </span>
              <span className="flex gap-1">
                <span className="size-1 rounded-full bg-slate-300" />
                <span className="size-1 rounded-full bg-slate-300" />
                <span className="size-1 rounded-full bg-slate-300" />
              </span>
              <LogoMark className="size-10 rounded-xl shadow-sm" />
            </div>
            <Heading
              slot="title"
              className="mt-5 text-center text-lg font-semibold sm:text-xl tracking-tight text-[#1c1e21]"
            >
              Connect your WhatsApp Business account to Switchboard
            </Heading>
            <p className="mx-auto mt-2 max-w-sm text-center text-sm leading-6 text-[#606770]">
              This window stands in for Facebook's signup. It creates a test business number in the built-in
              sandbox: no Meta account, nothing leaves this server.
            </p>

            <ol className="mt-6 flex items-center justify-center gap-2 text-xs" aria-label="Signup steps">
              {STEPS.map((step, index) => (
                <li key={step} className="flex items-center gap-2">
                  {index > 0 && <span className="h-px w-5 bg-slate-300" aria-hidden="true" />}
                  <span
                    className={`flex items-center gap-1.5 ${index === CURRENT_STEP ? 'font-semibold text-[#1c1e21]' : 'text-[#606770]'}`}
                    aria-current={index === CURRENT_STEP ? 'step' : undefined}
                  >
                    <span
                      className={`flex size-4 items-center justify-center rounded-full text-[10px] ${
                        index < CURRENT_STEP
                          ? 'bg-[#1877F2] text-white'
                          : index === CURRENT_STEP
                            ? 'ring-2 ring-[#1877F2] text-[#1877F2] ring-inset'
                            : 'ring-1 ring-slate-300 ring-inset'
                      }`}
                    >
                      {index < CURRENT_STEP ? <CheckIcon className="size-2.5" /> : index + 1}
                    </span>
                    <span className={index === CURRENT_STEP ? '' : 'sr-only sm:not-sr-only'}>{step}</span>
                  </span>
                </li>
              ))}
            </ol>

            <div className="mt-6 space-y-4">
              <div>
                <label htmlFor={inputId} className="text-[13px] font-semibold text-[#1c1e21]">
                  Business name
                </label>
                <input
                  ref={inputRef}
                  // The window opens on its one field, as Facebook's does.
                  autoFocus
                  id={inputId}
                  name="businessName"
                  value={businessName}
                  onChange={(event) => setBusinessName(event.target.value)}
                  maxLength={120}
                  placeholder="My Team"
                  autoComplete="organization"
                  className="mt-1.5 block w-full rounded-md border border-[#ccd0d5] bg-white px-3 py-2 text-sm text-[#1c1e21] placeholder:text-[#8a8d91] focus:border-[#1877F2] focus:ring-2 focus:ring-[#1877F2]/25 focus:outline-none"
                />
                <p className="mt-1.5 text-xs text-[#606770]">
                  Becomes the number's display name and your team's name.
                </p>
              </div>
              <div className="flex items-center gap-3 rounded-md bg-[#f0f2f5] px-3.5 py-3 text-sm">
                <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-white text-brand-600 ring-1 ring-slate-200">
                  <CheckIcon className="size-4" />
                </span>
                <span className="leading-5 text-[#1c1e21]">
                  <span className="font-medium">Phone number</span>
                  <span className="block text-xs text-[#606770]">
                    A new verified test number is created for you.
                  </span>
                </span>
              </div>
            </div>
          </div>

          <div className="flex items-center justify-between gap-3 border-t border-[#dadde1] bg-[#f5f6f7] px-5 py-3">
            <span className="text-xs text-[#606770]">Sandbox · not Facebook</span>
            <div className="flex gap-2">
              <Button type="button" variant="secondary" onClick={onCancel} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" variant="facebook" isLoading={isSubmitting} loadingText={COPY.connecting}>
                Finish
              </Button>
            </div>
          </div>
        </form>
      </Dialog>
    </ModalFrame>
  );
}
