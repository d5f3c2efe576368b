import type { ContactField } from '@common/api/contact-fields';
import type { ContactImport, ImportExisting, ImportPreview, ImportTarget } from '@common/api/contact-imports';
import type { Tag } from '@common/api/tags';
import { useId, useState } from 'react';
import { errorMessage } from '../../../api/client';
import { startImport } from '../../../api/contactImports';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { COUNTRIES } from '../../../components/countries';
import { inputClasses } from '../../../components/TextField';
import { formatCount, initialTargets, mappingProblem, parseTarget, targetValue } from './mapping';

type Props = {
  importRow: ContactImport;
  preview: ImportPreview;
  fields: ContactField[];
  tags: Tag[];
  onStarted: (row: ContactImport) => void;
  onCancel: () => void;
};

const EXISTING: { value: ImportExisting; label: string; hint: string }[] = [
  {
    value: 'update_empty',
    label: 'Update empty fields',
    hint: 'Fill in what is missing; keep what is there.',
  },
  { value: 'overwrite', label: 'Overwrite', hint: "Replace the contact's name and fields with the file's." },
  { value: 'skip', label: 'Skip', hint: 'Leave existing contacts as they are.' },
];

/** Step 2: what each column holds, the default country, existing contacts, a tag for all. */
export function MappingStep({ importRow, preview, fields, tags, onStarted, onCancel }: Props) {
  const [targets, setTargets] = useState<ImportTarget[]>(() =>
    initialTargets(preview.suggested, new Set(fields.map((f) => f.id))),
  );
  const [country, setCountry] = useState(preview.defaultCountry ?? '');
  const [existing, setExisting] = useState<ImportExisting>('update_empty');
  const [tagId, setTagId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const ids = { country: useId(), tag: useId(), table: useId() };

  const submit = async () => {
    const problem = mappingProblem(targets);
    if (problem) return setError(problem);
    setError(null);
    setStarting(true);
    try {
      const { import: row } = await startImport(importRow.id, {
        columns: targets,
        defaultCountry: country || undefined,
        existing,
        tagId: tagId || null,
      });
      onStarted(row);
    } catch (e) {
      setError(errorMessage(e, 'The import could not start. Try again.'));
      setStarting(false);
    }
  };

  return (
    <div className="space-y-6">
      <section
        className="overflow-hidden rounded-2xl bg-white ring-1 ring-slate-200"
        aria-labelledby={ids.table}
      >
        <div className="border-b border-slate-200 px-5 py-4">
          <h2 id={ids.table} className="text-base font-semibold text-slate-900">
            Map the columns of {importRow.fileName}
          </h2>
          <p className="mt-1 text-sm text-slate-500">
            {formatCount(importRow.totalRows)} rows. Choose what each column holds; one column must be the
            phone number.
          </p>
        </div>
        <div className="overflow-x-auto">
          <table className="w-full text-left text-sm" data-testid="import-mapping">
            <thead className="bg-slate-50 text-xs font-medium text-slate-600">
              <tr>
                <th scope="col" className="px-5 py-2.5">
                  Column
                </th>
                <th scope="col" className="px-5 py-2.5">
                  First rows
                </th>
                <th scope="col" className="w-56 px-5 py-2.5">
                  Import as
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {preview.columns.map((column, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: columns are positional and may repeat a name
                <tr key={`${i}-${column}`}>
                  <th scope="row" className="px-5 py-3 align-top font-medium text-slate-900">
                    {column}
                  </th>
                  <td className="max-w-md px-5 py-3 align-top text-slate-600">
                    <ul className="space-y-0.5">
                      {preview.rows.map((row, r) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: preview rows have no identity
                        <li key={r} className="truncate">
                          {row[i] || <span className="text-slate-500 italic">empty</span>}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="px-5 py-3 align-top">
                    <select
                      aria-label={`Import column ${column} as`}
                      value={targetValue(targets[i] ?? { kind: 'ignore' })}
                      onChange={(e) =>
                        setTargets((all) => all.map((t, j) => (j === i ? parseTarget(e.target.value) : t)))
                      }
                      className={inputClasses()}
                    >
                      <option value="ignore">Ignore</option>
                      <option value="name">Name</option>
                      <option value="phone">Phone</option>
                      <option value="tags">Tags</option>
                      <option value="consent">Marketing consent</option>
                      {fields.length > 0 && (
                        <optgroup label="Custom fields">
                          {fields.map((f) => (
                            <option key={f.id} value={`field:${f.id}`}>
                              {f.label}
                            </option>
                          ))}
                        </optgroup>
                      )}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section className="grid gap-6 rounded-2xl bg-white p-5 ring-1 ring-slate-200 sm:grid-cols-2">
        <div>
          <label htmlFor={ids.country} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Default country
          </label>
          <select
            id={ids.country}
            value={country}
            onChange={(e) => setCountry(e.target.value)}
            className={inputClasses()}
          >
            <option value="">None: every number has its country code</option>
            {COUNTRIES.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.dialCode})
              </option>
            ))}
          </select>
          <p className="mt-1.5 text-xs text-slate-500">For numbers written without a country code.</p>
        </div>
        <div>
          <label htmlFor={ids.tag} className="mb-1.5 block text-[13px] font-medium text-slate-700">
            Tag every imported contact
          </label>
          <select
            id={ids.tag}
            value={tagId}
            onChange={(e) => setTagId(e.target.value)}
            className={inputClasses()}
          >
            <option value="">No tag</option>
            {tags.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <p className="mt-1.5 text-xs text-slate-500">Added to new and updated contacts.</p>
        </div>
        <fieldset className="sm:col-span-2">
          <legend className="mb-2 text-[13px] font-medium text-slate-700">Contacts that already exist</legend>
          <div className="grid gap-2 sm:grid-cols-3">
            {EXISTING.map((option) => (
              <label
                key={option.value}
                className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${
                  existing === option.value
                    ? 'bg-brand-50 ring-brand-500'
                    : 'ring-slate-200 hover:bg-slate-50'
                }`}
              >
                <input
                  type="radio"
                  name="existing"
                  value={option.value}
                  checked={existing === option.value}
                  onChange={() => setExisting(option.value)}
                  className="mt-0.5 accent-ink-900"
                />
                <span>
                  <span className="block text-sm font-medium text-slate-900">{option.label}</span>
                  <span className="block text-xs text-slate-600">{option.hint}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
      </section>

      {error && <Alert testId="import-mapping-error">{error}</Alert>}
      <div className="flex flex-wrap items-center justify-end gap-3">
        <Button variant="secondary" onClick={onCancel} disabled={starting}>
          Choose another file
        </Button>
        <Button variant="brand" onClick={() => void submit()} isLoading={starting} loadingText="Starting…">
          Import {formatCount(importRow.totalRows)} rows
        </Button>
      </div>
    </div>
  );
}
