/**
 * TemplateMediaField — picks the file of a template's image/video/document header and uploads it at
 * once (progress bar, the server's message when it refuses the file). Used by the create dialog (the
 * template's sample) and by TemplatePicker (the file one send carries).
 *
 *   const upload = useMediaUpload((file, onProgress, signal) => uploadHeaderSample('IMAGE', file, onProgress, signal));
 *   <TemplateMediaField kind="image" label="Header image" accept="image/jpeg,image/png" upload={upload} />
 *
 * `upload.media` is the stored file once it is up; `upload.previewUrl` shows the picked file at once.
 */
import type { TemplateMedia, TemplateMediaKind, TemplateMediaResponse } from '@common/api/templates';
import { FileTextIcon, ImageIcon, VideoIcon } from 'lucide-react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../api/client';
import { Button } from './Button';
import { formatBytes } from './fileSize';

type Uploader = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<TemplateMediaResponse>;

export type MediaUpload = {
  file: File | null;
  /** A local URL of the picked file, for the preview while (and after) it uploads. */
  previewUrl: string | null;
  /** The stored file once the upload finished. */
  media: TemplateMedia | null;
  /** 0…1 while uploading, else null. */
  progress: number | null;
  error: string | null;
  isUploading: boolean;
  pick: (file: File, problem?: string | null) => void;
  clear: () => void;
};

/** State and actions of one header file upload; a new pick cancels the one before. */
export function useMediaUpload(uploader: Uploader, fallbackError: string): MediaUpload {
  const [file, setFile] = useState<File | null>(null);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [media, setMedia] = useState<TemplateMedia | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  const uploaderRef = useRef(uploader);
  uploaderRef.current = uploader;

  // A replaced preview's URL is let go; leaving the screen cancels an upload still running.
  useEffect(
    () => () => {
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    },
    [previewUrl],
  );
  useEffect(() => () => running.current?.abort(), []);

  const clear = useCallback(() => {
    running.current?.abort();
    running.current = null;
    setFile(null);
    setPreviewUrl(null);
    setMedia(null);
    setProgress(null);
    setError(null);
  }, []);

  const pick = useCallback(
    (next: File, problem: string | null = null) => {
      clear();
      if (problem) {
        setError(problem);
        return;
      }
      const controller = new AbortController();
      running.current = controller;
      setFile(next);
      setPreviewUrl(URL.createObjectURL(next));
      setProgress(0);
      uploaderRef
        .current(next, (fraction) => setProgress(fraction), controller.signal)
        .then(({ media: stored }) => {
          if (controller.signal.aborted) return;
          setMedia(stored);
          setProgress(null);
        })
        .catch((failure: unknown) => {
          if (controller.signal.aborted) return;
          setFile(null);
          setPreviewUrl(null);
          setProgress(null);
          setError(errorMessage(failure, fallbackError));
        });
    },
    [clear, fallbackError],
  );

  return {
    file,
    previewUrl,
    media,
    progress,
    error,
    isUploading: progress !== null,
    pick,
    clear,
  };
}

const ICONS = { image: ImageIcon, video: VideoIcon, document: FileTextIcon };

type FieldProps = {
  kind: TemplateMediaKind;
  label: string;
  accept: string;
  hint: string;
  upload: MediaUpload;
  /** What is used when nothing was picked (the template's sample), shown in place of a file. */
  fallback?: { filename: string | null; note: string } | null;
  /** Checks the browser's idea of the file before it goes up (the server checks the bytes). */
  precheck?: (file: File) => string | null;
};

export function TemplateMediaField({ kind, label, accept, hint, upload, fallback, precheck }: FieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const Icon = ICONS[kind];
  const shown = upload.file
    ? { name: upload.file.name, detail: formatBytes(upload.file.size) }
    : fallback
      ? { name: fallback.filename ?? label, detail: fallback.note }
      : null;
  return (
    <div className="space-y-1.5" data-testid="template-media-field">
      <div className="flex items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-slate-50 p-2.5">
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-white text-slate-500 ring-1 ring-slate-200">
          <Icon className="size-5" />
        </span>
        <div className="min-w-0 flex-1 text-sm">
          {shown ? (
            <>
              <p className="truncate font-medium text-slate-800" data-testid="template-media-name">
                {shown.name}
              </p>
              <p className="text-xs text-slate-500">
                {upload.isUploading
                  ? `Uploading… ${Math.round((upload.progress ?? 0) * 100)}%`
                  : shown.detail}
              </p>
            </>
          ) : (
            <p className="text-slate-500">{hint}</p>
          )}
          {upload.isUploading && (
            <div className="mt-1 h-1 overflow-hidden rounded-full bg-slate-200">
              <div
                className="h-full bg-brand-600 transition-[width]"
                style={{ width: `${Math.round((upload.progress ?? 0) * 100)}%` }}
              />
            </div>
          )}
        </div>
        <Button size="sm" variant="secondary" onClick={() => input.current?.click()}>
          {upload.file ? 'Replace' : shown ? 'Choose another' : `Choose ${kind}`}
        </Button>
        <input
          ref={input}
          type="file"
          accept={accept}
          aria-label={label}
          className="sr-only"
          tabIndex={-1}
          onChange={(event) => {
            const picked = event.target.files?.[0];
            event.target.value = '';
            if (picked) upload.pick(picked, precheck?.(picked) ?? null);
          }}
        />
      </div>
      {upload.error && (
        <p className="text-xs text-red-700" role="alert" data-testid="template-media-error">
          {upload.error}
        </p>
      )}
    </div>
  );
}
