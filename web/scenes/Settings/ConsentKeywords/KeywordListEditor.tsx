import { MAX_CONSENT_KEYWORDS } from '@common/api/consent';
import { PlusIcon, XIcon } from 'lucide-react';
import { type FormEvent, useId, useState } from 'react';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';

type KeywordListEditorProps = {
  /** 'Opt-out keywords' */
  label: string;
  keywords: string[];
  /** Owners edit; members see the chips only. */
  editable: boolean;
  /** The list's message from the schema (blank, too long, too many, in both lists). */
  error: string | null;
  /** Checks a keyword before it is added; answers the message to show, or null when it may go in. */
  check: (keyword: string) => string | null;
  onChange: (keywords: string[]) => void;
};

/** One keyword list as chips: owners add (Enter or the Add button) and remove (the chip's ×). */
export function KeywordListEditor({
  label,
  keywords,
  editable,
  error,
  check,
  onChange,
}: KeywordListEditorProps) {
  const id = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const shown = problem ?? error;

  const add = (event: FormEvent) => {
    event.preventDefault();
    const keyword = draft.trim();
    const refused = check(keyword);
    if (refused) return setProblem(refused);
    onChange([...keywords, keyword]);
    setDraft('');
    setProblem(null);
  };

  return (
    <div className="space-y-3 px-6 py-5">
      <ul aria-label={label} className="flex min-h-8 flex-wrap gap-2">
        {keywords.map((keyword) => (
          <li
            key={keyword.toLowerCase()}
            className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pr-1 pl-3 text-[13px] font-medium text-slate-800 ring-1 ring-inset ring-slate-200"
          >
            <span className={editable ? '' : 'pr-2'}>{keyword}</span>
            {editable && (
              <button
                type="button"
                aria-label={`Remove ${keyword}`}
                onClick={() => onChange(keywords.filter((k) => k !== keyword))}
                className="rounded-full p-0.5 text-slate-500 transition-colors hover:bg-slate-200 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600"
              >
                <XIcon className="size-3.5" />
              </button>
            )}
          </li>
        ))}
        {keywords.length === 0 && <li className="text-[13px] text-slate-500">No keywords.</li>}
      </ul>
      {editable && (
        <form onSubmit={add} className="flex items-start gap-2">
          <div className="min-w-0 flex-1">
            <label htmlFor={id} className="sr-only">
              Add to {label.toLowerCase()}
            </label>
            <input
              id={id}
              value={draft}
              maxLength={60}
              placeholder="Add a keyword"
              aria-invalid={shown ? true : undefined}
              aria-describedby={shown ? `${id}-error` : undefined}
              onChange={(event) => {
                setDraft(event.target.value);
                setProblem(null);
              }}
              className={inputClasses(Boolean(shown))}
            />
          </div>
          <Button
            type="submit"
            variant="secondary"
            icon={<PlusIcon className="size-4" />}
            disabled={keywords.length >= MAX_CONSENT_KEYWORDS}
          >
            Add
          </Button>
        </form>
      )}
      {shown && (
        <p id={`${id}-error`} role="alert" className="text-xs text-red-600">
          {shown}
        </p>
      )}
    </div>
  );
}
