import { TriangleAlertIcon } from 'lucide-react';
import { Link } from 'react-router';
import { COPY } from '../../../copy';

/** Shown to owners whose WhatsApp token has expired: sending fails until they reconnect. */
export function ReconnectBanner() {
  return (
    <div
      role="status"
      className="flex shrink-0 items-center justify-center gap-3 border-b border-amber-200 bg-amber-50 px-4 py-2 text-sm text-amber-900"
    >
      <TriangleAlertIcon className="size-4 shrink-0 text-amber-500" />
      <span className="min-w-0">{COPY.connectExpired}</span>
      <Link
        to="/connect-facebook"
        className="shrink-0 rounded-md bg-amber-900/5 px-2.5 py-1 font-medium ring-1 ring-amber-900/15 transition-colors hover:bg-amber-900/10"
      >
        Reconnect
      </Link>
    </div>
  );
}
