import { WorkflowIcon } from 'lucide-react';
import { EmptyState } from '../../components/EmptyState';

export function SequenceBuilder() {
  return (
    <div className="rounded-2xl bg-white ring-1 ring-slate-200">
      <EmptyState
        icon={<WorkflowIcon className="size-7" />}
        badge="Coming soon"
        title="Sequence Builder"
        description="Send a series of follow-up messages automatically, timed to how each contact responds."
      />
    </div>
  );
}
