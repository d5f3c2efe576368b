import { BotIcon } from 'lucide-react';
import { Link } from 'react-router';

/**
 * On a message the AI bot sent: a small "AI bot" link to its settings (Marketing → AI Bots), as a
 * campaign's message names its campaign. Violet on the outgoing bubble's green keeps above 4.5:1.
 */
export function BotLabel() {
  return (
    <Link
      to="/app/marketing/bots"
      className="inline-flex max-w-full items-center gap-1 rounded-sm text-[11px] font-medium text-violet-800 outline-none hover:underline focus-visible:ring-2 focus-visible:ring-violet-700"
      data-testid="bot-label"
    >
      <BotIcon aria-hidden className="size-3.5 shrink-0" />
      <span>AI bot</span>
    </Link>
  );
}
