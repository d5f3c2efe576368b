import { MSG } from '@common/messages';
import { validateSignUp } from '@common/validation';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signIn, signUp } from '../../api/auth';
import { ApiRequestError, errorMessage } from '../../api/client';
import { acceptInvitation } from '../../api/invitations';
import { refreshSession, waitForSignedInSession } from '../../api/session';
import { Alert } from '../../components/Alert';
import { AuthLayout, AuthLink } from '../../components/AuthLayout';
import { Button } from '../../components/Button';
import { EmailField, TextField } from '../../components/TextField';
import { COPY } from '../../copy';
import { useDelayedNavigate } from '../../hooks/useDelayedNavigate';

export const TEAM_REDIRECT_DELAY_MS = 2_000;
export const EXISTING_USER_DELAY_MS = 1_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function isAlreadyRegistered(error: unknown): boolean {
  return (
    error instanceof ApiRequestError && (error.status === 409 || error.message === MSG.userAlreadyRegistered)
  );
}

export function SignUp() {
  const navigate = useNavigate();
  const navigateLater = useDelayedNavigate();
  const queryClient = useQueryClient();
  // An invitation link (/join) sends people here with the invited address and the link's secret.
  const [searchParams] = useSearchParams();
  const invitedEmail = searchParams.get('email');
  const invitationToken = searchParams.get('invitation') ?? undefined;
  const [email, setEmail] = useState(() => invitedEmail ?? '');
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);

  const joinedTeam = () => {
    setNotice(MSG.addedToTeam);
    navigateLater('/app', TEAM_REDIRECT_DELAY_MS, {
      replace: true,
      before: () => refreshSession(queryClient),
    });
  };

  const signInExistingUser = async () => {
    try {
      await signIn({ email: email.trim(), password });
      if (invitationToken) {
        await acceptInvitation(invitationToken);
        joinedTeam();
        return;
      }
    } catch (signInError) {
      setError(errorMessage(signInError, MSG.signInFailed));
      setIsSubmitting(false);
      return;
    }
    await sleep(EXISTING_USER_DELAY_MS);
    await refreshSession(queryClient).catch(() => undefined);
    await navigate('/onboarding', { replace: true });
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateSignUp({ email, password, confirmPassword });
    setError(problem);
    if (problem) return;

    setIsSubmitting(true);
    try {
      const result = await signUp({ email: email.trim(), password, confirmPassword, invitationToken });
      if (result.joinedTeam) {
        joinedTeam();
        return;
      }
      await waitForSignedInSession(queryClient);
      await navigate('/onboarding', { replace: true });
    } catch (signUpError) {
      if (isAlreadyRegistered(signUpError)) {
        await signInExistingUser();
        return;
      }
      setError(errorMessage(signUpError, MSG.unexpectedError));
      setIsSubmitting(false);
    }
  };

  return (
    <AuthLayout
      title="Create your account"
      subtitle={
        <>
          Already have an account? <AuthLink to="/sign-in">Sign in</AuthLink>
        </>
      }
      footer={
        <>
          By creating an account, you agree to our{' '}
          <Link to="/privacy" className="underline underline-offset-2 hover:text-slate-700">
            Privacy Policy
          </Link>
          .
        </>
      }
    >
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <EmailField value={email} onValue={setEmail} autoFocus={!invitedEmail} />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus={Boolean(invitedEmail)}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        {error && <Alert>{error}</Alert>}
        {notice && <Alert tone="success">{notice}</Alert>}
        <Button type="submit" block isLoading={isSubmitting} loadingText={COPY.creatingAccount}>
          {COPY.signUp}
        </Button>
      </form>
    </AuthLayout>
  );
}
