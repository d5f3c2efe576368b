import { TEAM_MSG } from '@common/api/team';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { MessageSquareTextIcon, UserIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { PROFILE_QUERY_KEY, profileQuery } from '../../api/profile';
import { refreshSession } from '../../api/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { useSession } from '../../hooks/useSession';
import { ProfileForm } from './components/ProfileForm';
import { DetailRows, SettingsCard } from './SettingsCard';

const dash = <span className="text-slate-400">—</span>;

/** Your profile and company (editable, with the onboarding rules) and the WhatsApp account you work in. */
export function ProfileSettings() {
  const queryClient = useQueryClient();
  const { data: session } = useSession();
  const { data, isPending, isError } = useQuery(profileQuery);
  const [isAdding, setIsAdding] = useState(false);
  if (!session?.user) return null;
  const { access } = session;

  const profileCard = () => {
    if (isPending) {
      return (
        <div className="flex justify-center py-12">
          <Spinner label="Loading profile" />
        </div>
      );
    }
    if (isError || !data) {
      return (
        <div className="p-6">
          <Alert>{TEAM_MSG.noData}</Alert>
        </div>
      );
    }
    if (!data.profile && !isAdding) {
      return (
        <EmptyState
          icon={<UserIcon className="size-6" />}
          title={TEAM_MSG.noData}
          description="Add your name and company so your teammates know who they work with."
          action={<Button onClick={() => setIsAdding(true)}>Add your profile</Button>}
          className="py-10"
        />
      );
    }
    return (
      <ProfileForm
        key={data.profile ? 'edit' : 'new'}
        profile={data.profile}
        onCancel={data.profile ? undefined : () => setIsAdding(false)}
        onSaved={(profile) => {
          queryClient.setQueryData(PROFILE_QUERY_KEY, { email: data.email, profile });
          void refreshSession(queryClient).catch(() => undefined);
        }}
      />
    );
  };

  return (
    <div>
      <SettingsCard
        title="Profile"
        description="How you appear to your team. Signed in as the address below."
      >
        <div className="border-b border-slate-100">
          <DetailRows rows={[{ label: 'Email', value: session.user.email }]} />
        </div>
        {profileCard()}
      </SettingsCard>
      <SettingsCard title="WhatsApp account" description="The business number your team answers from.">
        {access.account ? (
          <DetailRows
            rows={[
              { label: 'Business', value: access.account.businessName || dash },
              { label: 'Phone number', value: access.account.displayPhoneNumber || dash },
              {
                label: 'Status',
                value: access.account.tokenExpired ? (
                  <span className="font-medium text-amber-700">Connection expired</span>
                ) : (
                  <span className="font-medium text-brand-700">Connected</span>
                ),
              },
              { label: 'Your role', value: <span className="capitalize">{access.role ?? dash}</span> },
            ]}
          />
        ) : (
          <EmptyState
            icon={<MessageSquareTextIcon className="size-6" />}
            title={TEAM_MSG.noAccountConfigured}
            action={
              access.role === 'owner' ? (
                <Link to="/connect-facebook" className="text-sm font-medium text-ink-700 underline">
                  Connect a number
                </Link>
              ) : undefined
            }
            className="py-10"
          />
        )}
      </SettingsCard>
    </div>
  );
}
