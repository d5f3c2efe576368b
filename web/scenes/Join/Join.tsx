import { APP_HOME } from '@common/guards';
import { MSG } from '@common/messages';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { signOut } from '../../api/auth';
import { errorMessage } from '../../api/client';
import { acceptInvitation, invitationAuthPath, previewInvitation } from '../../api/invitations';
import { refreshSession, sessionQuery } from '../../api/session';
import { Alert } from '../../components/Alert';
import { AuthLayout } from '../../components/AuthLayout';
import { Button, buttonClasses } from '../../components/Button';
import { Spinner } from '../../components/Spinner';

/**
 * `/join?token=…`, where an invitation e-mail's link lands. Signed out, it goes straight on to sign-up
 * (or sign-in, for an address with an account) with the address filled in and the link carried along;
 * signed in as the invited address, one button joins the team; signed in as someone else, it says so.
 */
export function Join() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim() ?? '';
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const session = useQuery(sessionQuery);
  const preview = useQuery({
    queryKey: ['invitation', token],
    queryFn: ({ signal }) => previewInvitation(token, signal),
    enabled: token.length > 0,
    retry: false,
    staleTime: Infinity,
  });
  const [error, setError] = useState<string | null>(null);
  const [isBusy, setIsBusy] = useState(false);

  const invitation = preview.data;
  const user = session.data?.user ?? null;
  const signedOut = session.isSuccess && !user;

  useEffect(() => {
    if (invitation && signedOut) void navigate(invitationAuthPath(invitation, token), { replace: true });
  }, [invitation, signedOut, navigate, token]);

  const join = async () => {
    setIsBusy(true);
    setError(null);
    try {
      await acceptInvitation(token);
      await refreshSession(queryClient).catch(() => undefined);
      await navigate(APP_HOME, { replace: true });
    } catch (joinError) {
      setError(errorMessage(joinError, MSG.unexpectedError));
      setIsBusy(false);
    }
  };

  const switchAccount = async () => {
    setIsBusy(true);
    await signOut().catch(() => undefined);
    await refreshSession(queryClient).catch(() => undefined);
    setIsBusy(false);
  };

  if (!token || preview.isError) {
    return (
      <AuthLayout title="This invitation can't be used">
        <Alert testId="invitation-invalid">
          {preview.isError ? errorMessage(preview.error, MSG.unexpectedError) : MSG.unexpectedError}
        </Alert>
        <Link to="/sign-in" className={`${buttonClasses('secondary', 'md', true)} mt-6`}>
          Go to sign in
        </Link>
      </AuthLayout>
    );
  }

  if (!invitation || !session.isSuccess || signedOut) {
    return (
      <AuthLayout title="Opening your invitation">
        <div className="flex justify-center py-10">
          <Spinner label="Opening your invitation" />
        </div>
      </AuthLayout>
    );
  }

  const isInvitee = user?.email.toLowerCase() === invitation.email;
  return (
    <AuthLayout
      title={`Join ${invitation.teamName}`}
      subtitle={`${invitation.inviter} invited ${invitation.email} to answer customers in the team's shared WhatsApp inbox.`}
    >
      {isInvitee ? (
        <div className="space-y-5">
          {error && <Alert>{error}</Alert>}
          <Button block isLoading={isBusy} loadingText="Joining..." onClick={() => void join()}>
            {`Join ${invitation.teamName}`}
          </Button>
        </div>
      ) : (
        <div className="space-y-5">
          <Alert tone="warning" testId="invitation-other-address">
            {`You're signed in as ${user?.email}. This invitation was sent to ${invitation.email}: sign out to continue with that address.`}
          </Alert>
          <Button block variant="secondary" isLoading={isBusy} onClick={() => void switchAccount()}>
            Sign out and continue
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
