import { CONNECT_MSG } from '@common/api/whatsapp';
import { type FormEvent, useState } from 'react';
import { connectManual } from '../../../api/whatsapp';
import { Alert } from '../../../components/Alert';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { COPY } from '../../../copy';
import {
  type ManualField,
  type ManualFieldErrors,
  placeServerError,
  validateManualConnect,
} from '../manualConnect';
import { useFinishConnection } from '../useWhatsAppConnect';

type ManualConnectFormProps = {
  /** The built-in sandbox is on: point to where its ids and tokens are. */
  isSandbox: boolean;
};

/** For self-hosters with a system-user token: ids and token typed in, checked against Graph by the server. */
export function ManualConnectForm({ isSandbox }: ManualConnectFormProps) {
  const finishConnection = useFinishConnection();
  const [values, setValues] = useState({ wabaId: '', phoneNumberId: '', accessToken: '' });
  const [fieldErrors, setFieldErrors] = useState<ManualFieldErrors>({});
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const update = (field: ManualField) => (event: { target: { value: string } }) => {
    setValues((current) => ({ ...current, [field]: event.target.value }));
    if (fieldErrors[field]) setFieldErrors((current) => ({ ...current, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const checked = validateManualConnect(values);
    if (!checked.ok) {
      setFieldErrors(checked.errors);
      return;
    }
    setFieldErrors({});
    setIsSubmitting(true);
    try {
      await connectManual(checked.input);
      await finishConnection();
    } catch (connectError) {
      const placed = placeServerError(connectError, CONNECT_MSG.failed);
      if (placed.field) setFieldErrors({ [placed.field]: placed.message });
      else setError(placed.message);
      setIsSubmitting(false);
    }
  };

  return (
    <form noValidate onSubmit={handleSubmit} className="space-y-4" aria-label="Connect with an access token">
      <p className="text-[13px] leading-5 text-slate-600">
        Already have a WhatsApp Business Account and a system-user token from Meta Business Manager? Enter
        them here. We check them with Meta before saving, and store the token encrypted.
      </p>
      {isSandbox && (
        <Alert tone="info">
          Testing with the sandbox? The{' '}
          <a
            href="/sandbox"
            target="_blank"
            rel="noreferrer"
            className="font-medium underline underline-offset-2"
          >
            sandbox page
          </a>{' '}
          shows each test number's IDs and issues system-user tokens.
        </Alert>
      )}
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="WhatsApp Business Account ID"
          name="wabaId"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="102289599326934"
          value={values.wabaId}
          onChange={update('wabaId')}
          error={fieldErrors.wabaId}
        />
        <TextField
          label="Phone number ID"
          name="phoneNumberId"
          inputMode="numeric"
          autoComplete="off"
          spellCheck={false}
          placeholder="106540352242922"
          value={values.phoneNumberId}
          onChange={update('phoneNumberId')}
          error={fieldErrors.phoneNumberId}
        />
      </div>
      <TextField
        label="Access token"
        name="accessToken"
        type="password"
        autoComplete="off"
        spellCheck={false}
        placeholder="EAA…"
        value={values.accessToken}
        onChange={update('accessToken')}
        error={fieldErrors.accessToken}
        hint="A system-user token with whatsapp_business_management and whatsapp_business_messaging."
      />
      {error && <Alert testId="manual-connect-error">{error}</Alert>}
      <Button type="submit" block isLoading={isSubmitting} loadingText={COPY.connecting}>
        Connect number
      </Button>
    </form>
  );
}
