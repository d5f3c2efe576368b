import { MessageSquareTextIcon } from 'lucide-react';
import { COPY } from '../../../copy';

export function ConversationEmptyState() {
  return (
    <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
      <div className="flex size-16 items-center justify-center rounded-2xl bg-white text-ink-700 shadow-card ring-1 ring-slate-200">
        <MessageSquareTextIcon className="size-8" />
      </div>
      <h2 className="mt-6 text-lg font-semibold tracking-tight text-slate-900">{COPY.selectContact}</h2>
      <p className="mt-1.5 text-sm text-slate-500">{COPY.chooseFromList}</p>
    </div>
  );
}
