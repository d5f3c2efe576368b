import { INTERACTIVE_LIMITS as L, type ReplyButtonsInput, replyButtonsSchema } from '@common/api/interactive';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { InteractiveContent, PhonePreview } from '../../../../components/InteractivePreview';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, MessageTextFields, useChecks } from './fields';
import { useSendAndClose } from './useSendAndClose';

const EMPTY: ReplyButtonsInput = { header: '', body: '', footer: '', buttons: [{ title: '' }] };

export const removeButtonClass =
  'mt-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40';
export const addButtonClass =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50';

type Props = ComposeDialogBaseProps & { onSend: (input: ReplyButtonsInput) => Promise<unknown> };

/** Reply buttons: a body, 1–3 buttons of 20 characters, an optional text header and footer. */
export function ReplyButtonsDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<ReplyButtonsInput>(EMPTY);
  const checks = useChecks(replyButtonsSchema, draft, ['buttons']);
  const { sending, send } = useSendAndClose(
    base.onClose,
    () => onSend(draft),
    () => setDraft(EMPTY),
  );
  const set = (patch: Partial<ReplyButtonsInput>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    checks.touch(path);
  };
  const setButton = (index: number, title: string) => {
    setDraft((d) => ({ ...d, buttons: d.buttons.map((b, i) => (i === index ? { title } : b)) }));
    checks.touch(`buttons.${index}.title`);
    checks.touch('buttons');
  };
  const buttons = draft.buttons;

  return (
    <ComposeDialog
      {...base}
      title="Reply buttons"
      description="The customer taps one of up to 3 buttons; their choice comes back as a reply to this message."
      testId="reply-buttons-dialog"
      valid={checks.valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send buttons"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <InteractiveContent
            content={{
              kind: 'buttons',
              header: draft.header?.trim() ? { type: 'text', text: draft.header } : null,
              body: draft.body || 'Your message',
              footer: draft.footer ?? null,
              buttons: buttons.map((b, i) => ({ id: String(i), title: b.title || `Button ${i + 1}` })),
            }}
          />
        </PhonePreview>
      }
    >
      <MessageTextFields draft={draft} set={set} checks={checks} bodyMax={L.buttonsBody} />
      <fieldset className="space-y-2">
        <legend className="mb-1 text-sm font-medium text-slate-800">Buttons</legend>
        {buttons.map((button, index) => (
          <CountedField
            // biome-ignore lint/suspicious/noArrayIndexKey: the draft's buttons have no id until sent
            key={index}
            label={`Button ${index + 1}`}
            value={button.title}
            onChange={(title) => setButton(index, title)}
            max={L.buttonTitle}
            error={checks.errorAt(`buttons.${index}.title`)}
            aside={
              <button
                type="button"
                aria-label={`Remove button ${index + 1}`}
                disabled={buttons.length === 1}
                onClick={() => set({ buttons: buttons.filter((_, i) => i !== index) }, 'buttons')}
                className={removeButtonClass}
              >
                <Trash2Icon className="size-4" aria-hidden />
              </button>
            }
          />
        ))}
        <button
          type="button"
          disabled={buttons.length >= L.buttons}
          onClick={() => set({ buttons: [...buttons, { title: '' }] }, 'buttons')}
          className={addButtonClass}
        >
          <PlusIcon className="size-4" aria-hidden /> Add button
        </button>
      </fieldset>
    </ComposeDialog>
  );
}
