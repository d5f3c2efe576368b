import { MSG } from '@common/messages';
import { PASSWORD_MIN_LENGTH } from '@common/validation';
import { type FormEvent, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { resetPassword } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { Alert } from '../../components/Alert';
import { AuthLayout, AuthLink } from '../../components/AuthLayout';
import { Button, buttonClasses } from '../../components/Button';
import { TextField } from '../../components/TextField';

/** The sign-up password rules, in the same order. */
function validateNewPassword(password: string, confirmPassword: string): string | null {
  if (password !== confirmPassword) return MSG.passwordsDoNotMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return MSG.passwordTooShort;
  return null;
}

export function ResetPassword() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const [password, setPassword] = useState('');
  const [confirmPassword, setConfirmPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [isSubmitting, setIsSubmitting] = useState(false);
  const [isDone, setIsDone] = useState(false);

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = validateNewPassword(password, confirmPassword);
    setError(problem);
    if (problem) return;

    setIsSubmitting(true);
    try {
      await resetPassword({ token, password, confirmPassword });
      setIsDone(true);
    } catch (resetError) {
      setError(errorMessage(resetError, MSG.unexpectedError));
    } finally {
      setIsSubmitting(false);
    }
  };

  if (!token) {
    return (
      <AuthLayout title="Reset your password">
        <Alert>{MSG.resetLinkInvalid}</Alert>
        <Link to="/forgot-password" className={`${buttonClasses('primary', 'md', true)} mt-6`}>
          Request a new link
        </Link>
      </AuthLayout>
    );
  }

  if (isDone) {
    return (
      <AuthLayout
        title="Password updated"
        subtitle="Your password has been changed. Sign in with your new password."
      >
        <Link to="/sign-in" className={buttonClasses('primary', 'md', true)}>
          Sign in
        </Link>
      </AuthLayout>
    );
  }

  return (
    <AuthLayout title="Choose a new password" subtitle="Pick a password you don't use anywhere else.">
      <form noValidate onSubmit={handleSubmit} className="space-y-5">
        <TextField
          label="New password"
          name="password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoFocus
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
        />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" block isLoading={isSubmitting} loadingText="Saving...">
          Reset password
        </Button>
        <p className="text-center text-sm text-slate-600">
          <AuthLink to="/sign-in">Back to sign in</AuthLink>
        </p>
      </form>
    </AuthLayout>
  );
}
