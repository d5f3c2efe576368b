import { CheckIcon } from 'lucide-react';

type Step = 'profile' | 'connect';

const STEPS: { id: Step; label: string }[] = [
  { id: 'profile', label: 'Your profile' },
  { id: 'connect', label: 'Connect WhatsApp' },
];

/** "Step 1 of 2" indicator shared by onboarding and the connect screen. */
export function SetupSteps({ current }: { current: Step }) {
  const currentIndex = STEPS.findIndex((s) => s.id === current);
  return (
    <ol className="flex items-center gap-3 text-xs font-medium" aria-label="Setup progress">
      {STEPS.map((step, index) => {
        const isDone = index < currentIndex;
        const isCurrent = index === currentIndex;
        return (
          <li key={step.id} className="flex items-center gap-3" aria-current={isCurrent ? 'step' : undefined}>
            {index > 0 && (
              <span className={`h-px w-8 ${isDone || isCurrent ? 'bg-ink-300' : 'bg-slate-200'}`} />
            )}
            <span className="flex items-center gap-2">
              <span
                className={`flex size-5 items-center justify-center rounded-full text-[11px] ${
                  isDone
                    ? 'bg-brand-500 text-ink-950'
                    : isCurrent
                      ? 'bg-ink-900 text-white'
                      : 'bg-slate-100 text-slate-500 ring-1 ring-slate-200 ring-inset'
                }`}
              >
                {isDone ? <CheckIcon className="size-3" /> : index + 1}
              </span>
              <span className={isCurrent ? 'text-slate-900' : 'text-slate-500'}>{step.label}</span>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
