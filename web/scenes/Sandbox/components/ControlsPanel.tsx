import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ClockIcon, CopyIcon, KeyRoundIcon, PlusIcon } from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { Button } from '../../../components/Button';
import { type FailNextSends, type PhoneNumber, type Settings, type SignupResult, sandboxApi } from '../api';
import { formatOffset } from '../format';
import { RecipientControls } from './RecipientControls';
import { Switch } from './Switch';

function Card({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl bg-white shadow-card ring-1 ring-slate-200">
      <header className="border-b border-slate-100 px-4 py-3">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        {subtitle && <p className="text-xs text-slate-500">{subtitle}</p>}
      </header>
      <div className="px-4 py-3">{children}</div>
    </section>
  );
}

function CopyField({ label, value }: { label: string; value: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <div className="min-w-0">
      <p className="text-[11px] font-medium tracking-wide text-slate-500 uppercase">{label}</p>
      <div className="mt-0.5 flex items-center gap-1.5">
        <code className="min-w-0 flex-1 truncate rounded-md bg-slate-100 px-2 py-1 font-mono text-[12px] text-slate-700">
          {value}
        </code>
        <button
          type="button"
          onClick={() => {
            void navigator.clipboard?.writeText(value);
            setCopied(true);
            setTimeout(() => setCopied(false), 1200);
          }}
          className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          aria-label={`Copy ${label}`}
        >
          {copied ? (
            <span className="text-[11px] font-medium text-[#00a884]">Copied</span>
          ) : (
            <CopyIcon className="size-4" />
          )}
        </button>
      </div>
    </div>
  );
}

const FAILURES: { code: FailNextSends['code']; label: string; hint: string }[] = [
  { code: 429, label: '429', hint: 'HTTP 429, code 130429 rate limit' },
  { code: 500, label: '500', hint: 'HTTP 500, code 131000' },
  { code: 131047, label: '131047', hint: 'HTTP 400, re-engagement (window closed)' },
];

const STATUS_TONES: Record<string, string> = {
  APPROVED: 'bg-emerald-50 text-emerald-700 ring-emerald-200',
  PENDING: 'bg-amber-50 text-amber-700 ring-amber-200',
  REJECTED: 'bg-red-50 text-red-700 ring-red-200',
};

type Props = {
  phones: PhoneNumber[];
  phone: PhoneNumber | null;
  onSelectPhone: (id: string) => void;
  settings: Settings | undefined;
  now: string | undefined;
};

/** Meta's side of things: the business number, webhook switches, failing sends, the clock, templates. */
export function ControlsPanel({ phones, phone, onSelectPhone, settings, now }: Props) {
  const queryClient = useQueryClient();
  const [signup, setSignup] = useState<SignupResult | null>(null);
  const [token, setToken] = useState<string | null>(null);
  const [failCode, setFailCode] = useState<FailNextSends['code']>(429);
  const [failCount, setFailCount] = useState(1);

  const refreshSettings = () => queryClient.invalidateQueries({ queryKey: ['sandbox', 'settings'] });
  const update = useMutation({ mutationFn: sandboxApi.updateSettings, onSuccess: refreshSettings });
  const advance = useMutation({ mutationFn: sandboxApi.advanceClock, onSuccess: refreshSettings });
  const createBusiness = useMutation({
    mutationFn: () => sandboxApi.signup(),
    onSuccess: (result) => {
      setSignup(result);
      setToken(null);
      void queryClient.invalidateQueries({ queryKey: ['sandbox', 'phones'] });
      onSelectPhone(result.phoneNumber.id);
    },
  });
  const issueToken = useMutation({
    mutationFn: (phoneId: string) => sandboxApi.systemToken(phoneId),
    onSuccess: (result) => setToken(result.accessToken),
  });
  const templates = useQuery({
    queryKey: ['sandbox', 'templates', phone?.id],
    queryFn: () => sandboxApi.templates(phone!.id),
    enabled: Boolean(phone),
    refetchInterval: 2000,
  });

  const set = (patch: Partial<Settings>) => update.mutate(patch);
  const pending = settings?.failNextSends;

  return (
    <div className="space-y-5">
      <Card title="Business number" subtitle="What Meta's embedded signup created">
        {phones.length > 1 && (
          <select
            value={phone?.id ?? ''}
            onChange={(e) => onSelectPhone(e.target.value)}
            className="mb-3 block w-full rounded-lg border-0 bg-white py-2 pr-8 pl-3 text-sm text-slate-800 shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-[#00a884]"
            aria-label="Business number"
          >
            {phones.map((p) => (
              <option key={p.id} value={p.id}>
                {p.verifiedName} · {p.displayPhoneNumber}
              </option>
            ))}
          </select>
        )}
        {phone && (
          <div className="space-y-2.5">
            <div className="grid grid-cols-2 gap-2.5">
              <CopyField label="Phone number ID" value={phone.id} />
              <CopyField label="WABA ID" value={phone.wabaId} />
            </div>
            {token && <CopyField label="System-user token" value={token} />}
          </div>
        )}
        {signup && (
          <div className="mt-3 rounded-xl bg-emerald-50 p-3 ring-1 ring-emerald-200">
            <p className="text-xs font-medium text-emerald-800">
              Signup finished: exchange this code within 10 minutes, once.
            </p>
            <div className="mt-2">
              <CopyField label="Code" value={signup.code} />
            </div>
          </div>
        )}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            icon={<PlusIcon className="size-4" />}
            isLoading={createBusiness.isPending}
            onClick={() => createBusiness.mutate()}
          >
            New business
          </Button>
          {phone && (
            <Button
              size="sm"
              variant="ghost"
              icon={<KeyRoundIcon className="size-4" />}
              isLoading={issueToken.isPending}
              onClick={() => issueToken.mutate(phone.id)}
            >
              System-user token
            </Button>
          )}
        </div>
      </Card>

      <Card title="Webhook delivery" subtitle="Meta's habits, one switch each">
        <div className="divide-y divide-slate-100">
          <Switch
            label="Send each webhook twice"
            description="At-least-once delivery: every POST arrives a second time."
            checked={settings?.duplicateDeliveries ?? false}
            disabled={!settings}
            onChange={(v) => set({ duplicateDeliveries: v })}
          />
          <Switch
            label="Batch updates"
            description="Gather ~500 ms of updates into one POST with several entries and changes."
            checked={settings?.batchUpdates ?? false}
            disabled={!settings}
            onChange={(v) => set({ batchUpdates: v })}
          />
          <Switch
            label="Statuses out of order"
            description="Deliver ‘delivered’ before ‘sent’."
            checked={settings?.outOfOrderStatuses ?? false}
            disabled={!settings}
            onChange={(v) => set({ outOfOrderStatuses: v })}
          />
        </div>
      </Card>

      <Card title="Fail the next sends" subtitle="POST /messages answers with an error">
        <div className="flex items-center gap-2">
          <fieldset className="flex rounded-lg bg-slate-100 p-0.5" aria-label="Error to answer with">
            {FAILURES.map((f) => (
              <button
                key={f.code}
                type="button"
                aria-pressed={failCode === f.code}
                title={f.hint}
                onClick={() => setFailCode(f.code)}
                className={`rounded-md px-2.5 py-1 font-mono text-xs font-medium transition-colors ${
                  failCode === f.code
                    ? 'bg-white text-slate-900 shadow-sm'
                    : 'text-slate-500 hover:text-slate-800'
                }`}
              >
                {f.label}
              </button>
            ))}
          </fieldset>
          <input
            type="number"
            min={1}
            max={100}
            value={failCount}
            onChange={(e) => setFailCount(Math.max(1, Math.min(100, Number(e.target.value) || 1)))}
            className="w-16 rounded-lg border-0 px-2 py-1.5 text-sm shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-[#00a884]"
            aria-label="How many sends"
          />
          <Button
            size="sm"
            variant="primary"
            onClick={() => set({ failNextSends: { code: failCode, count: failCount } })}
          >
            Arm
          </Button>
        </div>
        <p className="mt-2 text-xs text-slate-500">
          {pending ? (
            <>
              Next <strong className="text-slate-800">{pending.count}</strong> send
              {pending.count === 1 ? '' : 's'} answer{' '}
              <strong className="text-slate-800">{pending.code}</strong>.{' '}
              <button
                type="button"
                className="font-medium text-[#026a99] hover:underline"
                onClick={() => set({ failNextSends: null })}
              >
                Clear
              </button>
            </>
          ) : (
            FAILURES.find((f) => f.code === failCode)?.hint
          )}
        </p>
      </Card>

      <Card title="Throughput" subtitle="Sends past the limit in one second answer 130429">
        <label className="flex items-center justify-between gap-3 text-sm text-slate-700">
          Messages per second
          <span className="flex items-center gap-1.5">
            <input
              type="number"
              min={1}
              max={10000}
              placeholder="No limit"
              value={settings?.messagesPerSecond ?? ''}
              onChange={(e) =>
                set({
                  messagesPerSecond:
                    e.target.value === '' ? null : Math.max(1, Math.min(10_000, Number(e.target.value) || 1)),
                })
              }
              className="w-24 rounded-lg border-0 px-2 py-1 text-sm shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-[#00a884]"
              aria-label="Messages per second"
            />
          </span>
        </label>
        <p className="mt-2 text-xs text-slate-500">
          Meta allows 80 a second per number by default, up to 1,000 on a higher tier. Empty: no limit.
        </p>
      </Card>

      <Card title="Recipients" subtitle="How people answer template messages">
        <RecipientControls settings={settings} set={set} />
      </Card>

      <Card title="Sandbox clock" subtitle="Webhook timestamps, the 24-hour window, token expiry">
        <div className="flex items-center gap-3">
          <span className="flex size-10 items-center justify-center rounded-full bg-slate-100 text-slate-600">
            <ClockIcon className="size-5" />
          </span>
          <div>
            <p className="text-sm font-semibold text-slate-900 tabular-nums" data-testid="sandbox-clock">
              {now
                ? new Date(now).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
                : '…'}
            </p>
            <p className="text-xs text-slate-500">{formatOffset(settings?.clockOffsetSeconds ?? 0)}</p>
          </div>
        </div>
        <div className="mt-3 flex flex-wrap gap-1.5">
          {[
            ['+1 h', 3600],
            ['+25 h', 25 * 3600],
            ['+7 d', 7 * 86_400],
          ].map(([label, seconds]) => (
            <Button
              key={label}
              size="sm"
              variant="secondary"
              onClick={() => advance.mutate(seconds as number)}
            >
              {label}
            </Button>
          ))}
          <Button
            size="sm"
            variant="ghost"
            disabled={!settings?.clockOffsetSeconds}
            onClick={() => set({ clockOffsetSeconds: 0 })}
          >
            Reset
          </Button>
        </div>
      </Card>

      <Card title="Templates" subtitle="Reviewed automatically; text containing REJECT is rejected">
        <label className="flex items-center justify-between gap-3 text-sm text-slate-700">
          Review takes
          <span className="flex items-center gap-1.5">
            <input
              type="number"
              min={0}
              max={86400}
              value={settings?.templateReviewSeconds ?? 5}
              onChange={(e) =>
                set({ templateReviewSeconds: Math.max(0, Math.min(86_400, Number(e.target.value) || 0)) })
              }
              className="w-16 rounded-lg border-0 px-2 py-1 text-sm shadow-xs ring-1 ring-slate-300 ring-inset focus:ring-2 focus:ring-[#00a884]"
              aria-label="Review seconds"
            />
            <span className="text-xs text-slate-500">seconds</span>
          </span>
        </label>
        <ul className="mt-3 space-y-1.5">
          {(templates.data?.templates ?? []).map((t) => (
            <li key={t.id} className="flex items-center justify-between gap-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                {t.headerSample?.kind === 'image' && (
                  <img
                    src={t.headerSample.url}
                    alt=""
                    className="size-6 shrink-0 rounded object-cover ring-1 ring-slate-200"
                  />
                )}
                {t.headerSample && t.headerSample.kind !== 'image' && (
                  <span className="shrink-0 rounded bg-slate-100 px-1 text-[10px] font-medium text-slate-500 uppercase">
                    {t.headerSample.kind}
                  </span>
                )}
                <span className="min-w-0 truncate font-mono text-[12.5px] text-slate-700">
                  {t.name}
                  <span className="ml-1.5 font-sans text-[11px] text-slate-400">{t.language}</span>
                </span>
              </span>
              <span
                className={`shrink-0 rounded-full px-2 py-0.5 text-[10.5px] font-semibold tracking-wide ring-1 ring-inset ${
                  STATUS_TONES[t.status] ?? 'bg-slate-50 text-slate-600 ring-slate-200'
                }`}
                title={t.rejectedReason ?? undefined}
              >
                {t.status}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </div>
  );
}
