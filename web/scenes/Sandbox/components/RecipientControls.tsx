import type { Settings } from '../api';
import { Switch } from './Switch';

type ShareKey = 'marketingLimitShare' | 'undeliverableShare' | 'readShare' | 'replyShare';

const SHARES: { key: ShareKey; label: string; hint: string }[] = [
  { key: 'marketingLimitShare', label: 'Fail: marketing limit', hint: 'failed with 131049' },
  { key: 'undeliverableShare', label: 'Fail: undeliverable', hint: 'failed with 131026' },
  { key: 'readShare', label: 'Read', hint: 'of those who got it' },
  { key: 'replyShare', label: 'Reply', hint: 'readers who answer' },
];

/**
 * How recipients of template messages behave (who fails, reads, replies: fixed per phone number) and
 * when statuses come back.
 */
export function RecipientControls({
  settings,
  set,
}: {
  settings: Settings | undefined;
  set: (patch: Partial<Settings>) => void;
}) {
  return (
    <div>
      <Switch
        label="Realistic status delays"
        description="Sent within a second, delivered 1–3 s later, read seconds to a minute later. Off: at once."
        checked={settings?.statusDelays === 'realistic'}
        disabled={!settings}
        onChange={(v) => set({ statusDelays: v ? 'realistic' : 'instant' })}
      />
      <div className="mt-1 space-y-2">
        {SHARES.map(({ key, label, hint }) => (
          <label key={key} className="flex items-center justify-between gap-3 text-sm text-slate-700">
            <span>
              {label}
              <span className="block text-xs text-slate-500">{hint}</span>
            </span>
            <span className="flex items-center gap-1.5">
              <input
                type="number"
                min={0}
                max={100}
                value={settings?.[key] ?? 0}
                disabled={!settings}
                onChange={(e) => set({ [key]: Math.max(0, Math.min(100, Number(e.target.value) || 0)) })}
                className="w-20 rounded-lg border-0 px-2 py-1 text-sm shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-[#00a884]"
                aria-label={`${label} (percent)`}
              />
              <span className="text-xs text-slate-500">%</span>
            </span>
          </label>
        ))}
      </div>
      <p className="mt-2 text-xs text-slate-500">
        Template messages only. The same phone number always behaves the same way, so a resend ends alike; a
        reply quotes the message a few seconds after it is read.
      </p>
    </div>
  );
}
