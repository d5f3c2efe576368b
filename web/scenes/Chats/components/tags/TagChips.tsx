import type { TagSummary } from '@common/api/inbox';

/** Soft dot colours, picked by a stable hash of the tag id (a renamed tag keeps its colour). */
const DOTS = [
  'bg-emerald-500',
  'bg-sky-500',
  'bg-amber-500',
  'bg-rose-500',
  'bg-violet-500',
  'bg-teal-500',
  'bg-orange-500',
  'bg-indigo-500',
];

export function tagDotClass(id: string): string {
  let h = 0;
  for (let i = 0; i < id.length; i += 1) h = (h * 31 + id.charCodeAt(i)) | 0;
  return DOTS[Math.abs(h) % DOTS.length]!;
}

type TagChipProps = {
  tag: TagSummary;
  size?: 'xs' | 'sm';
  /** A remove button inside the chip (Manage Tags). */
  onRemove?: () => void;
};

export function TagChip({ tag, size = 'xs', onRemove }: TagChipProps) {
  return (
    <span
      data-testid="tag-chip"
      className={`inline-flex max-w-[140px] shrink-0 items-center gap-1 rounded-md bg-white font-medium text-slate-600 ring-1 ring-slate-200 ${
        size === 'xs' ? 'h-[18px] px-1.5 text-[10.5px]' : 'h-6 px-2 text-xs'
      }`}
    >
      <span aria-hidden="true" className={`size-1.5 shrink-0 rounded-full ${tagDotClass(tag.id)}`} />
      <span className="truncate">{tag.name}</span>
      {onRemove && (
        <button
          type="button"
          onClick={onRemove}
          aria-label={`Remove tag ${tag.name}`}
          className="-mr-1 ml-0.5 flex size-4 items-center justify-center rounded text-slate-400 hover:bg-slate-100 hover:text-slate-700"
        >
          <svg viewBox="0 0 12 12" aria-hidden="true" className="size-2.5" fill="none" stroke="currentColor">
            <path d="M3 3l6 6M9 3l-6 6" strokeWidth="1.6" strokeLinecap="round" />
          </svg>
        </button>
      )}
    </span>
  );
}

/** Up to `max` chips and '+N' for the rest (the full list in the tooltip). */
export function TagChips({
  tags,
  max = 2,
  size = 'xs',
}: {
  tags: readonly TagSummary[];
  max?: number;
  size?: 'xs' | 'sm';
}) {
  if (tags.length === 0) return null;
  const rest = tags.length - max;
  return (
    <span className="flex min-w-0 items-center gap-1" data-testid="tag-chips">
      {tags.slice(0, max).map((tag) => (
        <TagChip key={tag.id} tag={tag} size={size} />
      ))}
      {rest > 0 && (
        <span
          className={`shrink-0 rounded-md bg-slate-100 px-1.5 font-medium text-slate-500 ${size === 'xs' ? 'text-[10.5px] leading-[18px]' : 'text-xs leading-6'}`}
          title={tags
            .slice(max)
            .map((t) => t.name)
            .join(', ')}
        >
          +{rest}
        </span>
      )}
    </span>
  );
}
