import type { InboxMessage } from '@common/api/inbox';
import { CheckCheckIcon, CheckIcon, CircleAlertIcon, ClockIcon } from 'lucide-react';

const LABELS = {
  pending: 'Sending',
  sent: 'Sent',
  delivered: 'Delivered',
  read: 'Read',
  played: 'Played',
  failed: 'Failed',
} as const;

/**
 * Spec §4: pending a clock, sent one tick, delivered two grey ticks, read two blue ticks, failed a
 * red alert. Incoming messages show nothing.
 */
export function StatusIcon({ message }: { message: Pick<InboxMessage, 'direction' | 'status'> }) {
  if (message.direction !== 'outgoing') return null;
  const label = LABELS[message.status];
  const common = {
    role: 'img',
    'aria-hidden': false,
    'aria-label': label,
    'data-status': message.status,
  } as const;
  switch (message.status) {
    case 'pending':
      return <ClockIcon {...common} className="size-3.5 text-slate-400" />;
    case 'sent':
      return <CheckIcon {...common} className="h-3 w-4 text-slate-400" />;
    case 'delivered':
      return <CheckCheckIcon {...common} className="h-3 w-[18px] text-slate-400" />;
    case 'read':
    case 'played':
      return <CheckCheckIcon {...common} className="h-3 w-[18px] text-[#34a4e0]" />;
    case 'failed':
      return <CircleAlertIcon {...common} className="size-3.5 text-red-500" />;
    default:
      return null;
  }
}
