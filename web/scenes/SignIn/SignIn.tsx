import { APP_HOME, CONNECT_PATH } from '@common/guards';
import { MSG } from '@common/messages';
import { isValidEmail } from '@common/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signIn } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { acceptInvitation } from '../../api/invitations';
import { refreshSession } from '../../api/session';
import { Alert } from '../../components/Alert';
import { AuthLayout, AuthLink } from '../../components/AuthLayout';
import { Button, buttonClasses } from '../../components/Button';
import { EmailField, TextField } from '../../components/TextField';
import { COPY } from '../../copy';

function validateSignIn(email: string, password: string): string | null {
  if (!email.trim()) return MSG.emailRequired;
  if (!isValidEmail(email)) return MSG.invalidEmail;
  if (!password) return MSG.passwordRequired;
  return null;
}

export function SignIn() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // An invitation link (/join) for an address with an account sends people here with both filled in.
  const [searchParams] = useSearchParams();
  const invitationToken = searchParams.get('invitation');
  const [email, setEmail] = useState(() => searchParams.get('email') ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [invitationError, setInvitationError] = useState<string | null>(null);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignIn(email, password);
    setError(problem);
    if (problem) return;

    setIsSubmitting(true);
    try {
      await signIn({ email: email.trim(), password });
    } catch (signInError) {
      setError(errorMessage(signInError, MSG.signInFailed));
      setIsSubmitting(false);
      return;
    }
    if (invitationToken) {
      try {
        await acceptInvitation(invitationToken);
      } catch (joinError) {
        // Signed in, but the link no longer works: say why and let them carry on.
        setInvitationError(errorMessage(joinError, MSG.unexpectedError));
        setIsSubmitting(false);
        return;
      }
      await refreshSession(queryClient).catch(() => undefined);
      await navigate(APP_HOME, { replace: true });
      return;
    }
    // The guard on /connect-facebook sends people who already have an account on to /app/chats.
    await refreshSession(queryClient).catch(() => undefined);
    await navigate(CONNECT_PATH, { replace: true });
  };

  return (
    <AuthLayout
      title="Sign in to your account"
      subtitle={
        <>
          Or <AuthLink to="/sign-up">{COPY.createAccountLink}</AuthLink>
        </>
      }
      footer={
        <>
          By signing in, you agree to our{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-slate-700">
            Privacy Policy
          </Link>
          .
        </>
      }
    >
      {invitationError ? (
        <div className="space-y-5">
          <Alert testId="invitation-error">{invitationError}</Alert>
          <Link to={CONNECT_PATH} replace className={buttonClasses('secondary', 'md', true)}>
            Continue to Switchboard
          </Link>
        </div>
      ) : (
        <form noValidate onSubmit={handleSubmit} className="space-y-5">
          <EmailField value={email} onValue={setEmail} autoFocus={!invitationToken} />
          <TextField
            label="Password"
            name="password"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            autoFocus={Boolean(invitationToken)}
            labelAside={
              <Link
                to="/forgot-password"
                className="text-xs font-medium text-ink-700 hover:text-ink-900 hover:underline"
              >
                Forgot your password?
              </Link>
            }
          />
          {error && <Alert>{error}</Alert>}
          <Button type="submit" block isLoading={isSubmitting} loadingText={COPY.signingIn}>
            {COPY.signIn}
          </Button>
        </form>
      )}
    </AuthLayout>
  );
}
