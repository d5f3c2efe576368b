import type { SessionResponse } from '@common/api/auth';
import { ChevronDownIcon, LogOutIcon, SlidersHorizontalIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useSignOut } from '../../../hooks/useSignOut';

function initialsOf(name: string | undefined, email: string): string {
  const source = name?.trim() || email.split('@')[0] || '?';
  const parts = source.split(/[\s._-]+/).filter(Boolean);
  const letters = parts.length > 1 ? `${parts[0]![0]}${parts[1]![0]}` : source.slice(0, 2);
  return letters.toUpperCase();
}

export function UserMenu({ session }: { session: SessionResponse }) {
  const [isOpen, setIsOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const { signOut, isSigningOut } = useSignOut();
  const user = session.user!;
  const name = session.profile?.name;

  useEffect(() => {
    if (!isOpen) return;
    const handlePointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setIsOpen(false);
    };
    document.addEventListener('pointerdown', handlePointerDown);
    document.addEventListener('keydown', handleKeyDown);
    return () => {
      document.removeEventListener('pointerdown', handlePointerDown);
      document.removeEventListener('keydown', handleKeyDown);
    };
  }, [isOpen]);

  return (
    <div ref={rootRef} className="relative shrink-0">
      <button
        type="button"
        onClick={() => setIsOpen((open) => !open)}
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={menuId}
        aria-label="Account menu"
        className="flex items-center gap-1.5 rounded-full p-0.5 pr-1.5 transition-colors hover:bg-slate-100"
      >
        <span className="flex size-8 items-center justify-center rounded-full bg-ink-900 text-xs font-semibold text-white">
          {initialsOf(name, user.email)}
        </span>
        <ChevronDownIcon className="size-4 text-slate-400" />
      </button>

      {isOpen && (
        <div
          id={menuId}
          role="menu"
          className="absolute top-full right-0 mt-2 w-64 animate-pop-in rounded-xl bg-white p-1.5 shadow-pop ring-1 ring-slate-900/10"
        >
          <div className="px-3 py-2.5">
            {name && <p className="truncate text-sm font-medium text-slate-900">{name}</p>}
            <p className="truncate text-sm text-slate-500">{user.email}</p>
            {session.access.role && (
              <span className="mt-2 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-[11px] font-medium text-slate-600 capitalize">
                {session.access.role}
              </span>
            )}
          </div>
          <div className="my-1 h-px bg-slate-100" />
          <Link
            role="menuitem"
            to="/app/settings"
            onClick={() => setIsOpen(false)}
            className="flex items-center gap-2.5 rounded-lg px-3 py-2 text-sm text-slate-700 hover:bg-slate-50"
          >
            <SlidersHorizontalIcon className="size-4 text-slate-400" />
            Settings
          </Link>
          <button
            type="button"
            role="menuitem"
            disabled={isSigningOut}
            onClick={() => void signOut()}
            className="flex w-full items-center gap-2.5 rounded-lg px-3 py-2 text-left text-sm text-slate-700 hover:bg-slate-50"
          >
            <LogOutIcon className="size-4 text-slate-400" />
            Sign out
          </button>
        </div>
      )}
    </div>
  );
}
