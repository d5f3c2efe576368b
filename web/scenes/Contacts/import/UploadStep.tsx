import type { CreateImportResponse } from '@common/api/contact-imports';
import { IMPORT_MAX_BYTES, IMPORT_MSG } from '@common/api/contact-imports';
import { FileUpIcon } from 'lucide-react';
import { useState } from 'react';
import { Button as AriaButton, DropZone, FileTrigger } from 'react-aria-components';
import { errorMessage } from '../../../api/client';
import { uploadImport } from '../../../api/contactImports';
import { Alert } from '../../../components/Alert';
import { buttonClasses } from '../../../components/Button';
import { Spinner } from '../../../components/Spinner';

type Props = { onUploaded: (result: CreateImportResponse) => void };

/** Step 1: a drop zone and a file button; the file is checked on the server (rows, format). */
export function UploadStep({ onUploaded }: Props) {
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);

  const upload = async (file: File | null | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > IMPORT_MAX_BYTES) return setError(IMPORT_MSG.tooLarge);
    setProgress(0);
    try {
      onUploaded(await uploadImport(file, setProgress));
    } catch (e) {
      setError(errorMessage(e, 'The file could not be uploaded. Try again.'));
    } finally {
      setProgress(null);
    }
  };

  return (
    <div className="space-y-4">
      <DropZone
        aria-label="Drop a CSV file here"
        getDropOperation={(types) => (types.has('text/csv') || types.has('Files') ? 'copy' : 'cancel')}
        onDrop={async (event) => {
          const item = event.items.find((i) => i.kind === 'file');
          if (item && item.kind === 'file') await upload(await item.getFile());
        }}
        className={({ isDropTarget }) =>
          `flex flex-col items-center justify-center gap-3 rounded-2xl border-2 border-dashed px-6 py-14 text-center transition-colors ${
            isDropTarget ? 'border-brand-500 bg-brand-50' : 'border-slate-300 bg-white'
          }`
        }
      >
        {progress !== null ? (
          <>
            <Spinner label="Uploading" />
            <p className="text-sm text-slate-600" aria-live="polite">
              Uploading and reading the file… {Math.round(progress * 100)}%
            </p>
          </>
        ) : (
          <>
            <span className="flex size-12 items-center justify-center rounded-full bg-slate-100 text-slate-600">
              <FileUpIcon className="size-6" aria-hidden="true" />
            </span>
            <div>
              <p className="text-sm font-medium text-slate-900">Drag a CSV file here, or choose one</p>
              <p className="mt-1 text-sm text-slate-500">
                Up to 50 MB and 200,000 rows. UTF-8, separated by commas or semicolons, with a header row.
              </p>
            </div>
            <FileTrigger
              acceptedFileTypes={['.csv', 'text/csv']}
              onSelect={(files) => void upload(files?.[0])}
            >
              <AriaButton className={buttonClasses('brand')}>Choose a CSV file</AriaButton>
            </FileTrigger>
          </>
        )}
      </DropZone>
      {error && <Alert testId="import-upload-error">{error}</Alert>}
    </div>
  );
}
