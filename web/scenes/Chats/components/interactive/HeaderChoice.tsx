import { type HeaderMediaFile, type HeaderMediaKind, INTERACTIVE_LIMITS } from '@common/api/interactive';
import { FileTextIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { errorMessage } from '../../../../api/client';
import { uploadHeaderMedia } from '../../../../api/richSends';
import { Spinner } from '../../../../components/Spinner';
import { ACCEPT } from '../../attachments';
import { CountedField } from './fields';

/**
 * The reply-buttons header (issue 17): None, Text, or an Image, Video or Document (Meta allows a
 * file header on reply buttons; lists take text only). A chosen file is uploaded at once, so the
 * preview shows it and the send names it by id; the server judges the bytes with the composer's rules.
 */

export type HeaderKind = 'none' | 'text' | HeaderMediaKind;

const KINDS: { kind: HeaderKind; label: string }[] = [
  { kind: 'none', label: 'None' },
  { kind: 'text', label: 'Text' },
  { kind: 'image', label: 'Image' },
  { kind: 'video', label: 'Video' },
  { kind: 'document', label: 'Document' },
];

export const HEADER_FILE_MISSING = 'Choose a file for the header';

export type HeaderState = {
  kind: HeaderKind;
  file: HeaderMediaFile | null;
  uploading: boolean;
};

/** The dialog opens on a text header (left empty: no header). */
export const NO_HEADER: HeaderState = { kind: 'text', file: null, uploading: false };

/** The header's problem the schema cannot see: a file kind chosen without its file. */
export function headerProblem(state: HeaderState): string | null {
  if (state.kind === 'none' || state.kind === 'text') return null;
  return state.file && !state.uploading ? null : HEADER_FILE_MISSING;
}

type Props = {
  state: HeaderState;
  onChange: (state: HeaderState) => void;
  text: string;
  onText: (text: string) => void;
  textError: string | null;
};

export function HeaderChoice({ state, onChange, text, onText, textError }: Props) {
  const id = useId();
  const [uploadError, setUploadError] = useState<string | null>(null);
  const kindLabel = KINDS.find((k) => k.kind === state.kind)?.label ?? '';

  const pick = async (file: File | undefined) => {
    if (!file || state.kind === 'none' || state.kind === 'text') return;
    const kind = state.kind;
    setUploadError(null);
    onChange({ kind, file: null, uploading: true });
    try {
      const { media } = await uploadHeaderMedia(kind, file);
      onChange({ kind, file: media, uploading: false });
    } catch (error) {
      setUploadError(errorMessage(error, 'Failed to upload file. Please try again.'));
      onChange({ kind, file: null, uploading: false });
    }
  };

  const problem = uploadError ?? (state.uploading ? null : headerProblem(state));
  return (
    <fieldset className="space-y-2">
      <legend className="mb-1 text-sm font-medium text-slate-800">
        Header <span className="font-normal text-slate-600">(optional)</span>
      </legend>
      <div className="flex flex-wrap gap-x-4 gap-y-1">
        {KINDS.map(({ kind, label }) => (
          <label key={kind} className="inline-flex items-center gap-1.5 text-sm text-slate-800">
            <input
              type="radio"
              name={`${id}-kind`}
              value={kind}
              checked={state.kind === kind}
              onChange={() => {
                setUploadError(null);
                onChange({ kind, file: null, uploading: false });
              }}
              className="accent-brand-700"
            />
            {label}
          </label>
        ))}
      </div>
      {state.kind === 'text' && (
        <CountedField
          label="Header text"
          value={text}
          onChange={onText}
          max={INTERACTIVE_LIMITS.header}
          error={textError}
        />
      )}
      {state.kind !== 'none' && state.kind !== 'text' && (
        <div>
          <label htmlFor={`${id}-file`} className="mb-1 block text-sm font-medium text-slate-800">
            {kindLabel} file
          </label>
          <input
            id={`${id}-file`}
            type="file"
            accept={ACCEPT[state.kind]}
            aria-describedby={`${id}-file-note`}
            aria-invalid={problem ? true : undefined}
            onChange={(event) => void pick(event.target.files?.[0])}
            className="block w-full text-sm text-slate-700 file:mr-3 file:h-9 file:rounded-lg file:border-0 file:bg-slate-100 file:px-3 file:text-sm file:font-medium file:text-slate-800 hover:file:bg-slate-200"
            data-testid="header-file"
          />
          <p id={`${id}-file-note`} className="mt-1 min-h-4 text-xs" aria-live="polite">
            {state.uploading ? (
              <span className="inline-flex items-center gap-1.5 text-slate-600">
                <Spinner className="size-3.5" /> Uploading…
              </span>
            ) : problem ? (
              <span className="text-red-700">{problem}</span>
            ) : state.file ? (
              <span className="text-slate-600">{state.file.filename ?? kindLabel} ready</span>
            ) : null}
          </p>
        </div>
      )}
    </fieldset>
  );
}

/** The chosen header file as the preview draws it. */
export function HeaderFilePreview({ file }: { file: HeaderMediaFile }) {
  if (file.kind === 'image') {
    return <img src={file.url} alt="Header" className="max-h-48 w-full rounded-md object-cover" />;
  }
  if (file.kind === 'video') {
    return <video src={file.url} muted className="max-h-48 w-full rounded-md bg-black" />;
  }
  return (
    <div className="flex items-center gap-2 rounded-md bg-slate-900/5 px-2 py-2 text-sm">
      <FileTextIcon className="size-5 shrink-0 text-slate-600" aria-hidden />
      <span className="truncate">{file.filename ?? 'Document'}</span>
    </div>
  );
}
