import { INTERACTIVE_LIMITS as L, type ListInput, listSchema } from '@common/api/interactive';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { InteractiveContent, PhonePreview } from '../../../../components/InteractivePreview';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, MessageTextFields, useChecks } from './fields';
import { addButtonClass, removeButtonClass } from './ReplyButtonsDialog';
import { SaveOptionFields, useSendOrSave } from './SaveOption';

type Section = ListInput['sections'][number];
type Row = Section['rows'][number];

const EMPTY_ROW: Row = { title: '', description: '' };
const EMPTY: ListInput = {
  header: '',
  body: '',
  footer: '',
  button: '',
  sections: [{ title: '', rows: [EMPTY_ROW] }],
};

type Props = ComposeDialogBaseProps & { onSend: (input: ListInput) => Promise<unknown> };

/** A list: a body, the button that opens it, sections of rows (10 rows in all), header and footer. */
export function ListDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<ListInput>(EMPTY);
  const checks = useChecks(listSchema, draft, ['sections']);
  const { save, sending, send, saveOnly } = useSendOrSave('list', draft, onSend, base.onClose, () =>
    setDraft(EMPTY),
  );
  const valid = checks.valid && save.problem === null;
  const rowsInAll = draft.sections.reduce((sum, s) => sum + s.rows.length, 0);

  const set = (patch: Partial<ListInput>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    checks.touch(path);
  };
  const setSection = (index: number, change: (s: Section) => Section, path: string) => {
    setDraft((d) => ({ ...d, sections: d.sections.map((s, i) => (i === index ? change(s) : s)) }));
    checks.touch(path);
    checks.touch('sections');
  };
  const setRow = (si: number, ri: number, patch: Partial<Row>, field: string) =>
    setSection(
      si,
      (s) => ({ ...s, rows: s.rows.map((r, i) => (i === ri ? { ...r, ...patch } : r)) }),
      `sections.${si}.rows.${ri}.${field}`,
    );

  return (
    <ComposeDialog
      {...base}
      title="List"
      description={`The customer opens the list and picks one row; at most ${L.rowsInAll} rows in all.`}
      testId="list-dialog"
      valid={valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send list"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <InteractiveContent
            content={{
              kind: 'list',
              header: draft.header?.trim() ? { type: 'text', text: draft.header } : null,
              body: draft.body || 'Your message',
              footer: draft.footer ?? null,
              button: draft.button || 'Options',
              sections: draft.sections.map((s, si) => ({
                title: s.title ?? null,
                rows: s.rows.map((r, ri) => ({
                  id: `${si}.${ri}`,
                  title: r.title || `Row ${ri + 1}`,
                  description: r.description ?? null,
                })),
              })),
            }}
          />
        </PhonePreview>
      }
    >
      <MessageTextFields draft={draft} set={set} checks={checks} bodyMax={L.listBody} />
      <CountedField
        label="List button label"
        value={draft.button}
        onChange={(button) => set({ button }, 'button')}
        max={L.listButton}
        error={checks.errorAt('button')}
        placeholder="e.g. See options"
      />
      {draft.sections.map((section, si) => (
        <fieldset
          // biome-ignore lint/suspicious/noArrayIndexKey: draft sections have no id until sent
          key={si}
          className="space-y-3 rounded-xl p-3 ring-1 ring-slate-200"
        >
          <legend className="px-1 text-sm font-medium text-slate-800">Section {si + 1}</legend>
          <CountedField
            label={`Section ${si + 1} title`}
            optional={draft.sections.length === 1}
            value={section.title ?? ''}
            onChange={(title) => setSection(si, (s) => ({ ...s, title }), `sections.${si}.title`)}
            max={L.sectionTitle}
            error={checks.errorAt(`sections.${si}.title`)}
            aside={
              <button
                type="button"
                aria-label={`Remove section ${si + 1}`}
                disabled={draft.sections.length === 1}
                onClick={() => set({ sections: draft.sections.filter((_, i) => i !== si) }, 'sections')}
                className={removeButtonClass}
              >
                <Trash2Icon className="size-4" aria-hidden />
              </button>
            }
          />
          {section.rows.map((row, ri) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: draft rows have no id until sent
              key={ri}
              className="grid gap-2 border-l-2 border-slate-200 pl-3 sm:grid-cols-2"
            >
              <CountedField
                label={`Section ${si + 1}, row ${ri + 1} title`}
                value={row.title}
                onChange={(title) => setRow(si, ri, { title }, 'title')}
                max={L.rowTitle}
                error={checks.errorAt(`sections.${si}.rows.${ri}.title`)}
              />
              <CountedField
                label="Description"
                optional
                value={row.description ?? ''}
                onChange={(description) => setRow(si, ri, { description }, 'description')}
                max={L.rowDescription}
                error={checks.errorAt(`sections.${si}.rows.${ri}.description`)}
                aside={
                  <button
                    type="button"
                    aria-label={`Remove section ${si + 1}, row ${ri + 1}`}
                    disabled={section.rows.length === 1}
                    onClick={() =>
                      setSection(si, (s) => ({ ...s, rows: s.rows.filter((_, i) => i !== ri) }), 'sections')
                    }
                    className={removeButtonClass}
                  >
                    <Trash2Icon className="size-4" aria-hidden />
                  </button>
                }
              />
            </div>
          ))}
          <button
            type="button"
            disabled={rowsInAll >= L.rowsInAll}
            onClick={() => setSection(si, (s) => ({ ...s, rows: [...s.rows, EMPTY_ROW] }), 'sections')}
            className={addButtonClass}
          >
            <PlusIcon className="size-4" aria-hidden /> Add row to section {si + 1}
          </button>
        </fieldset>
      ))}
      <div className="flex items-center justify-between gap-2">
        <button
          type="button"
          disabled={draft.sections.length >= L.sections || rowsInAll >= L.rowsInAll}
          onClick={() => {
            set({ sections: [...draft.sections, { title: '', rows: [EMPTY_ROW] }] }, 'sections');
            // Two sections need titles: say so on the first one at once.
            checks.touch('sections.0.title');
          }}
          className={addButtonClass}
        >
          <PlusIcon className="size-4" aria-hidden /> Add section
        </button>
        <span className="text-xs text-slate-600 tabular-nums">
          {rowsInAll}/{L.rowsInAll} rows
        </span>
      </div>
      <SaveOptionFields option={save} canSaveOnly={valid && !sending} onSaveOnly={() => void saveOnly()} />
    </ComposeDialog>
  );
}
