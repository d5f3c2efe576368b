import { useSignOut } from '../hooks/useSignOut';

/** "you@x.com · Sign out" for the setup screens, so nobody is stuck in a half-finished setup. */
export function SignedInAs({ email }: { email: string }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <div className="flex items-center gap-3 text-xs text-slate-500">
      <span className="hidden max-w-[200px] truncate sm:inline">{email}</span>
      <button
        type="button"
        onClick={() => void signOut()}
        disabled={isSigningOut}
        className="rounded-md px-2 py-1 font-medium text-slate-600 ring-1 ring-slate-200 transition-colors hover:bg-slate-50 hover:text-slate-900"
      >
        Sign out
      </button>
    </div>
  );
}
