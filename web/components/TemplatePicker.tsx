/**
 * TemplatePicker — the body of the 'Send Template Message' modal (spec §2): a 3-column grid of the
 * account's approved templates, each with Send; a template with variables opens a fill-in step
 * (prefilled from the contact: the first body variable gets the contact's name) with a live preview.
 * 'Create New Template' leads to /app/marketing?openCreateModal=true.
 *
 * Mount it inside your own <Modal title="Send Template Message">:
 *   <TemplatePicker contactId={id} contactName={name} onSent={(m) => …} onClose={close} />
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
import type { InboxMessage } from '@common/api/inbox';
import { renderTemplateText, TEMPLATE_MSG, type TemplateView } from '@common/api/templates';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../api/client';
import { approvedTemplatesQuery, sendTemplate } from '../api/templates';
import { Alert } from './Alert';
import { Button } from './Button';
import { Spinner } from './Spinner';
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
  };

  const createNew = () => {
    onClose?.();
    navigate('/app/marketing?openCreateModal=true');
  };

  if (chosen) {
    const missing =
      bodyValues.slice(0, chosen.bodyVariables).some((v) => !v.trim()) ||
      (chosen.headerVariables > 0 && !headerValue.trim());
    return (
      <div className="grid gap-5 md:grid-cols-2" data-testid="template-fill">
        <div className="space-y-3">
          <p className="text-sm font-semibold text-slate-900">{chosen.name}</p>
          {chosen.headerVariables > 0 && (
            <input
              aria-label="Header {{1}}"
              placeholder="Header {{1}}"
              className={inputClasses()}
              value={headerValue}
              onChange={(e) => setHeaderValue(e.target.value)}
            />
          )}
          {Array.from({ length: chosen.bodyVariables }, (_, i) => (
            <input
              // biome-ignore lint/suspicious/noArrayIndexKey: one field per variable number
              key={i}
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
          ))}
          {chosen.bodyVariables === 0 && chosen.headerVariables === 0 && (
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
            <Button variant="ghost" onClick={() => setChosen(null)}>
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
