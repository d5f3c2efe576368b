import type { ReactNode } from 'react';
import { Alert } from '../../../../components/Alert';
import { Button } from '../../../../components/Button';

/**
 * One step of the campaign editor: its heading and words, its fields, the server's refusal (when the
 * last save or send was refused over this step) and Back / Continue.
 */
export function StepFrame({
  title,
  description,
  children,
  error,
  onBack,
  onContinue,
  continueLabel = 'Continue',
  busy = false,
  continueDisabled = false,
  aside,
  footer,
}: {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  error?: string | null;
  onBack?: () => void;
  onContinue: () => void;
  continueLabel?: string;
  busy?: boolean;
  continueDisabled?: boolean;
  /** Shown beside the fields on wide screens (a preview). */
  aside?: ReactNode;
  /** Shown under the fields and the aside, across the whole step. */
  footer?: ReactNode;
}) {
  return (
    <form
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:p-6"
      aria-labelledby="campaign-step-title"
      onSubmit={(event) => {
        event.preventDefault();
        if (!busy && !continueDisabled) onContinue();
      }}
      noValidate
    >
      <h3 id="campaign-step-title" className="text-base font-semibold text-slate-900">
        {title}
      </h3>
      {description && <p className="mt-1 text-sm text-slate-600">{description}</p>}
      <div className={`mt-5 ${aside ? 'grid gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]' : ''}`}>
        <div className="min-w-0 space-y-4">{children}</div>
        {aside && <div className="min-w-0">{aside}</div>}
      </div>
      {footer && <div className="mt-6 border-t border-slate-100 pt-5">{footer}</div>}
      {error && (
        <Alert className="mt-5" testId="campaign-step-error">
          {error}
        </Alert>
      )}
      <div className="mt-6 flex items-center justify-between gap-3 border-t border-slate-100 pt-5">
        {onBack ? (
          <Button variant="ghost" onClick={onBack} disabled={busy}>
            Back
          </Button>
        ) : (
          <span />
        )}
        <Button
          type="submit"
          variant="brand"
          isLoading={busy}
          loadingText="Saving…"
          disabled={continueDisabled}
          data-testid="campaign-continue"
        >
          {continueLabel}
        </Button>
      </div>
    </form>
  );
}
