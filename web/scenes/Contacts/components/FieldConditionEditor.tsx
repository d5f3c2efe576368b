import type { ContactField } from '@common/api/contact-fields';
import {
  FIELD_OP_LABELS,
  FIELD_OPS_BY_TYPE,
  type FieldCondition,
  type FieldOp,
} from '@common/api/contact-filter';
import { useState } from 'react';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';

const NO_VALUE: readonly FieldOp[] = ['empty', 'not_empty'];

/** The value input a field's type calls for (a date picker, a number, a select's options, text). */
export function FieldValueInput({
  field,
  value,
  onChange,
  label,
  invalid = false,
  describedBy,
}: {
  field: ContactField;
  value: string;
  onChange: (value: string) => void;
  label: string;
  invalid?: boolean;
  describedBy?: string;
}) {
  const common = {
    'aria-label': label,
    'aria-invalid': invalid || undefined,
    'aria-describedby': describedBy,
    className: `${inputClasses(invalid)} py-2`,
  };
  if (field.type === 'select') {
    return (
      <select {...common} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">Choose…</option>
        {field.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
    );
  }
  const type = { number: 'number', date: 'date', url: 'url', email: 'email', text: 'text' }[field.type];
  return (
    <input
      {...common}
      type={type}
      inputMode={field.type === 'number' ? 'decimal' : undefined}
      step={field.type === 'number' ? 'any' : undefined}
      value={value}
      onChange={(e) => onChange(e.target.value)}
    />
  );
}

/** Field → condition (FIELD_OPS_BY_TYPE) → value by type; adds or replaces one field condition. */
export function FieldConditionEditor({
  fields,
  initial,
  onSave,
}: {
  fields: readonly ContactField[];
  initial?: FieldCondition;
  onSave: (condition: FieldCondition) => void;
}) {
  const [fieldId, setFieldId] = useState(initial?.fieldId ?? fields[0]?.id ?? '');
  const field = fields.find((f) => f.id === fieldId);
  const ops: readonly FieldOp[] = field ? FIELD_OPS_BY_TYPE[field.type] : [];
  const [op, setOp] = useState<FieldOp>(initial?.op ?? ops[0] ?? 'equals');
  const [value, setValue] = useState(initial?.value ?? '');
  const needsValue = !NO_VALUE.includes(op);
  const ready = Boolean(field) && ops.includes(op) && (!needsValue || value.trim() !== '');

  if (fields.length === 0) {
    return (
      <p className="px-4 pt-1 pb-4 text-[13px] text-slate-600">
        No custom fields yet. Owners add them in Settings → Contact fields.
      </p>
    );
  }

  const pickField = (id: string) => {
    setFieldId(id);
    const next = fields.find((f) => f.id === id);
    const nextOps: readonly FieldOp[] = next ? FIELD_OPS_BY_TYPE[next.type] : [];
    if (!nextOps.includes(op)) setOp(nextOps[0] ?? 'equals');
    setValue('');
  };

  return (
    <form
      className="space-y-2.5 px-4 pt-1 pb-4"
      onSubmit={(event) => {
        event.preventDefault();
        if (!ready) return;
        onSave({ fieldId, op, ...(needsValue ? { value: value.trim() } : {}) });
      }}
    >
      <select
        aria-label="Field"
        value={fieldId}
        onChange={(e) => pickField(e.target.value)}
        className={`${inputClasses()} py-2`}
      >
        {fields.map((f) => (
          <option key={f.id} value={f.id}>
            {f.label}
          </option>
        ))}
      </select>
      <select
        aria-label="Condition"
        value={op}
        onChange={(e) => setOp(e.target.value as FieldOp)}
        className={`${inputClasses()} py-2`}
      >
        {ops.map((o) => (
          <option key={o} value={o}>
            {FIELD_OP_LABELS[o]}
          </option>
        ))}
      </select>
      {field && needsValue && (
        <FieldValueInput field={field} value={value} onChange={setValue} label="Value" />
      )}
      <Button type="submit" variant="primary" size="sm" block disabled={!ready}>
        {initial ? 'Update condition' : 'Add condition'}
      </Button>
    </form>
  );
}
