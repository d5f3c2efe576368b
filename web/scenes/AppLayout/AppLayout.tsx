import { Outlet, useRevalidator } from 'react-router';
import { FullPageSpinner } from '../../components/FullPageSpinner';
import { useSession } from '../../hooks/useSession';
import { accountProblem } from './accountProblem';
import { AccountSetupIncomplete } from './components/AccountSetupIncomplete';
import { ReconnectBanner } from './components/ReconnectBanner';
import { TopNav } from './components/TopNav';

/** The signed-in shell: top navigation over the current section. */
export function AppLayout() {
  const { data: session, error, refetch, isFetching, isPending } = useSession();
  const revalidator = useRevalidator();

  if (isPending) return <FullPageSpinner />;

  const problem = accountProblem(session, error);
  const needsReconnect = session?.access.kind === 'owner' && session.access.account?.tokenExpired === true;

  const handleRetry = async () => {
    await refetch();
    // Re-run the route guard with the fresh session (it may now send the user elsewhere).
    await revalidator.revalidate();
  };

  return (
    <div className="flex h-dvh flex-col bg-slate-50">
      <TopNav session={session ?? null} />
      {needsReconnect && !problem && <ReconnectBanner />}
      <main className="min-h-0 flex-1 overflow-y-auto">
        {problem ? (
          <AccountSetupIncomplete message={problem} onRetry={handleRetry} isRetrying={isFetching} />
        ) : (
          <Outlet />
        )}
      </main>
    </div>
  );
}
