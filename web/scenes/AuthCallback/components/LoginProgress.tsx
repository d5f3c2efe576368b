export type LoginStep = 'initializing' | 'checking' | 'extracting' | 'setting' | 'complete';

export const LOGIN_STEPS: { id: LoginStep; label: string; percent: number }[] = [
  { id: 'initializing', label: 'Initializing', percent: 10 },
  { id: 'checking', label: 'Checking session', percent: 25 },
  { id: 'extracting', label: 'Extracting tokens', percent: 40 },
  { id: 'setting', label: 'Setting session', percent: 55 },
  { id: 'complete', label: 'Complete', percent: 100 },
];

/** The progress bar and step list of the login finalisation page. */
export function LoginProgress({ step }: { step: LoginStep }) {
  const currentIndex = LOGIN_STEPS.findIndex((s) => s.id === step);
  const current = LOGIN_STEPS[currentIndex] ?? LOGIN_STEPS[0]!;
  return (
    <div>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-900">{current.label}</span>
        <span className="tabular-nums text-slate-500">{current.percent}%</span>
      </div>
      <div
        className="mt-2 h-2 overflow-hidden rounded-full bg-slate-100"
        role="progressbar"
        aria-label="Login progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={current.percent}
      >
        <div
          className="h-full rounded-full bg-brand-500 transition-[width] duration-500"
          style={{ width: `${current.percent}%` }}
        />
      </div>
      <ol className="mt-5 space-y-2">
        {LOGIN_STEPS.map((s, index) => (
          <li
            key={s.id}
            className={`flex items-center gap-2.5 text-sm ${index <= currentIndex ? 'text-slate-800' : 'text-slate-400'}`}
          >
            <span
              className={`size-2 rounded-full ${index < currentIndex || step === 'complete' ? 'bg-brand-500' : index === currentIndex ? 'animate-pulse bg-ink-700' : 'bg-slate-200'}`}
            />
            {s.label}
          </li>
        ))}
      </ol>
    </div>
  );
}
