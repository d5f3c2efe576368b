import { BotIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';

export function AiBots() {
  return (
    <div className="rounded-2xl bg-white ring-1 ring-slate-200">
      <EmptyState
        icon={<BotIcon className="size-7" />}
        badge="Coming soon"
        title="AI Bots"
        description="Let an AI assistant answer common questions around the clock and hand over to your team when it matters."
      />
    </div>
  );
}
