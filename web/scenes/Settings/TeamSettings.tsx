import { TEAM_MSG, type TeamMember } from '@common/api/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { RefreshCwIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { ApiRequestError, errorMessage } from '../../api/client';
import { removeMember, resendInvitation, TEAM_QUERY_KEY, teamQuery } from '../../api/team';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import { InviteForm } from './components/InviteForm';
import { MemberList } from './components/MemberList';
import { RemoveMemberDialog } from './components/RemoveMemberDialog';
import { TeamActivity } from './components/TeamActivity';
import { TeamTimeZone } from './components/TeamTimeZone';
import { SettingsCard } from './SettingsCard';
import { useFlashMessage } from './useFlashMessage';

function loadProblem(error: unknown): string {
  if (error instanceof ApiRequestError && error.code === 'no_account') return TEAM_MSG.noAccount;
  return TEAM_MSG.refreshFailed;
}

/**
 * The Settings Team tab: who is in the team, and for the owner the invite form, a remove button per
 * member (after a confirm) and the team activity. What is shown follows the abilities the server sent.
 */
export function TeamSettings() {
  const queryClient = useQueryClient();
  const { data, error, isPending, refetch, isRefetching } = useQuery(teamQuery);
  const [toRemove, setToRemove] = useState<TeamMember | null>(null);
  const [isRemoving, setIsRemoving] = useState(false);
  const [resendingId, setResendingId] = useState<string | null>(null);
  const removal = useFlashMessage();

  const refresh = () => queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });

  const handleConfirmRemove = async () => {
    if (!toRemove) return;
    setIsRemoving(true);
    try {
      await removeMember(toRemove.id);
      removal.show('success', TEAM_MSG.removed(toRemove.label));
    } catch (removeError) {
      removal.show('error', errorMessage(removeError, TEAM_MSG.removeFailed));
    } finally {
      setIsRemoving(false);
      setToRemove(null);
      void refresh();
    }
  };

  const handleResend = async (member: TeamMember) => {
    setResendingId(member.id);
    try {
      await resendInvitation(member.id);
      removal.show('success', TEAM_MSG.resent(member.email));
    } catch (resendError) {
      removal.show('error', errorMessage(resendError, TEAM_MSG.inviteFailed));
    } finally {
      setResendingId(null);
      void refresh();
    }
  };

  if (isPending) {
    return (
      <div className="flex justify-center py-16">
        <Spinner label="Loading team" />
      </div>
    );
  }
  if (error || !data) {
    return (
      <Alert title={loadProblem(error)}>
        <Button
          variant="secondary"
          size="sm"
          className="mt-2"
          icon={<RefreshCwIcon className="size-4" />}
          isLoading={isRefetching}
          onClick={() => void refetch()}
        >
          Try again
        </Button>
      </Alert>
    );
  }

  const active = data.members.filter((m) => m.status === 'active').length;
  const invited = data.members.length - active;
  const isOwner = data.abilities.invite;

  return (
    <div>
      {!data.hasAccount && (
        <Alert tone="warning" className="mb-8" testId="team-no-account">
          {TEAM_MSG.noAccountConfigured}{' '}
          {isOwner && (
            <Link to="/connect-facebook" className="font-medium underline underline-offset-2">
              Connect a number
            </Link>
          )}
        </Alert>
      )}
      {isOwner && (
        <SettingsCard
          title="Invite a teammate"
          description="Teammates share your WhatsApp inbox. They get an e-mail with a link that works for 7 days: following it from that address is what joins them to the team."
        >
          <InviteForm onInvited={() => void refresh()} />
        </SettingsCard>
      )}
      <SettingsCard
        title="Time zone"
        description="Campaigns are scheduled and the AI bot’s business hours are read in the team’s time zone. It stays as it is until the owner changes it here."
      >
        <TeamTimeZone timeZone={data.team.timeZone} canChange={data.abilities.changeSettings} />
      </SettingsCard>
      <SettingsCard
        title="Members"
        description={`${data.team.name}: ${active} active${invited ? `, ${invited} invited` : ''}.`}
      >
        {!isOwner && (
          <div className="border-b border-slate-100 p-4">
            <Alert tone="info" testId="team-read-only">
              {TEAM_MSG.readOnly}
            </Alert>
          </div>
        )}
        {removal.flash && (
          <div className="border-b border-slate-100 p-4">
            <Alert tone={removal.flash.tone} testId="team-message">
              {removal.flash.text}
            </Alert>
          </div>
        )}
        <MemberList
          members={data.members}
          onRemove={setToRemove}
          onResend={(member) => void handleResend(member)}
          resendingId={resendingId}
        />
      </SettingsCard>
      {data.abilities.viewActivity && (
        <SettingsCard
          title="Activity"
          description="Who invited and removed whom, and who changed the team’s settings, newest first."
        >
          <TeamActivity />
        </SettingsCard>
      )}
      <RemoveMemberDialog
        member={toRemove}
        isRemoving={isRemoving}
        onCancel={() => setToRemove(null)}
        onConfirm={() => void handleConfirmRemove()}
      />
    </div>
  );
}
