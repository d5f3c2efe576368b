import { MAX_SELECT_OPTIONS } from '@common/api/contact-fields';
import { PlusIcon, XIcon } from 'lucide-react';
import { type KeyboardEvent, useEffect, useRef, useState } from 'react';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';

type Props = {
  options: string[];
  onChange: (options: string[]) => void;
  /** The server's or the form's complaint about the options. */
  error?: string | null;
};

/**
 * The options of a single-select field: one input per option, × to remove one, "Add option" (or
 * Enter in an option) to add the next, which takes the focus.
 */
export function SelectOptionsEditor({ options, onChange, error }: Props) {
  const inputs = useRef<(HTMLInputElement | null)[]>([]);
  const [focusIndex, setFocusIndex] = useState<number | null>(null);

  useEffect(() => {
    if (focusIndex === null) return;
    inputs.current[focusIndex]?.focus();
    setFocusIndex(null);
  }, [focusIndex]);

  const add = (after = options.length - 1) => {
    if (options.length >= MAX_SELECT_OPTIONS) return;
    onChange([...options.slice(0, after + 1), '', ...options.slice(after + 1)]);
    setFocusIndex(after + 1);
  };
  const remove = (index: number) => {
    onChange(options.filter((_, i) => i !== index));
    setFocusIndex(Math.max(0, Math.min(index, options.length - 2)));
  };
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>, index: number) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      add(index);
    } else if (event.key === 'Backspace' && options[index] === '' && options.length > 1) {
      event.preventDefault();
      remove(index);
    }
  };

  return (
    <fieldset aria-describedby={error ? 'field-options-error' : undefined}>
      <legend className="mb-1.5 text-[13px] font-medium text-slate-700">Options</legend>
      <ol className="space-y-2">
        {options.map((option, index) => (
          // Options are edited in place; the index is their identity while the dialog is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <li key={index} className="flex items-center gap-2">
            <span className="w-5 shrink-0 text-right text-xs text-slate-500 tabular-nums">{index + 1}.</span>
            <input
              ref={(el) => {
                inputs.current[index] = el;
              }}
              aria-label={`Option ${index + 1}`}
              className={inputClasses(Boolean(error) && option.trim() === '')}
              value={option}
              maxLength={100}
              placeholder="e.g. Gold"
              onChange={(event) => onChange(options.map((o, i) => (i === index ? event.target.value : o)))}
              onKeyDown={(event) => onKeyDown(event, index)}
            />
            <button
              type="button"
              onClick={() => remove(index)}
              disabled={options.length <= 1}
              aria-label={`Remove option ${index + 1}`}
              className="shrink-0 rounded-md p-1.5 text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-800 disabled:invisible"
            >
              <XIcon className="size-4" />
            </button>
          </li>
        ))}
      </ol>
      <div className="mt-2 flex items-center justify-between gap-3 pl-7">
        <Button
          size="sm"
          variant="ghost"
          icon={<PlusIcon className="size-4" />}
          onClick={() => add()}
          disabled={options.length >= MAX_SELECT_OPTIONS}
        >
          Add option
        </Button>
        <span className="text-xs text-slate-500">Enter adds the next one</span>
      </div>
      {error && (
        <p id="field-options-error" className="mt-1.5 text-xs text-red-600">
          {error}
        </p>
      )}
    </fieldset>
  );
}
