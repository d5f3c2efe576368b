import type { CampaignTimelinePoint } from '@common/api/campaign-sending';
import { formatCount } from '../format';

const W = 600;
const H = 160;

/**
 * A bucket's start as the axis reads it, in the team's time zone: '9:05 AM', or '9:05:30 AM' when the
 * buckets are shorter than a minute (a short campaign's first and last bucket share their minute).
 */
function clock(iso: string, timeZone: string, seconds = false): string {
  const style = seconds ? ('medium' as const) : ('short' as const);
  try {
    return new Intl.DateTimeFormat('en-US', { timeStyle: style, timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat('en-US', { timeStyle: style }).format(new Date(iso));
  }
}

/** The points of a series as an SVG path over the chart's box. */
function linePath(values: number[], max: number): string {
  const step = values.length > 1 ? W / (values.length - 1) : W;
  return values
    .map(
      (v, i) =>
        `${i === 0 ? 'M' : 'L'}${(values.length > 1 ? i * step : W / 2).toFixed(1)},${(H - (v / max) * (H - 8)).toFixed(1)}`,
    )
    .join(' ');
}

/**
 * Sends and reads per time bucket as two lines. The SVG is one image with a summary for screen
 * readers; the numbers themselves are in the table under "Show as table".
 */
export function TimelineChart({
  timeline,
  bucketSeconds,
  timeZone,
}: {
  timeline: CampaignTimelinePoint[];
  bucketSeconds: number;
  timeZone: string;
}) {
  const sent = timeline.map((p) => p.sent);
  const read = timeline.map((p) => p.read);
  const max = Math.max(1, ...sent, ...read);
  const totalSent = sent.reduce((a, b) => a + b, 0);
  const totalRead = read.reduce((a, b) => a + b, 0);
  const bucket = bucketSeconds >= 60 ? `${Math.round(bucketSeconds / 60)} minute` : `${bucketSeconds} second`;
  const summary =
    timeline.length === 0
      ? 'No sends yet.'
      : `${formatCount(totalSent)} sent and ${formatCount(totalRead)} read between ${clock(timeline[0]!.at, timeZone)} and ${clock(timeline.at(-1)!.at, timeZone)}, per ${bucket}; at most ${formatCount(max)} in one ${bucket}.`;
  return (
    <section
      aria-labelledby="timeline-title"
      className="rounded-2xl bg-white p-5 ring-1 ring-slate-200"
      data-testid="campaign-timeline"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="timeline-title" className="text-sm font-semibold text-slate-900">
          Sends and reads over time
        </h3>
        <ul className="flex gap-4 text-xs text-slate-700" aria-hidden="true">
          <li className="flex items-center gap-1.5">
            <span className="h-0.5 w-4 rounded bg-ink-700" /> Sent
          </li>
          <li className="flex items-center gap-1.5">
            <span className="h-0.5 w-4 rounded bg-brand-600" /> Read
          </li>
        </ul>
      </div>
      {timeline.length === 0 ? (
        <p className="mt-4 rounded-xl bg-slate-50 px-4 py-8 text-center text-sm text-slate-600">
          Sends and reads appear here once sending starts.
        </p>
      ) : (
        <>
          <div className="mt-4 flex gap-2">
            <div
              className="flex w-8 flex-col justify-between text-right text-[11px] text-slate-600 tabular-nums"
              aria-hidden="true"
            >
              <span>{formatCount(max)}</span>
              <span>0</span>
            </div>
            <svg
              viewBox={`0 0 ${W} ${H}`}
              preserveAspectRatio="none"
              className="h-40 w-full min-w-0 flex-1 overflow-visible"
              role="img"
              aria-label={`Chart of sends and reads over time. ${summary}`}
            >
              <line
                x1="0"
                y1={H}
                x2={W}
                y2={H}
                stroke="#cbd5e1"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
              <line
                x1="0"
                y1={H / 2}
                x2={W}
                y2={H / 2}
                stroke="#f1f5f9"
                strokeWidth="1"
                vectorEffect="non-scaling-stroke"
              />
              <path d={`${linePath(sent, max)} L${W},${H} L0,${H} Z`} fill="#175752" fillOpacity={0.08} />
              <path
                d={linePath(sent, max)}
                fill="none"
                stroke="#175752"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
              />
              <path
                d={linePath(read, max)}
                fill="none"
                stroke="#17b152"
                strokeWidth="2"
                vectorEffect="non-scaling-stroke"
                strokeLinejoin="round"
              />
            </svg>
          </div>
          <div className="mt-1 flex justify-between pl-10 text-[11px] text-slate-600" aria-hidden="true">
            <span>{clock(timeline[0]!.at, timeZone, bucketSeconds < 60)}</span>
            <span>{clock(timeline.at(-1)!.at, timeZone, bucketSeconds < 60)}</span>
          </div>
          <details className="mt-3 text-sm">
            <summary className="cursor-pointer font-medium text-ink-700 hover:text-ink-900">
              Show as table
            </summary>
            <div className="mt-2">
              <table className="w-full text-left text-sm">
                <caption className="sr-only">Sends and reads per {bucket}</caption>
                <thead className="text-xs text-slate-600">
                  <tr>
                    <th scope="col" className="py-1 font-medium">
                      From
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Sent
                    </th>
                    <th scope="col" className="py-1 text-right font-medium">
                      Read
                    </th>
                  </tr>
                </thead>
                <tbody className="tabular-nums">
                  {timeline.map((p) => (
                    <tr key={p.at} className="border-t border-slate-100">
                      <td className="py-1">{clock(p.at, timeZone, bucketSeconds < 60)}</td>
                      <td className="py-1 text-right">{formatCount(p.sent)}</td>
                      <td className="py-1 text-right">{formatCount(p.read)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </details>
        </>
      )}
    </section>
  );
}
