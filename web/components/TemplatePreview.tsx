/**
 * TemplatePreview — a message template drawn as a WhatsApp chat bubble (header, body, footer, buttons).
 *
 * Props:
 * - `header`: `{ format: 'TEXT' | 'IMAGE' | 'VIDEO' | 'DOCUMENT', text }` or null.
 * - `body`, `footer`: the texts; `{{n}}` placeholders are filled from `values.body` / `values.header`
 *   when a value is given, otherwise shown as they are (highlighted) so the author sees the variables.
 * - `buttons`: `{ type, text }[]` (QUICK_REPLY, URL, PHONE_NUMBER) shown under the bubble.
 * - `compact`: a smaller bubble with the body clamped, for grid cards.
 *
 * Used by the marketing grid, the create dialog (live preview) and TemplatePicker.
 */
import { Fragment, type ReactNode } from 'react';

export type TemplatePreviewProps = {
  header?: { format: string; text: string | null } | null;
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

export function TemplatePreview({
  header,
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
        {mediaHeader && (
          <div className="mb-2 flex h-24 items-center justify-center rounded-md bg-slate-200 text-xs font-medium text-slate-500 uppercase">
            {header.format.toLowerCase()}
          </div>
        )}
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
              className="rounded-lg bg-white py-1.5 text-center text-[13px] font-medium text-sky-600 shadow-sm"
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
