import { SmileIcon } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { Button, Dialog, DialogTrigger, Popover } from 'react-aria-components';
import { Spinner } from '../../../../components/Spinner';

// The picker and its data load on first use, not with the inbox.
const EmojiPicker = lazy(async () => ({
  default: (await import('../../../../components/EmojiPicker')).EmojiPicker,
}));

function PickerFallback() {
  return (
    <div className="flex h-[380px] w-[320px] items-center justify-center rounded-2xl bg-white shadow-pop ring-1 ring-slate-900/10">
      <Spinner className="size-5 text-slate-400" label="Loading emoji" />
    </div>
  );
}

/**
 * The smiley: a React Aria popover with the emoji picker. Focus starts in its search; arrows move
 * through the emoji, Enter inserts one (the picker stays open for more), Escape closes it and
 * `onClosed` puts the caret back in the message.
 */
export function EmojiButton({ onPick, onClosed }: { onPick: (emoji: string) => void; onClosed: () => void }) {
  const [isOpen, setOpen] = useState(false);
  return (
    <DialogTrigger
      isOpen={isOpen}
      onOpenChange={(open) => {
        setOpen(open);
        if (!open) onClosed();
      }}
    >
      <Button
        aria-label="Emoji"
        className={`flex size-10 shrink-0 items-center justify-center rounded-full outline-none transition-colors hover:bg-slate-200 data-[focus-visible]:ring-2 data-[focus-visible]:ring-brand-500/60 ${isOpen ? 'text-brand-700' : 'text-slate-500'}`}
      >
        <SmileIcon className="size-6" />
      </Button>
      <Popover placement="top start" offset={8} className="outline-none data-[entering]:animate-pop-in">
        <Dialog aria-label="Emoji" className="outline-none">
          <Suspense fallback={<PickerFallback />}>
            <EmojiPicker onSelect={onPick} autoFocus />
          </Suspense>
        </Dialog>
      </Popover>
    </DialogTrigger>
  );
}
