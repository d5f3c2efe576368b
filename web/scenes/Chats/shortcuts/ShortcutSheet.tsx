import { Fragment } from 'react';
import { Dialog } from '../../../ui/Dialog';
import { shortcutGroups } from './keys';

function Keys({ keys }: { keys: string[][] }) {
  return (
    <span className="flex shrink-0 items-center gap-1.5 text-xs text-slate-500">
      {keys.map((sequence, index) => (
        <Fragment key={sequence.join('+')}>
          {index > 0 && <span>or</span>}
          <span className="flex items-center gap-1">
            {sequence.map((key) => (
              <kbd
                key={key}
                className="inline-flex h-6 min-w-6 items-center justify-center rounded-md bg-slate-100 px-1.5 font-sans text-xs font-medium text-slate-700 ring-1 ring-slate-200 ring-inset"
              >
                {key}
              </kbd>
            ))}
          </span>
        </Fragment>
      ))}
    </span>
  );
}

/** `?`: every keyboard shortcut of the inbox, from the same list the keys are read from. */
export function ShortcutSheet({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Keyboard shortcuts"
      widthClass="max-w-lg"
      testId="shortcut-sheet"
    >
      <div className="space-y-5">
        {shortcutGroups().map((group) => (
          <section key={group.title} aria-label={group.title}>
            <h3 className="mb-2 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              {group.title}
            </h3>
            <dl className="divide-y divide-slate-100">
              {group.entries.map((entry) => (
                <div key={entry.label} className="flex items-center justify-between gap-4 py-2">
                  <dt className="text-sm text-slate-700">{entry.label}</dt>
                  <dd>
                    <Keys keys={entry.keys} />
                  </dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
      </div>
    </Dialog>
  );
}
