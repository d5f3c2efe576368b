import { RefreshCwIcon, TriangleAlertIcon } from 'lucide-react';
import { Button } from '../../../components/Button';
import { COPY } from '../../../copy';
import { useSignOut } from '../../../hooks/useSignOut';

type AccountSetupIncompleteProps = {
  message: string;
  onRetry: () => void;
  isRetrying: boolean;
};

export function AccountSetupIncomplete({ message, onRetry, isRetrying }: AccountSetupIncompleteProps) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <div className="flex h-full items-center justify-center px-5 py-16">
      <div className="w-full max-w-md rounded-2xl bg-white p-8 text-center shadow-card ring-1 ring-slate-200">
        <div className="mx-auto flex size-12 items-center justify-center rounded-full bg-amber-50 text-amber-500 ring-1 ring-amber-100">
          <TriangleAlertIcon className="size-6" />
        </div>
        <h1 className="mt-5 text-lg font-semibold tracking-tight text-slate-900">
          {COPY.accountSetupIncomplete}
        </h1>
        <p className="mt-2 text-sm leading-6 text-slate-600">{message}</p>
        <div className="mt-8 flex flex-col-reverse justify-center gap-3 sm:flex-row">
          {/* Signing out first, so /signin shows the form instead of bouncing back here. */}
          <Button variant="secondary" onClick={() => void signOut('/signin')} isLoading={isSigningOut}>
            {COPY.signInAgain}
          </Button>
          <Button onClick={onRetry} isLoading={isRetrying} icon={<RefreshCwIcon className="size-4" />}>
            {COPY.tryAgain}
          </Button>
        </div>
      </div>
    </div>
  );
}
