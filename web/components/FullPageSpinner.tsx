import { Spinner } from './Spinner';

/** The whole-screen loading state while the session or a lazy page loads. */
export function FullPageSpinner({ label = 'Loading' }: { label?: string }) {
  return (
    <div className="flex min-h-dvh items-center justify-center bg-slate-50" data-testid="page-spinner">
      <Spinner className="size-8 text-ink-700" label={label} />
    </div>
  );
}
