import { FileTextIcon, ImageIcon, PaperclipIcon, SendHorizontalIcon, XIcon } from 'lucide-react';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import type { ChatMessage } from '../api';

type Props = {
  replyTo: ChatMessage | null;
  onCancelReply: () => void;
  onSendText: (text: string) => Promise<unknown>;
  onSendFile: (file: File, asDocument: boolean, caption: string) => Promise<unknown>;
  busy: boolean;
};

function replyPreview(message: ChatMessage): string {
  return (
    message.template?.body ??
    message.text ??
    message.media?.caption ??
    (message.media?.kind === 'document' ? `📄 ${message.media.filename ?? 'Document'}` : '📷 Photo')
  );
}

/** The bottom bar: text, attach a photo or document (the typed text becomes its caption), send. */
export function Composer({ replyTo, onCancelReply, onSendText, onSendFile, busy }: Props) {
  const [text, setText] = useState('');
  const [menuOpen, setMenuOpen] = useState(false);
  const photoInput = useRef<HTMLInputElement>(null);
  const documentInput = useRef<HTMLInputElement>(null);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const value = text.trim();
    if (!value || busy) return;
    try {
      await onSendText(value);
      setText('');
    } catch {
      // The chat shows the error; the text stays so it can be sent again.
    }
  };

  const pick = (asDocument: boolean) => async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    setMenuOpen(false);
    if (!file) return;
    try {
      await onSendFile(file, asDocument, text.trim());
      setText('');
    } catch {
      // Shown by the chat.
    }
  };

  return (
    <div className="relative shrink-0 bg-[#f0f2f5] px-2 pt-1.5 pb-2">
      {replyTo && (
        <div className="mb-1.5 flex animate-fade-in items-stretch gap-2 rounded-lg bg-white p-1.5 shadow-sm">
          <div
            className={`min-w-0 flex-1 rounded-md border-l-4 bg-[#f5f6f6] px-2 py-1 ${
              replyTo.from === 'business' ? 'border-[#06cf9c]' : 'border-[#53bdeb]'
            }`}
          >
            <p
              className={`text-xs font-semibold ${replyTo.from === 'business' ? 'text-[#06a884]' : 'text-[#3a9ad9]'}`}
            >
              {replyTo.from === 'business' ? 'Business' : 'You'}
            </p>
            <p className="truncate text-[13px] text-slate-600">{replyPreview(replyTo)}</p>
          </div>
          <button
            type="button"
            onClick={onCancelReply}
            aria-label="Cancel reply"
            className="self-center rounded-full p-1 text-slate-500 hover:bg-slate-100"
          >
            <XIcon className="size-4" />
          </button>
        </div>
      )}

      {menuOpen && (
        <div className="absolute bottom-16 left-2 z-20 w-48 animate-pop-in overflow-hidden rounded-xl bg-white py-1.5 shadow-pop ring-1 ring-black/5">
          <button
            type="button"
            onClick={() => photoInput.current?.click()}
            className="flex w-full items-center gap-3 px-3.5 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-[#bf59cf] text-white">
              <ImageIcon className="size-4" />
            </span>
            Photo
          </button>
          <button
            type="button"
            onClick={() => documentInput.current?.click()}
            className="flex w-full items-center gap-3 px-3.5 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
          >
            <span className="flex size-8 items-center justify-center rounded-full bg-[#7f66ff] text-white">
              <FileTextIcon className="size-4" />
            </span>
            Document
          </button>
        </div>
      )}
      <input
        ref={photoInput}
        type="file"
        accept="image/jpeg,image/png,video/mp4"
        className="hidden"
        onChange={pick(false)}
        data-testid="sandbox-photo-input"
      />
      <input
        ref={documentInput}
        type="file"
        className="hidden"
        onChange={pick(true)}
        data-testid="sandbox-document-input"
      />

      <form onSubmit={submit} className="flex items-end gap-1.5">
        <div className="flex min-h-11 flex-1 items-end rounded-3xl bg-white pr-1 pl-1 shadow-sm">
          <button
            type="button"
            aria-label="Attach"
            aria-expanded={menuOpen}
            onClick={() => setMenuOpen((v) => !v)}
            className={`mb-1.5 flex size-8 shrink-0 items-center justify-center rounded-full text-slate-500 transition-transform hover:text-slate-700 ${
              menuOpen ? 'rotate-45' : ''
            }`}
          >
            <PaperclipIcon className="size-5" />
          </button>
          <textarea
            value={text}
            onChange={(e) => setText(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter' && !e.shiftKey) {
                e.preventDefault();
                void submit();
              }
            }}
            rows={1}
            placeholder="Message"
            aria-label="Message"
            className="max-h-28 min-h-11 flex-1 resize-none bg-transparent px-1.5 py-3 text-[15px] leading-5 text-slate-800 outline-none placeholder:text-slate-400"
          />
        </div>
        <button
          type="submit"
          aria-label="Send"
          disabled={busy || text.trim() === ''}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-[#00a884] text-white shadow-sm transition-colors hover:bg-[#029a79] disabled:bg-[#00a884]/60"
        >
          <SendHorizontalIcon className="size-5 translate-x-px" />
        </button>
      </form>
    </div>
  );
}
