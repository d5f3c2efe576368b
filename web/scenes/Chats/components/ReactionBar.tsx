import type { MessageReaction } from '@common/api/inbox';

type ReactionBarProps = {
  reactions: MessageReaction[];
  contactName: string;
  align: 'start' | 'end';
};

/** The reactions on a message, grouped by emoji, hanging below the bubble's edge. */
export function ReactionBar({ reactions, contactName, align }: ReactionBarProps) {
  if (reactions.length === 0) return null;
  const groups = new Map<string, MessageReaction[]>();
  for (const reaction of reactions)
    groups.set(reaction.emoji, [...(groups.get(reaction.emoji) ?? []), reaction]);
  const who = reactions
    .map((r) => (r.reactor === 'business' ? (r.sentBy ? `You (${r.sentBy.label})` : 'You') : contactName))
    .join(', ');
  return (
    <div
      className={`relative z-[1] -mt-2 flex ${align === 'end' ? 'justify-end pr-2' : 'justify-start pl-2'}`}
      data-testid="reactions"
    >
      <span
        title={who}
        className="inline-flex items-center gap-0.5 rounded-full bg-white px-1.5 py-0.5 text-[13px] leading-none shadow-sm ring-1 ring-slate-900/10"
      >
        {[...groups.entries()].map(([emoji, list]) => (
          <span key={emoji} className={list.some((r) => r.status === 'pending') ? 'opacity-60' : ''}>
            {emoji}
          </span>
        ))}
        {reactions.length > 1 && (
          <span className="ml-0.5 text-[11px] text-slate-500">{reactions.length}</span>
        )}
      </span>
    </div>
  );
}
