import {
  type EmojiPickerListCategoryHeaderProps,
  type EmojiPickerListEmojiProps,
  type EmojiPickerListRowProps,
  EmojiPicker as Picker,
} from 'frimousse';
import { useMemo, useRef, useState } from 'react';
import { createEmojiResolver, readRecentEmoji, rememberEmoji } from './emojiData';
import { Spinner } from './Spinner';

/** Spec §9: 8 columns, 320 px wide, 11 category tabs, keyword search. */
export const EMOJI_COLUMNS = 8;

/** One icon per category tab, in the order of the data (Recent first). */
const TABS = [
  { label: 'Recent', icon: '🕘' },
  { label: 'Smileys & emotion', icon: '😀' },
  { label: 'People & body', icon: '👋' },
  { label: 'Components', icon: '🏽' },
  { label: 'Animals & nature', icon: '🐻' },
  { label: 'Food & drink', icon: '🍔' },
  { label: 'Travel & places', icon: '✈️' },
  { label: 'Activities', icon: '⚽' },
  { label: 'Objects', icon: '💡' },
  { label: 'Symbols', icon: '🔣' },
  { label: 'Flags', icon: '🏁' },
];

function CategoryHeader({ category, ...props }: EmojiPickerListCategoryHeaderProps) {
  return (
    <div
      className="bg-white/95 px-3 pt-2.5 pb-1 text-[11px] font-semibold tracking-wide text-slate-500 uppercase"
      {...props}
    >
      {category.label}
    </div>
  );
}

function Row({ children, ...props }: EmojiPickerListRowProps) {
  return (
    <div className="scroll-my-1.5 px-1.5" {...props}>
      {children}
    </div>
  );
}

function Emoji({ emoji, ...props }: EmojiPickerListEmojiProps) {
  return (
    <button
      type="button"
      className="flex size-9 items-center justify-center rounded-lg text-[22px] data-[active]:bg-slate-100"
      {...props}
    >
      {emoji.emoji}
    </button>
  );
}

const LIST_COMPONENTS = { CategoryHeader, Row, Emoji };

type EmojiPickerProps = {
  onSelect: (emoji: string) => void;
  className?: string;
  /** Focus the search on mount, so the keyboard can start at once (arrows, Enter). */
  autoFocus?: boolean;
};

function cssPixels(element: HTMLElement | null, name: string): number {
  if (!element) return 0;
  return Number.parseFloat(getComputedStyle(element).getPropertyValue(name)) || 0;
}

/**
 * The composer's emoji picker (frimousse): search, 11 category tabs that jump to their section,
 * 8 columns, 320 px. Picks go to the front of the recent list. By keyboard: from the search, the
 * arrows move through the grid and Enter picks the highlighted emoji; Escape is the popover's.
 */
export function EmojiPicker({ onSelect, className = '', autoFocus = false }: EmojiPickerProps) {
  // A fresh resolver per opening, so 'Recent' shows this session's picks.
  const recent = useMemo(() => readRecentEmoji(), []);
  const resolver = useMemo(() => createEmojiResolver(recent), [recent]);
  const rootRef = useRef<HTMLDivElement>(null);
  const viewportRef = useRef<HTMLDivElement>(null);
  const [active, setActive] = useState(0);
  const [search, setSearch] = useState('');

  /** frimousse places each category block absolutely at its own top inside the list sizer. */
  const categoryBlocks = () =>
    Array.from(
      rootRef.current?.querySelectorAll<HTMLElement>('[frimousse-list-sizer] > [frimousse-category]') ?? [],
    );

  const jumpTo = (index: number) => {
    if (search) setSearch('');
    setActive(index);
    // After a cleared search the full list renders on the next frame.
    requestAnimationFrame(() => {
      const block = categoryBlocks()[index];
      if (block && viewportRef.current)
        viewportRef.current.scrollTo({ top: block.offsetTop, behavior: 'instant' });
    });
  };

  const handleScroll = () => {
    const root = rootRef.current;
    const viewport = viewportRef.current;
    if (!root || !viewport || search) return;
    const header = cssPixels(root, '--frimousse-category-header-height');
    let current = 0;
    categoryBlocks().forEach((block, index) => {
      if (block.offsetTop <= viewport.scrollTop + header / 2) current = index;
    });
    setActive(current);
  };

  return (
    <Picker.Root
      ref={rootRef}
      columns={EMOJI_COLUMNS}
      resolveEmojiData={resolver}
      onEmojiSelect={({ emoji }) => {
        rememberEmoji(emoji);
        onSelect(emoji);
      }}
      className={`isolate flex h-[380px] w-[320px] flex-col overflow-hidden rounded-2xl bg-white shadow-pop ring-1 ring-slate-900/10 ${className}`}
      data-testid="emoji-picker"
    >
      <div className="p-2 pb-1">
        <Picker.Search
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder="Search emoji"
          aria-label="Search emoji"
          autoFocus={autoFocus}
          className="h-9 w-full appearance-none rounded-lg bg-slate-100 px-3 text-sm text-slate-900 placeholder:text-slate-400 focus:bg-white focus:ring-2 focus:ring-brand-500/40 focus:outline-none"
        />
      </div>
      <div
        role="tablist"
        aria-label="Emoji categories"
        className="flex justify-between border-b border-slate-100 px-1.5"
      >
        {TABS.map((tab, index) => (
          <button
            key={tab.label}
            type="button"
            role="tab"
            aria-selected={!search && active === index}
            aria-label={tab.label}
            title={tab.label}
            onClick={() => jumpTo(index)}
            className={`flex size-7 items-center justify-center border-b-2 text-[15px] transition-opacity ${
              !search && active === index
                ? 'border-brand-600 opacity-100'
                : 'border-transparent opacity-55 hover:opacity-100'
            }`}
          >
            {tab.icon}
          </button>
        ))}
      </div>
      <Picker.Viewport ref={viewportRef} onScroll={handleScroll} className="relative flex-1 outline-none">
        <Picker.Loading className="absolute inset-0 flex items-center justify-center text-slate-400">
          <Spinner className="size-5" label="Loading emoji" />
        </Picker.Loading>
        <Picker.Empty className="absolute inset-0 flex items-center justify-center text-sm text-slate-400">
          No emoji found
        </Picker.Empty>
        <Picker.List className="pb-1.5 select-none" components={LIST_COMPONENTS} />
      </Picker.Viewport>
    </Picker.Root>
  );
}
