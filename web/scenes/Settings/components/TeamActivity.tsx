import { useQuery } from '@tanstack/react-query';
import { auditLogQuery } from '../../../api/team';
import { Spinner } from '../../../components/Spinner';
import { describeAuditEntry, timeAgo } from '../activity';

/** Who invited and removed whom, newest first (owners only; the server refuses others). */
export function TeamActivity() {
  const { data, isPending, isError } = useQuery(auditLogQuery);

  if (isPending) {
    return (
      <div className="flex justify-center py-10">
        <Spinner />
      </div>
    );
  }
  if (isError) return <p className="px-6 py-5 text-sm text-red-700">Failed to load the team activity.</p>;
  if (data.entries.length === 0) {
    return <p className="px-6 py-5 text-sm text-slate-500">Invitations and removals will show up here.</p>;
  }

  const now = Date.now();
  return (
    <ol className="divide-y divide-slate-100" aria-label="Team activity">
      {data.entries.slice(0, 10).map((entry) => {
        const { actor, text } = describeAuditEntry(entry);
        return (
          <li key={entry.id} className="flex items-baseline justify-between gap-4 px-6 py-3 text-sm">
            <p className="min-w-0 text-slate-700">
              <span className="font-medium text-slate-900">{actor}</span> {text}
            </p>
            <time dateTime={entry.createdAt} className="shrink-0 text-xs text-slate-400">
              {timeAgo(entry.createdAt, now)}
            </time>
          </li>
        );
      })}
    </ol>
  );
}
