import { INTERACTIVE_LIMITS as L, type ReplyButtonsInput, replyButtonsSchema } from '@common/api/interactive';
import { PlusIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { InteractiveContent, PhonePreview } from '../../../../components/InteractivePreview';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, MessageTextFields, useChecks } from './fields';
import { HeaderChoice, HeaderFilePreview, type HeaderState, headerProblem, NO_HEADER } from './HeaderChoice';
import { SaveOptionFields, useSendOrSave } from './SaveOption';

const EMPTY: ReplyButtonsInput = { header: '', body: '', footer: '', buttons: [{ title: '' }] };

/** What goes out: the text header only with Text chosen, the file only with a file kind. */
function messageOf(draft: ReplyButtonsInput, header: HeaderState): ReplyButtonsInput {
  const { header: text, headerMedia: _ignored, ...rest } = draft;
  if (header.kind === 'text') return { ...rest, header: text };
  if (header.kind !== 'none' && header.file) {
    return { ...rest, headerMedia: { type: header.kind, mediaId: header.file.id } };
  }
  return rest;
}

export const removeButtonClass =
  'mt-1 flex size-9 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-red-700 disabled:opacity-40';
export const addButtonClass =
  'inline-flex h-8 items-center gap-1.5 rounded-lg px-2.5 text-sm font-medium text-brand-800 ring-1 ring-brand-200 hover:bg-brand-50 disabled:opacity-50';

type Props = ComposeDialogBaseProps & { onSend: (input: ReplyButtonsInput) => Promise<unknown> };

/**
 * Reply buttons: a body, 1–3 buttons of 20 characters, an optional header (text, image, video or
 * document) and footer; optionally kept as a saved message too.
 */
export function ReplyButtonsDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<ReplyButtonsInput>(EMPTY);
  const [header, setHeader] = useState<HeaderState>(NO_HEADER);
  const message = messageOf(draft, header);
  const checks = useChecks(replyButtonsSchema, message, ['buttons']);
  const { save, sending, send, saveOnly } = useSendOrSave('buttons', message, onSend, base.onClose, () => {
    setDraft(EMPTY);
    setHeader(NO_HEADER);
  });
  const valid = checks.valid && headerProblem(header) === null && save.problem === null;
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
      valid={valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send buttons"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <InteractiveContent
            headerMedia={header.file ? <HeaderFilePreview file={header.file} /> : undefined}
            content={{
              kind: 'buttons',
              header:
                header.kind === 'text'
                  ? draft.header?.trim()
                    ? { type: 'text', text: draft.header }
                    : null
                  : header.kind === 'none'
                    ? null
                    : { type: header.kind, mediaId: header.file?.id ?? '', filename: null },
              body: draft.body || 'Your message',
              footer: draft.footer ?? null,
              buttons: buttons.map((b, i) => ({ id: String(i), title: b.title || `Button ${i + 1}` })),
            }}
          />
        </PhonePreview>
      }
    >
      <HeaderChoice
        state={header}
        onChange={setHeader}
        text={draft.header ?? ''}
        onText={(text) => set({ header: text }, 'header')}
        textError={checks.errorAt('header')}
      />
      <MessageTextFields draft={draft} set={set} checks={checks} bodyMax={L.buttonsBody} withHeader={false} />
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
      <SaveOptionFields option={save} canSaveOnly={valid && !sending} onSaveOnly={() => void saveOnly()} />
    </ComposeDialog>
  );
}
