/**
 * TemplatePicker — the body of the 'Send Template Message' modal (spec §2): a 3-column grid of the
 * account's approved templates, each with Send; a template with variables opens a fill-in step
 * (prefilled from the contact: the first body variable gets the contact's name) with a live preview.
 * 'Create New Template' leads to /app/marketing?openCreateModal=true.
 *
 * Mount it inside your own <Modal title="Send Template Message">:
 *   <TemplatePicker contactId={id} contactName={name} onSent={(m) => …} onClose={close} />
 *
 * A template with an image/video/document header sends its sample unless another file is chosen
 * in the fill step (uploaded at once, checked like the composer's media); the preview shows the file.
 *
 * Props:
 * - `contactId`: the chat to send to (POST /api/contacts/:contactId/template-messages).
 * - `contactName`: used to prefill the first variable ('' leaves it empty).
 * - `onSent(message)`: the pending message the server stored (status pending, body = rendered text);
 *   the live feed then moves it to sent/delivered, or failed with its retry.
 * - `onClose()`: called after a send and by Cancel / Create New Template.
 *
 * Loading retries up to 3 times 1 s apart (spec §8); failures show 'Failed to load templates' or
 * 'Failed to send template' (the server's message when present) with Try Again. Templates go outside
 * the 24-hour window too.
 */
import {
  DOCUMENT_EXTENSIONS,
  formatMegabytes,
  INBOX_MSG,
  type InboxMessage,
  MEDIA_LIMITS,
} from '@common/api/inbox';
import {
  isMediaFormat,
  renderTemplateText,
  TEMPLATE_MSG,
  TEMPLATE_SAMPLE_RULES,
  type TemplateMediaKind,
  type TemplateView,
} from '@common/api/templates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../api/client';
import { approvedTemplatesQuery, sendTemplate, uploadSendHeaderMedia } from '../api/templates';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';
import { TemplateMediaField, useMediaUpload } from './TemplateMediaField';
import { TemplatePreview } from './TemplatePreview';
import { inputClasses } from './TextField';

export type TemplatePickerProps = {
  contactId: string;
  contactName: string;
  onSent?: (message: InboxMessage) => void;
  onClose?: () => void;
};

/** The first body variable gets the contact's name; the rest start empty. */
export function prefillValues(template: Pick<TemplateView, 'bodyVariables'>, contactName: string): string[] {
  return Array.from({ length: template.bodyVariables }, (_, i) => (i === 0 ? contactName.trim() : ''));
}

/** The kind of file a template's header carries, or null. */
export function headerKindOf(template: Pick<TemplateView, 'header'>): TemplateMediaKind | null {
  const format = template.header?.format;
  return isMediaFormat(format) ? TEMPLATE_SAMPLE_RULES[format].kind : null;
}

/** The composer's rules for a send's header file, on the browser's idea of it; the server checks the bytes. */
export function sendMediaProblem(kind: TemplateMediaKind, file: Pick<File, 'type' | 'size'>): string | null {
  const limits = MEDIA_LIMITS[kind];
  const typeOk = !file.type || (limits.mimeTypes as readonly string[]).includes(file.type);
  if (kind === 'image') {
    if (!typeOk) return INBOX_MSG.imageType;
    return file.size > limits.maxBytes ? INBOX_MSG.imageSize : null;
  }
  if (kind === 'video') {
    if (!typeOk) return INBOX_MSG.videoType(file.type);
    return file.size > limits.maxBytes ? INBOX_MSG.videoSize(formatMegabytes(file.size)) : null;
  }
  if (!typeOk) return INBOX_MSG.documentType;
  return file.size > limits.maxBytes ? INBOX_MSG.documentSize : null;
}

/** What the file picker offers for a header of this kind. */
const SEND_ACCEPT: Record<TemplateMediaKind, string> = {
  image: MEDIA_LIMITS.image.mimeTypes.join(','),
  video: MEDIA_LIMITS.video.mimeTypes.join(','),
  document: [...MEDIA_LIMITS.document.mimeTypes, ...DOCUMENT_EXTENSIONS.map((e) => `.${e}`)].join(','),
};

function sendFailure(error: unknown): string {
  if (error instanceof ApiRequestError && error.hasServerMessage) {
    return error.message.startsWith(TEMPLATE_MSG.failedToSend)
      ? error.message
      : `${TEMPLATE_MSG.failedToSend}: ${error.message}`;
  }
  return TEMPLATE_MSG.failedToSend;
}

export function TemplatePicker({ contactId, contactName, onSent, onClose }: TemplatePickerProps) {
  const navigate = useNavigate();
  const query = useQuery(approvedTemplatesQuery);
  const [chosen, setChosen] = useState<TemplateView | null>(null);
  const [bodyValues, setBodyValues] = useState<string[]>([]);
  const [headerValue, setHeaderValue] = useState('');
  const clientRef = useRef<string | null>(null);
  const headerFile = useMediaUpload(
    (file, onProgress, signal) => uploadSendHeaderMedia(chosen?.id ?? '', file, onProgress, signal),
    'Failed to upload file. Please try again.',
  );

  const send = useMutation({
    mutationFn: (template: TemplateView) => {
      clientRef.current ??= `temp-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`;
      return sendTemplate(contactId, {
        templateId: template.id,
        clientRef: clientRef.current,
        parameters: {
          body: bodyValues.slice(0, template.bodyVariables),
          header: template.headerVariables ? [headerValue] : [],
        },
        ...(headerFile.media ? { headerMediaId: headerFile.media.id } : {}),
      });
    },
    onSuccess: ({ message }) => {
      clientRef.current = null;
      onSent?.(message);
      onClose?.();
    },
  });

  const choose = (template: TemplateView) => {
    clientRef.current = null;
    send.reset();
    setChosen(template);
    setBodyValues(prefillValues(template, contactName));
    setHeaderValue('');
    headerFile.clear();
  };

  const createNew = () => {
    onClose?.();
    navigate('/app/marketing?openCreateModal=true');
  };

  if (chosen) {
    const headerKind = headerKindOf(chosen);
    const sample = chosen.headerSample;
    const missing =
      bodyValues.slice(0, chosen.bodyVariables).some((v) => !v.trim()) ||
      (chosen.headerVariables > 0 && !headerValue.trim()) ||
      (headerKind !== null && !headerFile.media && !sample) ||
      headerFile.isUploading;
    const previewMedia = headerFile.previewUrl
      ? {
          url: headerFile.previewUrl,
          filename: headerFile.file?.name ?? null,
          uploading: headerFile.isUploading,
        }
      : sample;
    return (
      <div className="grid gap-5 md:grid-cols-2" data-testid="template-fill">
        <div className="space-y-3">
          <p className="text-sm font-semibold text-slate-900">{chosen.name}</p>
          {headerKind && (
            <div className="space-y-1">
              <p className="text-sm font-medium text-slate-800">Header {headerKind}</p>
              <TemplateMediaField
                kind={headerKind}
                label={`Header ${headerKind}`}
                accept={SEND_ACCEPT[headerKind]}
                hint={TEMPLATE_MSG.sendMediaRequired(headerKind)}
                upload={headerFile}
                fallback={sample ? { filename: sample.filename, note: 'The template’s sample' } : null}
                precheck={(file) => sendMediaProblem(headerKind, file)}
              />
            </div>
          )}
          {chosen.headerVariables > 0 && (
            <input
              aria-label="Header {{1}}"
              placeholder="Header {{1}}"
              className={inputClasses()}
              value={headerValue}
              onChange={(e) => setHeaderValue(e.target.value)}
            />
          )}
          {chosen.bodyVariables > 0 && <p className="text-sm font-medium text-slate-800">Variables</p>}
          {Array.from({ length: chosen.bodyVariables }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one field per variable number
            <div key={i} className="flex items-center gap-2">
              <span className="w-10 shrink-0 font-mono text-xs font-medium text-sky-700" aria-hidden="true">
                {`{{${i + 1}}}`}
              </span>
              <input
                aria-label={`Variable {{${i + 1}}}`}
                placeholder={
                  chosen.bodyExamples[i] ? `e.g. ${chosen.bodyExamples[i]}` : `Value for {{${i + 1}}}`
                }
                className={inputClasses()}
                value={bodyValues[i] ?? ''}
                onChange={(e) =>
                  setBodyValues((list) => {
                    const next = [...list];
                    next[i] = e.target.value;
                    return next;
                  })
                }
              />
            </div>
          ))}
          {chosen.bodyVariables === 0 && chosen.headerVariables === 0 && !headerKind && (
            <p className="text-sm text-slate-500">This template has no variables.</p>
          )}
          {send.isError && (
            <Alert testId="template-send-error">
              <p>{sendFailure(send.error)}</p>
              <Button size="sm" variant="secondary" className="mt-2" onClick={() => send.mutate(chosen)}>
                Try Again
              </Button>
            </Alert>
          )}
          <div className="flex gap-2 pt-1">
            <Button
              variant="ghost"
              onClick={() => {
                headerFile.clear();
                setChosen(null);
              }}
            >
              Back
            </Button>
            <Button
              variant="brand"
              disabled={missing}
              isLoading={send.isPending}
              loadingText="Sending…"
              onClick={() => send.mutate(chosen)}
            >
              Send
            </Button>
          </div>
        </div>
        <div>
          <TemplatePreview
            header={chosen.header}
            headerMedia={previewMedia}
            body={chosen.body}
            footer={chosen.footer}
            buttons={chosen.buttons}
            values={{ body: bodyValues, header: [headerValue] }}
          />
          <p className="sr-only" data-testid="template-rendered">
            {renderTemplateText(chosen, { body: bodyValues, header: [headerValue] })}
          </p>
        </div>
      </div>
    );
  }

  const templates = query.data?.templates ?? [];
  return (
    <div>
      {query.isPending ? (
        <div className="flex justify-center py-10">
          <Spinner label="Loading templates" />
        </div>
      ) : query.isError ? (
        <Alert testId="templates-error">
          <p>
            {query.error instanceof ApiRequestError && query.error.hasServerMessage
              ? query.error.message
              : TEMPLATE_MSG.failedToLoad}
          </p>
          <Button size="sm" variant="secondary" className="mt-2" onClick={() => void query.refetch()}>
            Try Again
          </Button>
        </Alert>
      ) : templates.length === 0 ? (
        <div className="rounded-xl border border-dashed border-slate-300 bg-slate-50 px-6 py-10 text-center">
          <p className="text-sm font-semibold text-slate-900">No approved templates yet</p>
          <p className="mt-1 text-sm text-slate-500">
            Templates you create are reviewed by WhatsApp. Approved ones appear here, ready to send.
          </p>
        </div>
      ) : (
        <div
          className="grid max-h-[60vh] grid-cols-1 gap-3 overflow-y-auto sm:grid-cols-3"
          data-testid="template-grid"
        >
          {templates.map((template) => (
            <div
              key={template.id}
              className="flex flex-col gap-2 rounded-xl p-3 ring-1 ring-slate-200"
              data-name={template.name}
            >
              <p className="truncate text-sm font-semibold text-slate-900">{template.name}</p>
              <p className="text-[11px] tracking-wide text-slate-500 uppercase">
                {template.category} · {template.language}
              </p>
              <div className="flex-1">
                <TemplatePreview
                  header={template.header}
                  headerMedia={template.headerSample}
                  body={template.body}
                  footer={template.footer}
                  buttons={template.buttons}
                  compact
                />
              </div>
              <Button size="sm" variant="brand" onClick={() => choose(template)}>
                Send
              </Button>
            </div>
          ))}
        </div>
      )}
      <div className="mt-5 flex justify-end gap-2">
        <Button variant="ghost" onClick={() => onClose?.()}>
          Cancel
        </Button>
        <Button onClick={createNew}>Create New Template</Button>
      </div>
    </div>
  );
}
