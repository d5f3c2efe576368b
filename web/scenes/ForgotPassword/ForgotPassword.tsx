import { MSG } from '@common/messages';
import { isValidEmail } from '@common/validation';
import { MailIcon } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { requestPasswordReset } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Alert } from '../../components/Alert';
import { AuthLayout, AuthLink } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { EmailField } from '../../components/TextField';
import { COPY } from '../../copy';
import { useSession } from '../../hooks/useSession';

export function ForgotPassword() {
  const { data: session } = useSession();
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = !email.trim() ? MSG.emailRequired : !isValidEmail(email) ? MSG.invalidEmail : null;
    setError(problem);
    if (problem) return;

    setIsSubmitting(true);
    try {
      await requestPasswordReset(email.trim());
      setSentTo(email.trim());
    } catch (requestError) {
      setError(errorMessage(requestError, MSG.unexpectedError));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (sentTo) {
    return (
      <AuthLayout
        title="Check your inbox"
        subtitle={
          <>
            We sent the instructions to <strong className="font-medium text-slate-900">{sentTo}</strong>.
          </>
        }
      >
        <div className="space-y-6">
          <div className="flex gap-4 rounded-xl bg-slate-50 p-4 ring-1 ring-slate-200">
            <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-white text-ink-700 ring-1 ring-slate-200">
              <MailIcon className="size-5" />
            </span>
            <p className="text-sm leading-6 text-slate-700" role="status">
              {COPY.resetEmailSent} The link is valid for one hour.
            </p>
          </div>
          {session?.features.devOutbox && (
            <Alert tone="info" title="Development mode">
              No mail server is configured. Open the{' '}
              <Link to="/dev/outbox" className="font-medium underline">
                dev outbox
              </Link>{' '}
              to find the e-mail.
            </Alert>
          )}
          <p className="text-sm text-slate-600">
            Remembered it? <AuthLink to="/sign-in">Back to sign in</AuthLink>
          </p>
        </div>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout
      title="Reset your password"
      subtitle="Enter the e-mail address you signed up with and we'll send you a link to choose a new password."
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <EmailField value={email} onValue={setEmail} autoFocus />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" block isLoading={isSubmitting} loadingText="Sending...">
          Send reset link
        </Button>
        <p className="text-center text-sm text-slate-600">
          <AuthLink to="/sign-in">Back to sign in</AuthLink>
        </p>
      </form>
    </AuthLayout>
  );
}
