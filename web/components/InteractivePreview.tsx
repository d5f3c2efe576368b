/**
 * InteractivePreview — a reply-button, list or link-button message drawn as the customer's WhatsApp
 * shows it: optional header, the body, a grey footer, then the buttons under a hairline.
 *
 * Used by the chat (an interactive message we sent) and by the composer's dialogs (the live preview).
 * Nothing here is tappable except the list's button, which shows its rows so the agent can read them.
 */

import type { OutgoingInteractiveContent } from '@common/message-content';
import { ExternalLinkIcon, FileTextIcon, FilmIcon, ImageIcon, ListIcon, ReplyIcon } from 'lucide-react';
import { useId, useState } from 'react';

const optionClass =
  'flex w-full items-center justify-center gap-1.5 border-t border-slate-900/10 py-2 text-[14px] font-medium text-[#026a99]';

/** Only a web address becomes a link (never javascript: or data:). */
function safeUrl(url: string): string | null {
  return /^https?:\/\//i.test(url) ? url : null;
}

/** A file header with nothing to draw yet (still sending, or the dialog's file not chosen). */
function FileHeaderPlaceholder({ kind }: { kind: 'image' | 'video' | 'document' }) {
  const Icon = kind === 'image' ? ImageIcon : kind === 'video' ? FilmIcon : FileTextIcon;
  return (
    <div className="mb-1.5 flex h-24 items-center justify-center rounded-md bg-slate-900/5 text-slate-600">
      <Icon className="size-7" aria-hidden />
      <span className="sr-only">{kind} header</span>
    </div>
  );
}

/**
 * The inside of the bubble: header, body, footer and the buttons, WhatsApp style. `headerMedia`
 * draws an image/video/document header (the chat's media body, or the dialog's chosen file).
 */
export function InteractiveContent({
  content,
  headerMedia,
}: {
  content: OutgoingInteractiveContent;
  headerMedia?: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const rowsId = useId();
  const header = content.header;
  return (
    <div
      className="min-w-[220px] text-[14.5px] leading-[1.35] text-[#111b21]"
      data-testid="interactive-content"
    >
      {header?.type === 'text' && <p className="mb-0.5 font-semibold">{header.text}</p>}
      {header && header.type !== 'text' && (
        <div className="mb-1.5" data-testid="interactive-header-media">
          {headerMedia ?? <FileHeaderPlaceholder kind={header.type} />}
        </div>
      )}
      <p className="break-words whitespace-pre-wrap">{content.body}</p>
      {content.footer && <p className="mt-1 text-[12.5px] text-slate-600">{content.footer}</p>}
      <div className="-mx-2 mt-2 -mb-1">
        {content.kind === 'buttons' && (
          <ul aria-label="Reply buttons">
            {content.buttons.map((button) => (
              <li key={button.id} className={optionClass}>
                <ReplyIcon className="size-4" aria-hidden />
                {button.title}
              </li>
            ))}
          </ul>
        )}
        {content.kind === 'list' && (
          <>
            <button
              type="button"
              className={`${optionClass} hover:bg-black/[0.03]`}
              aria-expanded={open}
              aria-controls={rowsId}
              onClick={() => setOpen((v) => !v)}
            >
              <ListIcon className="size-4" aria-hidden />
              {content.button}
            </button>
            {open && (
              <div
                id={rowsId}
                className="border-t border-slate-900/10 px-2 pb-1"
                data-testid="interactive-rows"
              >
                {content.sections.map((section, i) => (
                  <section
                    // biome-ignore lint/suspicious/noArrayIndexKey: sections keep their order
                    key={i}
                    aria-label={section.title || content.button}
                  >
                    {section.title && (
                      <h4 className="pt-2 pb-1 text-[12px] font-semibold tracking-wide text-[#026a99] uppercase">
                        {section.title}
                      </h4>
                    )}
                    <ul>
                      {section.rows.map((row) => (
                        <li key={row.id} className="px-2 py-1.5">
                          <span className="block text-[14px]">{row.title}</span>
                          {row.description && (
                            <span className="block text-[12.5px] text-slate-600">{row.description}</span>
                          )}
                        </li>
                      ))}
                    </ul>
                  </section>
                ))}
              </div>
            )}
          </>
        )}
        {content.kind === 'cta_url' &&
          (safeUrl(content.url) ? (
            <a
              href={safeUrl(content.url)!}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className={`${optionClass} hover:bg-black/[0.03]`}
            >
              <ExternalLinkIcon className="size-4" aria-hidden />
              {content.displayText}
            </a>
          ) : (
            <span className={optionClass}>
              <ExternalLinkIcon className="size-4" aria-hidden />
              {content.displayText}
            </span>
          ))}
      </div>
    </div>
  );
}

/** The live preview of a dialog: one outgoing bubble on the chat's wallpaper. */
export function PhonePreview({ children, label = 'Preview' }: { children: React.ReactNode; label?: string }) {
  return (
    <figure className="flex flex-col gap-1.5" aria-label={label}>
      <figcaption className="text-xs font-medium text-slate-600">{label}</figcaption>
      <div
        className="flex min-h-40 items-start justify-end rounded-xl bg-[#efeae2] p-3"
        data-testid="phone-preview"
      >
        <div className="max-w-[85%] rounded-lg rounded-tr-none bg-[#d9fdd3] px-2 pt-1.5 pb-1 shadow-[0_1px_0.5px_rgba(11,20,26,0.13)]">
          {children}
        </div>
      </div>
    </figure>
  );
}
