import {
  type CreateTemplateDraft,
  normalizeTemplateName,
  placeholdersIn,
  TEMPLATE_CATEGORIES,
  TEMPLATE_LANGUAGE,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateButtonDraft,
  type TemplateCategory,
  type TemplateMediaFormat,
  templateDraftProblem,
} from '@common/api/templates';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { ApiRequestError } from '../../../api/client';
import { createTemplate, TEMPLATES_KEY, uploadHeaderSample } from '../../../api/templates';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TemplateMediaField, useMediaUpload } from '../../../components/TemplateMediaField';
import { TemplatePreview } from '../../../components/TemplatePreview';
import { inputClasses } from '../../../components/TextField';
import { Dialog } from '../../../ui/Dialog';

import { TemplateButtonsField } from './TemplateButtonsField';
import { bodyVariableCount, nextVariable, sampleProblem } from './templateDraft';

export { bodyVariableCount, nextVariable, sampleProblem };

type Props = { isOpen: boolean; onClose: () => void };

const labelClass = 'block text-sm font-medium text-slate-800';

type HeaderFormat = 'TEXT' | TemplateMediaFormat;
const HEADER_FORMATS: { format: HeaderFormat; label: string }[] = [
  { format: 'TEXT', label: 'Text' },
  { format: 'IMAGE', label: 'Image' },
  { format: 'VIDEO', label: 'Video' },
  { format: 'DOCUMENT', label: 'Document' },
];

/**
 * Create template (spec §5): Name (normalized as typed), optional Header, Body with variables and
 * their example values, optional Footer, buttons, category, language en_US; a live preview. The draft is
 * checked with the server's rules; Create stays disabled until name and body are filled.
 */
export function CreateTemplateDialog({ isOpen, onClose }: Props) {
  const client = useQueryClient();
  const [name, setName] = useState('');
  const [category, setCategory] = useState<TemplateCategory>('UTILITY');
  const [headerOn, setHeaderOn] = useState(false);
  const [headerFormat, setHeaderFormat] = useState<HeaderFormat>('TEXT');
  const [headerText, setHeaderText] = useState('');
  const [headerExample, setHeaderExample] = useState('');
  const [body, setBody] = useState('');
  const [examples, setExamples] = useState<string[]>([]);
  const [footerOn, setFooterOn] = useState(false);
  const [footer, setFooter] = useState('');
  const [buttons, setButtons] = useState<TemplateButtonDraft[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const mediaFormat = headerFormat === 'TEXT' ? null : headerFormat;
  const sample = useMediaUpload(
    (file, onProgress, signal) => uploadHeaderSample(mediaFormat ?? 'IMAGE', file, onProgress, signal),
    'Failed to upload file. Please try again.',
  );

  const reset = () => {
    setName('');
    setCategory('UTILITY');
    setHeaderOn(false);
    setHeaderFormat('TEXT');
    sample.clear();
    setHeaderText('');
    setHeaderExample('');
    setBody('');
    setExamples([]);
    setFooterOn(false);
    setFooter('');
    setButtons([]);
    setProblem(null);
  };
  const close = () => {
    reset();
    onClose();
  };

  const variableCount = bodyVariableCount(body);
  const headerHasVariable = placeholdersIn(headerText).length > 0;
  const draft: CreateTemplateDraft = {
    name,
    category,
    language: TEMPLATE_LANGUAGE,
    header: !headerOn
      ? null
      : mediaFormat
        ? { format: mediaFormat, mediaId: sample.media?.id ?? '' }
        : headerText.trim()
          ? { format: 'TEXT', text: headerText, example: headerExample }
          : null,
    body,
    bodyExamples: examples.slice(0, variableCount),
    footer: footerOn && footer.trim() ? footer : null,
    buttons,
  };

  const mutation = useMutation({
    mutationFn: () => createTemplate(draft),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: TEMPLATES_KEY });
      close();
    },
    onError: (error) => {
      setProblem(
        error instanceof ApiRequestError && error.hasServerMessage
          ? error.message
          : TEMPLATE_MSG.failedToCreate,
      );
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = templateDraftProblem(draft);
    if (found) {
      setProblem(found.message);
      return;
    }
    setProblem(null);
    mutation.mutate();
  };

  const canCreate = name.trim() !== '' && body.trim() !== '' && !sample.isUploading;
  const chooseFormat = (format: HeaderFormat) => {
    if (format !== headerFormat) sample.clear();
    setHeaderFormat(format);
  };

  return (
    <Dialog isOpen={isOpen} onClose={close} title="Create template" widthClass="max-w-5xl">
      <form onSubmit={submit} className="grid gap-6 md:grid-cols-[1fr_300px]" noValidate>
        <div className="max-h-[65vh] space-y-4 overflow-y-auto pr-1">
          <div>
            <label htmlFor="template-name" className={labelClass}>
              Name
            </label>
            <input
              id="template-name"
              className={inputClasses()}
              value={name}
              onChange={(e) => setName(normalizeTemplateName(e.target.value))}
              placeholder="order_update"
              maxLength={512}
            />
            <p className="mt-1 text-xs text-slate-500">{TEMPLATE_MSG.nameHint}</p>
          </div>

          <div className="grid grid-cols-2 gap-3">
            <div>
              <label htmlFor="template-category" className={labelClass}>
                Category
              </label>
              <select
                id="template-category"
                className={inputClasses()}
                value={category}
                onChange={(e) => setCategory(e.target.value as TemplateCategory)}
              >
                {TEMPLATE_CATEGORIES.map((c) => (
                  <option key={c} value={c}>
                    {c}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor="template-language" className={labelClass}>
                Language
              </label>
              <input id="template-language" className={inputClasses()} value={TEMPLATE_LANGUAGE} readOnly />
            </div>
          </div>

          <fieldset className="space-y-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" checked={headerOn} onChange={(e) => setHeaderOn(e.target.checked)} />
              Header
            </label>
            {headerOn && (
              <>
                <div
                  role="radiogroup"
                  aria-label="Header type"
                  className="inline-flex rounded-lg bg-slate-100 p-0.5 text-sm"
                >
                  {HEADER_FORMATS.map((option) => (
                    // biome-ignore lint/a11y/useSemanticElements: a segmented control of four choices
                    <button
                      key={option.format}
                      type="button"
                      role="radio"
                      aria-checked={headerFormat === option.format}
                      onClick={() => chooseFormat(option.format)}
                      className={`rounded-md px-3 py-1 font-medium transition-colors ${
                        headerFormat === option.format
                          ? 'bg-white text-slate-900 shadow-sm'
                          : 'text-slate-600 hover:text-slate-900'
                      }`}
                    >
                      {option.label}
                    </button>
                  ))}
                </div>
                {mediaFormat ? (
                  <TemplateMediaField
                    kind={TEMPLATE_SAMPLE_RULES[mediaFormat].kind}
                    label={`Header ${TEMPLATE_SAMPLE_RULES[mediaFormat].noun}`}
                    accept={TEMPLATE_SAMPLE_RULES[mediaFormat].accept}
                    hint={`A sample ${TEMPLATE_SAMPLE_RULES[mediaFormat].noun} for WhatsApp's review: ${TEMPLATE_SAMPLE_RULES[mediaFormat].typeLabel}, up to ${TEMPLATE_SAMPLE_RULES[mediaFormat].maxMb}MB.`}
                    upload={sample}
                    precheck={(file) => sampleProblem(mediaFormat, file)}
                  />
                ) : (
                  <>
                    <input
                      aria-label="Header text"
                      className={inputClasses()}
                      value={headerText}
                      onChange={(e) => setHeaderText(e.target.value)}
                      placeholder="Your order is on its way"
                      maxLength={60}
                    />
                    {headerHasVariable && (
                      <input
                        aria-label="Header example for {{1}}"
                        className={inputClasses()}
                        value={headerExample}
                        onChange={(e) => setHeaderExample(e.target.value)}
                        placeholder="Example for {{1}}"
                      />
                    )}
                  </>
                )}
              </>
            )}
          </fieldset>

          <div>
            <div className="flex items-center justify-between">
              <label htmlFor="template-body" className={labelClass}>
                Body
              </label>
              <button
                type="button"
                className="text-xs font-medium text-sky-700 hover:underline"
                onClick={() => setBody((b) => `${b}${b && !b.endsWith(' ') ? ' ' : ''}${nextVariable(b)}`)}
              >
                + Add variable
              </button>
            </div>
            <textarea
              id="template-body"
              className={`${inputClasses()} min-h-28`}
              value={body}
              onChange={(e) => setBody(e.target.value)}
              placeholder="Hi {{1}}, your order {{2}} is ready."
              maxLength={1024}
            />
            <p className="mt-1 text-xs text-slate-500">
              {body.length}/1024 · Variables are {'{{1}}'}, {'{{2}}'}… in order, each with an example value.
            </p>
            {variableCount > 0 && (
              <div className="mt-2 grid grid-cols-2 gap-2">
                {Array.from({ length: variableCount }, (_, i) => (
                  <input
                    // biome-ignore lint/suspicious/noArrayIndexKey: one field per variable number
                    key={i}
                    aria-label={`Example for {{${i + 1}}}`}
                    className={inputClasses()}
                    placeholder={`Example for {{${i + 1}}}`}
                    value={examples[i] ?? ''}
                    onChange={(e) =>
                      setExamples((list) => {
                        const next = [...list];
                        next[i] = e.target.value;
                        return next;
                      })
                    }
                  />
                ))}
              </div>
            )}
          </div>

          <fieldset className="space-y-2">
            <label className="flex items-center gap-2 text-sm font-medium text-slate-800">
              <input type="checkbox" checked={footerOn} onChange={(e) => setFooterOn(e.target.checked)} />
              Footer
            </label>
            {footerOn && (
              <input
                aria-label="Footer text"
                className={inputClasses()}
                value={footer}
                onChange={(e) => setFooter(e.target.value)}
                placeholder="Reply STOP to unsubscribe"
                maxLength={60}
              />
            )}
          </fieldset>

          <TemplateButtonsField buttons={buttons} onChange={setButtons} />
          {problem && <Alert testId="create-template-error">{problem}</Alert>}
        </div>

        <div className="space-y-3">
          <p className="text-sm font-medium text-slate-800">Preview</p>
          <TemplatePreview
            header={
              draft.header?.format === 'TEXT'
                ? { format: 'TEXT', text: draft.header.text }
                : draft.header
                  ? { format: draft.header.format, text: null }
                  : null
            }
            headerMedia={
              sample.previewUrl && sample.file
                ? { url: sample.previewUrl, filename: sample.file.name, uploading: sample.isUploading }
                : null
            }
            body={body}
            footer={draft.footer ?? null}
            buttons={buttons}
            values={{ body: examples, header: [headerExample] }}
          />
          <div className="flex justify-end gap-2 pt-2">
            <Button variant="ghost" onClick={close}>
              Cancel
            </Button>
            <Button
              type="submit"
              variant="brand"
              disabled={!canCreate}
              isLoading={mutation.isPending}
              loadingText="Creating…"
            >
              Create
            </Button>
          </div>
        </div>
      </form>
    </Dialog>
  );
}
