import { CheckIcon, CircleAlertIcon } from 'lucide-react';
import { STEPS, type StepId } from './steps';

/** A step may be opened once every step before it is done (schedule has a default: now). */
export function reachable(id: StepId, done: Set<StepId>): boolean {
  const index = STEPS.findIndex((s) => s.id === id);
  return STEPS.slice(0, index).every((s) => s.id === 'schedule' || done.has(s.id));
}

/** The editor's steps as a list of buttons: done ones ticked, refused ones marked, later ones closed. */
export function Stepper({
  current,
  done,
  errors,
  onOpen,
}: {
  current: StepId;
  done: Set<StepId>;
  errors: Partial<Record<StepId, string>>;
  onOpen: (id: StepId) => void;
}) {
  return (
    <nav aria-label="Campaign steps">
      <ol className="flex flex-wrap gap-1.5 lg:flex-col lg:gap-1" data-testid="campaign-stepper">
        {STEPS.map((step, i) => {
          const isCurrent = step.id === current;
          const error = errors[step.id];
          const open = reachable(step.id, done) || isCurrent;
          const mark = error ? (
            <CircleAlertIcon className="size-4 text-red-600" aria-hidden="true" />
          ) : done.has(step.id) && !isCurrent ? (
            <CheckIcon className="size-3.5" aria-hidden="true" />
          ) : (
            <span aria-hidden="true">{i + 1}</span>
          );
          return (
            <li key={step.id}>
              <button
                type="button"
                onClick={() => onOpen(step.id)}
                disabled={!open}
                aria-current={isCurrent ? 'step' : undefined}
                className={`flex w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-left text-sm font-medium transition-colors disabled:cursor-not-allowed ${
                  isCurrent
                    ? 'bg-ink-50 text-ink-900 ring-1 ring-ink-200'
                    : open
                      ? 'text-slate-700 hover:bg-slate-100'
                      : 'text-slate-500'
                }`}
              >
                <span
                  className={`flex size-6 shrink-0 items-center justify-center rounded-full text-xs font-semibold ${
                    error
                      ? 'bg-red-50'
                      : isCurrent
                        ? 'bg-ink-800 text-white'
                        : done.has(step.id)
                          ? 'bg-brand-100 text-brand-900'
                          : 'bg-slate-100 text-slate-600'
                  }`}
                >
                  {mark}
                </span>
                {step.label}
                {error && <span className="sr-only"> (needs attention)</span>}
                {done.has(step.id) && !error && <span className="sr-only"> (done)</span>}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
