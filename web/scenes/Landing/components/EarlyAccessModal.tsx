import { type EarlyAccessInput, earlyAccessSchema } from '@common/api/auth';
import { CircleCheckIcon } from 'lucide-react';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { requestEarlyAccess } from '../../../api/earlyAccess';
import { Button } from '../../../components/Button';
import { TextField } from '../../../components/TextField';
import { COPY } from '../../../copy';
import { Dialog } from '../../../ui/Dialog';

const EMPTY: EarlyAccessInput = { name: '', email: '', company: '', whatsappNumber: '' };
export const EARLY_ACCESS_CLOSE_DELAY_MS = 2_000;

type FieldErrors = Partial<Record<keyof EarlyAccessInput, string>>;

function validate(values: EarlyAccessInput): FieldErrors {
  const result = earlyAccessSchema.safeParse(values);
  if (result.success) return {};
  const errors: FieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as keyof EarlyAccessInput;
    errors[field] ??= issue.message;
  }
  return errors;
}

type EarlyAccessModalProps = { isOpen: boolean; onClose: () => void };

export function EarlyAccessModal({ isOpen, onClose }: EarlyAccessModalProps) {
  const [values, setValues] = useState<EarlyAccessInput>(EMPTY);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDone, setIsDone] = useState(false);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  useEffect(() => {
    if (isOpen) return;
    // Start fresh the next time the modal opens.
    setValues(EMPTY);
    setErrors({});
    setIsDone(false);
    setIsSubmitting(false);
  }, [isOpen]);

  useEffect(
    () => () => {
      if (closeTimer.current) clearTimeout(closeTimer.current);
    },
    [],
  );

  const update = (field: keyof EarlyAccessInput) => (event: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: event.target.value }));
    if (errors[field]) setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = validate(values);
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;

    setIsSubmitting(true);
    try {
      await requestEarlyAccess(earlyAccessSchema.parse(values));
      setIsDone(true);
      closeTimer.current = setTimeout(onClose, EARLY_ACCESS_CLOSE_DELAY_MS);
    } catch (error) {
      // The spec logs early-access failures silently; the form stays open so the visitor can retry.
      console.error('Early access request failed', error);
    } finally {
      setIsSubmitting(false);
    }
  };

  if (isDone) {
    return (
      <Dialog
        isOpen={isOpen}
        onClose={onClose}
        title={COPY.earlyAccessThanksTitle}
        description={COPY.earlyAccessThanksText}
        widthClass="max-w-sm"
        icon={
          <span className="flex size-14 items-center justify-center rounded-full bg-brand-50 text-brand-600 ring-8 ring-brand-50/50">
            <CircleCheckIcon className="size-8" />
          </span>
        }
      />
    );
  }

  return (
    <Dialog
      isOpen={isOpen}
      onClose={onClose}
      title="Get Early Access"
      description="Tell us about your team and we'll set you up as soon as a spot opens."
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-4">
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          value={values.name}
          onChange={update('name')}
          error={errors.name}
          required
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          value={values.email}
          onChange={update('email')}
          error={errors.email}
          required
        />
        <TextField
          label="Company"
          name="company"
          autoComplete="organization"
          value={values.company}
          onChange={update('company')}
          error={errors.company}
          required
        />
        <TextField
          label="WhatsApp Number"
          name="whatsappNumber"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 123 4567"
          value={values.whatsappNumber}
          onChange={update('whatsappNumber')}
          error={errors.whatsappNumber}
          required
        />
        <div className="flex justify-end gap-3 pt-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" isLoading={isSubmitting}>
            Submit
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
