import type { InboxMessage } from '@common/api/inbox';
import { DownloadIcon, FileTextIcon } from 'lucide-react';
import { useState } from 'react';
import { Spinner } from '../../../../components/Spinner';
import { COPY } from '../../../../copy';
import { showToast } from '../../../../ui/Toast';
import { documentDetails, extensionBadgeClass, extensionOf } from '../../fileInfo';

/** Saves a stored file through fetch (so failures can be explained); falls back to opening the link. */
async function download(url: string, filename: string) {
  let response: Response;
  try {
    response = await fetch(`${url}?download=1`, { credentials: 'same-origin' });
  } catch {
    showToast(COPY.failedToDownloadDocument, 'error');
    return;
  }
  if (!response.ok) {
    showToast(
      response.status >= 500 || response.status === 404
        ? COPY.documentDownloadUnavailable
        : COPY.failedToDownloadDocument,
      'error',
    );
    return;
  }
  try {
    const blob = await response.blob();
    const objectUrl = URL.createObjectURL(blob);
    const link = document.createElement('a');
    link.href = objectUrl;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
  } catch {
    window.open(`${url}?download=1`, '_blank', 'noopener');
  }
}

/** A document: type badge, name, size (and page estimate for PDFs), and a download button. */
export function DocumentCard({ message }: { message: InboxMessage }) {
  const [busy, setBusy] = useState(false);
  const media = message.media;
  const content = message.content;
  const filename =
    media?.filename ??
    (content.kind === 'document' ? (content.media.filename ?? content.media.caption) : null) ??
    'Document';
  const mimeType = media?.mimeType ?? null;
  const ext = extensionOf(filename, mimeType);
  const details = documentDetails(media?.fileSize ?? null, filename, mimeType);
  const canDownload = media?.status === 'ready' && media.url?.startsWith('/api/');

  const handleDownload = async () => {
    if (!media?.url) return;
    setBusy(true);
    await download(media.url, filename);
    setBusy(false);
  };

  return (
    <div className="flex w-[280px] max-w-full items-center gap-3 rounded-lg bg-slate-900/[0.045] p-2.5">
      <div className="relative shrink-0 text-slate-400">
        <FileTextIcon className="size-10" />
        {ext && (
          <span
            className={`absolute -bottom-0.5 -left-1 rounded px-1 py-px text-[9px] font-bold tracking-wide text-white uppercase ${extensionBadgeClass(ext)}`}
          >
            {ext.slice(0, 4)}
          </span>
        )}
      </div>
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium text-slate-900" title={filename}>
          {filename}
        </p>
        <p className="mt-0.5 text-xs text-slate-500">
          {media?.status === 'pending' && message.direction === 'incoming'
            ? COPY.downloading
            : details || ext.toUpperCase()}
        </p>
      </div>
      {canDownload && (
        <button
          type="button"
          onClick={handleDownload}
          disabled={busy}
          aria-label={`Download ${filename}`}
          className="flex size-9 shrink-0 items-center justify-center rounded-full text-slate-500 ring-1 ring-slate-300 transition-colors hover:bg-white hover:text-slate-800"
        >
          {busy ? <Spinner className="size-4" /> : <DownloadIcon className="size-4.5" />}
        </button>
      )}
    </div>
  );
}
