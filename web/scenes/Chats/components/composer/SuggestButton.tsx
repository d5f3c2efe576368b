import type { AiAction } from '@common/api/ai';
import {
  BriefcaseIcon,
  ChevronUpIcon,
  LanguagesIcon,
  MinimizeIcon,
  SmileIcon,
  SparklesIcon,
  SpellCheckIcon,
  SquareIcon,
  XIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { Button, Menu, MenuItem, MenuTrigger, Popover } from 'react-aria-components';
import { Tooltip } from '../../../../ui/Tooltip';
import { isApple } from '../../shortcuts/keys';
import type { Suggestion } from './useSuggestion';

const REWRITES: { action: AiAction; label: string; icon: ReactNode }[] = [
  { action: 'shorter', label: 'Make shorter', icon: <MinimizeIcon className="size-4" /> },
  { action: 'friendlier', label: 'Make friendlier', icon: <SmileIcon className="size-4" /> },
  { action: 'formal', label: 'Make more formal', icon: <BriefcaseIcon className="size-4" /> },
  { action: 'fix_spelling', label: 'Fix spelling', icon: <SpellCheckIcon className="size-4" /> },
  {
    action: 'translate',
    label: 'Translate to the customer’s language',
    icon: <LanguagesIcon className="size-4" />,
  },
];

const ROUND =
  'flex size-10 shrink-0 items-center justify-center rounded-full outline-none transition-colors data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/60';

/** True for the "Suggest reply" key: Ctrl+J (⌘J on Apple). */
export function isSuggestKey(event: { key: string; ctrlKey: boolean; metaKey: boolean; altKey: boolean }) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && event.key.toLowerCase() === 'j';
}

/**
 * The composer's AI: "Suggest reply" (it turns into Stop while the text streams in) and a small menu
 * of rewrites of the draft or the selected part of it.
 */
export function SuggestButton({ suggestion, hasDraft }: { suggestion: Suggestion; hasDraft: boolean }) {
  const { running, status } = suggestion;
  const off = status !== null && !status.configured;
  const key = isApple() ? '⌘J' : 'Ctrl+J';

  if (running) {
    return (
      <Button
        aria-label="Stop"
        onPress={suggestion.stop}
        className={`${ROUND} bg-white text-slate-700 ring-1 ring-slate-300 hover:bg-slate-100`}
      >
        <SquareIcon className="size-4 fill-current" />
      </Button>
    );
  }

  return (
    <div className="flex shrink-0 items-center">
      <Tooltip content={off ? 'AI is not turned on' : `Suggest reply (${key})`} placement="top">
        <Button
          aria-label="Suggest reply"
          aria-keyshortcuts={isApple() ? 'Meta+J' : 'Control+J'}
          onPress={() => suggestion.start('suggest')}
          className={`${ROUND} ${off ? 'text-slate-500' : 'text-violet-700'} hover:bg-slate-200`}
        >
          <SparklesIcon className="size-5" />
        </Button>
      </Tooltip>
      {!off && (
        <MenuTrigger>
          <Button
            aria-label="Rewrite with AI"
            isDisabled={!hasDraft}
            className="-ml-2 flex h-10 w-5 items-center justify-center rounded-full text-slate-500 outline-none hover:text-slate-800 disabled:opacity-40 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/60"
          >
            <ChevronUpIcon className="size-4" />
          </Button>
          <Popover
            placement="top start"
            offset={8}
            className="w-72 rounded-xl bg-white p-1.5 shadow-pop ring-1 ring-slate-900/10 outline-none data-[entering]:animate-pop-in"
          >
            <p className="px-2.5 pt-1 pb-1.5 text-xs font-medium text-slate-500">
              Rewrite the draft (or the selected text)
            </p>
            <Menu
              aria-label="Rewrite with AI"
              onAction={(action) => suggestion.start(action as AiAction)}
              className="outline-none"
            >
              {REWRITES.map((item) => (
                <MenuItem
                  key={item.action}
                  id={item.action}
                  textValue={item.label}
                  className="flex w-full cursor-pointer items-center gap-2.5 rounded-lg px-2.5 py-2 text-sm text-slate-700 outline-none data-[focused]:bg-slate-100"
                >
                  <span className="text-violet-700">{item.icon}</span>
                  {item.label}
                </MenuItem>
              ))}
            </Menu>
          </Popover>
        </MenuTrigger>
      )}
    </div>
  );
}

/**
 * Above the message box: which model is writing, which one wrote the draft in the box (a quiet line
 * until it is sent or cleared), or why a suggestion failed (in the server's words).
 */
export function SuggestionNotice({ suggestion }: { suggestion: Suggestion }) {
  if (suggestion.error) {
    // Not connected is a setup step, not a failure: it reads as information.
    const tone = suggestion.needsSetup
      ? {
          box: 'border-amber-100 bg-amber-50 text-amber-900',
          icon: 'text-amber-700',
          hover: 'hover:bg-amber-100',
        }
      : { box: 'border-red-100 bg-red-50 text-red-800', icon: 'text-red-600', hover: 'hover:bg-red-100' };
    return (
      <div
        className={`flex items-start gap-2 border-b px-4 py-2 text-sm ${tone.box}`}
        role="alert"
        data-testid="suggestion-error"
      >
        <SparklesIcon className={`mt-0.5 size-4 shrink-0 ${tone.icon}`} />
        <span className="min-w-0 flex-1">{suggestion.error}</span>
        <button
          type="button"
          onClick={suggestion.clearError}
          aria-label="Dismiss"
          className={`rounded p-0.5 ${tone.hover}`}
        >
          <XIcon className="size-4" />
        </button>
      </div>
    );
  }
  return (
    <div role="status" aria-live="polite">
      {suggestion.running && (
        <div className="flex items-center gap-2 border-b border-violet-100 bg-violet-50 px-4 py-2 text-sm text-violet-900">
          <SparklesIcon className="size-4 shrink-0 animate-pulse text-violet-700" />
          <span className="min-w-0 flex-1">
            {suggestion.label ?? suggestion.status?.label ?? 'AI'} is writing a draft. Edit it before you
            send; nothing is sent by itself.
          </span>
        </div>
      )}
      {!suggestion.running && suggestion.drafted && (
        <p
          className="flex items-center gap-1.5 border-b border-slate-100 px-4 py-1.5 text-xs text-slate-600"
          data-testid="suggestion-drafted-by"
        >
          <SparklesIcon className="size-3.5 shrink-0 text-violet-700" aria-hidden="true" />
          <span className="min-w-0 truncate">
            Drafted by {suggestion.drafted.label} · {suggestion.drafted.model}
          </span>
        </p>
      )}
    </div>
  );
}
