import type { TemplateButtonDraft } from '@common/api/templates';
import { Button } from '../../../components/Button';
import { inputClasses } from '../../../components/TextField';

const labelClass = 'block text-sm font-medium text-slate-800';

/** The template's buttons: quick replies, a link, a phone number, each with its label; rows edit in place. */
export function TemplateButtonsField({
  buttons,
  onChange,
}: {
  buttons: TemplateButtonDraft[];
  onChange: (update: (list: TemplateButtonDraft[]) => TemplateButtonDraft[]) => void;
}) {
  const setButtons = onChange;
  const setButton = (index: number, next: TemplateButtonDraft) =>
    setButtons((list) => list.map((b, i) => (i === index ? next : b)));
  return (
    <fieldset className="space-y-2">
      <legend className={labelClass}>Buttons</legend>
      {buttons.map((button, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: rows are edited in place
        <div key={i} className="flex gap-2">
          <input
            aria-label={`Button ${i + 1} label`}
            className={inputClasses()}
            value={button.text}
            maxLength={25}
            placeholder="Label"
            onChange={(e) => setButton(i, { ...button, text: e.target.value })}
          />
          {button.type === 'URL' && (
            <input
              aria-label={`Button ${i + 1} URL`}
              className={inputClasses()}
              value={button.url}
              placeholder="https://"
              onChange={(e) => setButton(i, { ...button, url: e.target.value })}
            />
          )}
          {button.type === 'PHONE_NUMBER' && (
            <input
              aria-label={`Button ${i + 1} phone number`}
              className={inputClasses()}
              value={button.phoneNumber}
              placeholder="+15551234567"
              onChange={(e) => setButton(i, { ...button, phoneNumber: e.target.value })}
            />
          )}
          <button
            type="button"
            aria-label={`Remove button ${i + 1}`}
            className="px-2 text-slate-400 hover:text-red-600"
            onClick={() => setButtons((list) => list.filter((_, j) => j !== i))}
          >
            ×
          </button>
        </div>
      ))}
      {buttons.length < 10 && (
        <div className="flex flex-wrap gap-2">
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setButtons((l) => [...l, { type: 'QUICK_REPLY', text: '' }])}
          >
            + Quick reply
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setButtons((l) => [...l, { type: 'URL', text: '', url: 'https://' }])}
          >
            + Website
          </Button>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => setButtons((l) => [...l, { type: 'PHONE_NUMBER', text: '', phoneNumber: '' }])}
          >
            + Phone number
          </Button>
        </div>
      )}
    </fieldset>
  );
}
