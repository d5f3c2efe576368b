import type { SessionResponse } from '@common/api/auth';
import { ChevronDownIcon, LogOutIcon, SlidersHorizontalIcon } from 'lucide-react';
import { Button } from 'react-aria-components';
import { useNavigate } from 'react-router';
import { useSignOut } from '../../../hooks/useSignOut';
import { Menu, MenuItem, MenuTrigger } from '../../../ui/Menu';
import { Popover } from '../../../ui/Popover';

function initialsOf(name: string | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '?';
  const parts = source.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * The account button at the right of the top bar: the user's initials (its name reads them, then
 * 'Account menu'), opening who is signed in, with what role, and Settings and Sign out.
 */
export function UserMenu({ session }: { session: SessionResponse }) {
  const navigate = useNavigate();
  const { signOut, isSigningOut } = useSignOut();
  const user = session.user!;
  const name = session.profile?.name;

  return (
    <MenuTrigger>
      <Button className="flex shrink-0 items-center gap-1.5 rounded-full p-0.5 pr-1.5 outline-none transition-colors hover:bg-slate-100 focus-visible:ring-2 focus-visible:ring-ink-600 aria-expanded:bg-slate-100">
        <span className="flex size-8 items-center justify-center rounded-full bg-ink-900 text-xs font-semibold text-white">
          {initialsOf(name, user.email)}
        </span>
        <span className="sr-only">Account menu</span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </Button>
      <Popover placement="bottom-end" className="w-64">
        <div className="px-3.5 pt-3 pb-2.5">
          {name && <p className="truncate text-sm font-medium text-slate-900">{name}</p>}
          <p className="truncate text-sm text-slate-500">{user.email}</p>
          {session.access.role && (
            <span className="mt-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600 capitalize">
              {session.access.role}
            </span>
          )}
        </div>
        <Menu aria-label="Account" className="border-t border-slate-100">
          <MenuItem
            id="settings"
            icon={<SlidersHorizontalIcon className="size-4" />}
            onAction={() => navigate('/app/settings')}
          >
            Settings
          </MenuItem>
          <MenuItem
            id="sign-out"
            icon={<LogOutIcon className="size-4" />}
            isDisabled={isSigningOut}
            onAction={() => void signOut()}
          >
            Sign out
          </MenuItem>
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
