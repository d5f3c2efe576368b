import { type CtaUrlInput, ctaUrlSchema, INTERACTIVE_LIMITS as L } from '@common/api/interactive';
import { useState } from 'react';
import { InteractiveContent, PhonePreview } from '../../../../components/InteractivePreview';
import { ComposeDialog, type ComposeDialogBaseProps } from './ComposeDialog';
import { CountedField, MessageTextFields, useChecks } from './fields';
import { SaveOptionFields, useSendOrSave } from './SaveOption';

const EMPTY: CtaUrlInput = { header: '', body: '', footer: '', displayText: '', url: '' };

type Props = ComposeDialogBaseProps & { onSend: (input: CtaUrlInput) => Promise<unknown> };

/** A link button (cta_url): a body and one button that opens a web address. */
export function LinkButtonDialog({ onSend, ...base }: Props) {
  const [draft, setDraft] = useState<CtaUrlInput>(EMPTY);
  const checks = useChecks(ctaUrlSchema, draft);
  const { save, sending, send, saveOnly } = useSendOrSave('cta_url', draft, onSend, base.onClose, () =>
    setDraft(EMPTY),
  );
  const valid = checks.valid && save.problem === null;
  const set = (patch: Partial<CtaUrlInput>, path: string) => {
    setDraft((d) => ({ ...d, ...patch }));
    checks.touch(path);
  };
  return (
    <ComposeDialog
      {...base}
      title="Link button"
      description="A message with one button that opens a web page on the customer's phone."
      testId="link-button-dialog"
      valid={valid}
      sending={sending}
      formErrors={checks.formErrors}
      sendLabel="Send link button"
      onSend={() => void send()}
      onInvalid={checks.touchAll}
      preview={
        <PhonePreview>
          <InteractiveContent
            content={{
              kind: 'cta_url',
              header: draft.header?.trim() ? { type: 'text', text: draft.header } : null,
              body: draft.body || 'Your message',
              footer: draft.footer ?? null,
              displayText: draft.displayText || 'Open link',
              url: draft.url,
            }}
          />
        </PhonePreview>
      }
    >
      <MessageTextFields draft={draft} set={set} checks={checks} bodyMax={L.ctaBody} />
      <CountedField
        label="Button label"
        value={draft.displayText}
        onChange={(displayText) => set({ displayText }, 'displayText')}
        max={L.ctaLabel}
        error={checks.errorAt('displayText')}
        placeholder="e.g. Track order"
      />
      <CountedField
        label="Link"
        type="url"
        inputMode="url"
        value={draft.url}
        onChange={(url) => set({ url }, 'url')}
        error={checks.errorAt('url')}
        placeholder="https://"
      />
      <SaveOptionFields option={save} canSaveOnly={valid && !sending} onSaveOnly={() => void saveOnly()} />
    </ComposeDialog>
  );
}
