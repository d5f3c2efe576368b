/**
 * TemplatePreview — a message template drawn as a WhatsApp chat bubble (header, body, footer, buttons).
 *
 * Props:
 * - `header`: `{ format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT', text }` or null.
 * - `headerMedia`: the file an image/video/document header shows (`url`, `filename`); without one
 *   the header is a placeholder with the format's icon. `uploading` dims it while it goes up.
 * - `body`, `footer`: the texts; `{{n}}` placeholders are filled from `values.body` / `values.header`
 *   when a value is given, otherwise shown as they are (highlighted) so the author sees the variables.
 * - `buttons`: `{ type, text }[]` (QUICK_REPLY, URL, PHONE_NUMBER) shown under the bubble.
 * - `compact`: a smaller bubble with the body clamped, for grid cards.
 *
 * Used by the marketing grid, the create dialog (live preview) and TemplatePicker.
 */

import { FileTextIcon, ImageIcon, PlayIcon, VideoIcon } from 'lucide-react';
import { Fragment, type ReactNode } from 'react';

export type TemplatePreviewMedia = { url: string; filename?: string | null; uploading?: boolean };

export type TemplatePreviewProps = {
  header?: { format: string; text: string | null } | null;
  headerMedia?: TemplatePreviewMedia | null;
  body: string;
  footer?: string | null;
  buttons?: { type: string; text: string }[];
  values?: { body?: readonly string[]; header?: readonly string[] };
  compact?: boolean;
};

/** Splits a text into plain runs and `{{n}}` runs, filled from `values` when one is given. */
function withVariables(text: string, values: readonly string[] = []): ReactNode[] {
  const nodes: ReactNode[] = [];
  const pattern = /\{\{\s*(\d+)\s*\}\}/g;
  let last = 0;
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (match.index > last) nodes.push(<Fragment key={`t${last}`}>{text.slice(last, match.index)}</Fragment>);
    const value = values[Number(match[1]) - 1];
    nodes.push(
      value ? (
        <Fragment key={`v${match.index}`}>{value}</Fragment>
      ) : (
        <span key={`v${match.index}`} className="rounded bg-sky-100 px-0.5 font-medium text-sky-700">
          {match[0]}
        </span>
      ),
    );
    last = match.index + match[0].length;
  }
  if (last < text.length) nodes.push(<Fragment key={`t${last}`}>{text.slice(last)}</Fragment>);
  return nodes;
}

const BUTTON_ICONS: Record<string, string> = { URL: '↗', PHONE_NUMBER: '✆', QUICK_REPLY: '↩' };

/** The extension a document card shows ('PDF'). */
function extensionOf(filename: string | null | undefined): string {
  const dot = filename?.lastIndexOf('.') ?? -1;
  return dot > 0 ? filename!.slice(dot + 1).toUpperCase() : 'PDF';
}

/** An image/video/document header as WhatsApp draws it at the top of the bubble. */
function MediaHeader({
  format,
  media,
  compact,
}: {
  format: string;
  media: TemplatePreviewMedia | null;
  compact: boolean;
}) {
  const height = compact ? 'h-28' : 'h-40';
  const dim = media?.uploading ? 'opacity-60' : '';
  if (format === 'DOCUMENT') {
    return (
      <div
        className={`-mx-1 -mt-1 mb-2 flex items-center gap-2.5 rounded-md bg-slate-100 p-2.5 ${dim}`}
        data-testid="template-preview-media"
        data-kind="document"
      >
        <span className="flex size-9 shrink-0 items-center justify-center rounded-md bg-[#e9574a] text-white">
          <FileTextIcon className="size-5" />
        </span>
        <span className="min-w-0">
          <span className="block truncate text-[13px] font-medium text-slate-800">
            {media?.filename ?? 'Document'}
          </span>
          <span className="text-[10px] tracking-wide text-slate-500 uppercase">
            {extensionOf(media?.filename)}
          </span>
        </span>
      </div>
    );
  }
  if (!media) {
    const Icon = format === 'VIDEO' ? VideoIcon : ImageIcon;
    return (
      <div
        className={`-mx-1 -mt-1 mb-2 flex ${height} flex-col items-center justify-center gap-1 rounded-md bg-slate-200 text-slate-500`}
        data-testid="template-preview-media"
        data-kind={format.toLowerCase()}
      >
        <Icon className="size-7" />
        <span className="text-[11px] font-medium">{format === 'VIDEO' ? 'Video' : 'Image'}</span>
      </div>
    );
  }
  if (format === 'VIDEO') {
    return (
      <div
        className={`relative -mx-1 -mt-1 mb-2 ${height} overflow-hidden rounded-md bg-slate-900 ${dim}`}
        data-testid="template-preview-media"
        data-kind="video"
      >
        <video src={media.url} preload="metadata" muted className="size-full object-cover" />
        <span className="absolute inset-0 flex items-center justify-center">
          <span className="flex size-10 items-center justify-center rounded-full bg-black/50 text-white">
            <PlayIcon className="size-5" />
          </span>
        </span>
      </div>
    );
  }
  return (
    <img
      src={media.url}
      alt={media.filename ?? 'Header image'}
      className={`-mx-1 -mt-1 mb-2 block ${height} w-[calc(100%+0.5rem)] max-w-none rounded-md bg-slate-100 object-cover ${dim}`}
      data-testid="template-preview-media"
      data-kind="image"
    />
  );
}

export function TemplatePreview({
  header,
  headerMedia = null,
  body,
  footer,
  buttons = [],
  values,
  compact = false,
}: TemplatePreviewProps) {
  const mediaHeader = header && header.format !== 'TEXT';
  return (
    <div className="rounded-xl bg-[#e7ddd4] p-3" data-testid="template-preview">
      <div className="max-w-[280px] rounded-lg rounded-tl-none bg-white p-2 text-[13px] leading-snug text-slate-800 shadow-sm">
        {mediaHeader && <MediaHeader format={header.format} media={headerMedia} compact={compact} />}
        {header?.format === 'TEXT' && header.text && (
          <p className="mb-1 font-semibold text-slate-900">{withVariables(header.text, values?.header)}</p>
        )}
        <p className={`break-words whitespace-pre-wrap ${compact ? 'line-clamp-5' : ''}`}>
          {body ? withVariables(body, values?.body) : <span className="text-slate-400">Your message…</span>}
        </p>
        {footer && <p className="mt-1 text-[11px] text-slate-500">{footer}</p>}
        <p className="mt-0.5 text-right text-[10px] text-slate-400">12:00</p>
      </div>
      {buttons.length > 0 && (
        <div className="mt-1 max-w-[280px] space-y-1">
          {buttons.slice(0, compact ? 3 : 10).map((button, i) => (
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: buttons have no id and keep their order
              key={i}
              className="rounded-lg bg-white py-1.5 text-center text-[13px] font-medium text-sky-700 shadow-sm"
            >
              <span aria-hidden="true">{BUTTON_ICONS[button.type] ?? ''} </span>
              {button.text || 'Button'}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}
