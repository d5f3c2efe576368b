import { CAMPAIGN_FALLBACK_MAX, type VariableSource } from '@common/api/campaigns';
import type { ContactField } from '@common/api/contact-fields';
import { useId } from 'react';
import { inputClasses } from '../../../../components/TextField';
import type { VariableSlot } from './steps';

/** A source as the picker's value: 'name', 'phone', 'text', 'field:<id>', or '' when not chosen. */
function pickerValue(source: VariableSource | null): string {
  if (!source) return '';
  return source.kind === 'field' ? `field:${source.fieldId}` : source.kind;
}

function sourceFrom(value: string, previous: VariableSource | null): VariableSource | null {
  const fallback = previous && previous.kind !== 'text' ? previous.fallback : '';
  if (value === 'name' || value === 'phone') return { kind: value, fallback };
  if (value === 'text') return { kind: 'text', text: previous?.kind === 'text' ? previous.text : '' };
  if (value.startsWith('field:')) return { kind: 'field', fieldId: value.slice(6), fallback };
  return null;
}

/** How a source reads in the preview and the review: 'Name', 'Phone', a field's label, the text. */
export function sourceLabel(source: VariableSource | null, fields: readonly ContactField[]): string {
  if (!source) return '';
  if (source.kind === 'text') return source.text;
  if (source.kind === 'name') return '[Name]';
  if (source.kind === 'phone') return '[Phone]';
  const field = fields.find((f) => f.id === source.fieldId);
  return `[${field?.label ?? 'Custom field'}]`;
}

/** One template variable: where its value comes from, and the fallback for an empty one. */
export function VariableSourceField({
  slot,
  source,
  fields,
  onChange,
}: {
  slot: VariableSlot;
  source: VariableSource | null;
  fields: readonly ContactField[];
  onChange: (source: VariableSource | null) => void;
}) {
  const id = useId();
  return (
    <div
      className="grid gap-3 rounded-xl p-3.5 ring-1 ring-slate-200 sm:grid-cols-2"
      data-testid="variable-source"
      data-slot={slot.label}
    >
      <div>
        <label htmlFor={`${id}-source`} className="mb-1.5 block text-[13px] font-medium text-slate-700">
          <span className="font-mono text-sky-800">{slot.label}</span> comes from
        </label>
        <select
          id={`${id}-source`}
          className={inputClasses(false)}
          value={pickerValue(source)}
          onChange={(event) => onChange(sourceFrom(event.target.value, source))}
        >
          <option value="">Choose a value…</option>
          <optgroup label="Contact">
            <option value="name">Name</option>
            <option value="phone">Phone</option>
          </optgroup>
          {fields.length > 0 && (
            <optgroup label="Custom fields">
              {fields.map((field) => (
                <option key={field.id} value={`field:${field.id}`}>
                  {field.label}
                </option>
              ))}
            </optgroup>
          )}
          <optgroup label="Same for everyone">
            <option value="text">Fixed text</option>
          </optgroup>
        </select>
      </div>
      {source?.kind === 'text' ? (
        <div>
          <label htmlFor={`${id}-text`} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Text for {slot.label}
          </label>
          <input
            id={`${id}-text`}
            className={inputClasses()}
            value={source.text}
            maxLength={CAMPAIGN_FALLBACK_MAX}
            placeholder="e.g. SPRING20"
            onChange={(event) => onChange({ kind: 'text', text: event.target.value })}
          />
        </div>
      ) : source ? (
        <div>
          <label htmlFor={`${id}-fallback`} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Fallback for {slot.label}
          </label>
          <input
            id={`${id}-fallback`}
            className={inputClasses()}
            value={source.fallback}
            maxLength={CAMPAIGN_FALLBACK_MAX}
            placeholder="e.g. there"
            aria-describedby={`${id}-fallback-hint`}
            onChange={(event) => onChange({ ...source, fallback: event.target.value })}
          />
          <p id={`${id}-fallback-hint`} className="mt-1 text-xs text-slate-600">
            Sent to contacts whose value is empty.
          </p>
        </div>
      ) : null}
    </div>
  );
}
