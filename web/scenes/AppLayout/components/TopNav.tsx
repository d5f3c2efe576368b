import type { SessionResponse } from '@common/api/auth';
import {
  BookUserIcon,
  ChartColumnIcon,
  MegaphoneIcon,
  MessageSquareTextIcon,
  SlidersHorizontalIcon,
} from 'lucide-react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { Logo } from '../../../components/Logo';
import { UserMenu } from './UserMenu';

type NavItem = { to: string; label: string; icon: ReactNode };

export const APP_NAV: NavItem[] = [
  { to: '/app/chats', label: 'Chats', icon: <MessageSquareTextIcon className="size-[18px]" /> },
  { to: '/app/marketing', label: 'Marketing', icon: <MegaphoneIcon className="size-[18px]" /> },
  { to: '/app/sales', label: 'Sales', icon: <ChartColumnIcon className="size-[18px]" /> },
  { to: '/app/contacts', label: 'Contacts', icon: <BookUserIcon className="size-[18px]" /> },
  { to: '/app/settings', label: 'Settings', icon: <SlidersHorizontalIcon className="size-[18px]" /> },
];

export function TopNav({ session }: { session: SessionResponse | null }) {
  const account = session?.access.account;
  return (
    <header className="z-20 shrink-0 border-b border-slate-200 bg-white">
      <div className="flex h-14 items-center gap-4 px-4 sm:gap-8 sm:px-6">
        <Logo to="/app/chats" className="shrink-0 [&>span]:hidden sm:[&>span]:inline" />
        <nav aria-label="App" className="flex min-w-0 flex-1 items-center gap-1 overflow-x-auto">
          {APP_NAV.map((item) => (
            <NavLink
              key={item.to}
              to={item.to}
              className={({ isActive }) =>
                `inline-flex h-9 shrink-0 items-center gap-2 rounded-lg px-3 text-sm font-medium transition-colors ${
                  isActive
                    ? 'bg-ink-50 text-ink-900'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              {item.icon}
              {/* On a phone the label is for screen readers only; the icon alone shows. */}
              <span className="sr-only md:not-sr-only">{item.label}</span>
            </NavLink>
          ))}
        </nav>
        {account && (
          <div className="hidden items-center gap-2 rounded-full bg-slate-50 py-1 pr-3 pl-2 text-xs text-slate-600 ring-1 ring-slate-200 xl:flex">
            <span
              className={`size-2 rounded-full ${account.tokenExpired ? 'bg-amber-500' : 'bg-brand-500'}`}
            />
            <span className="max-w-[180px] truncate font-medium">
              {account.businessName ?? 'WhatsApp Business'}
            </span>
            {account.displayPhoneNumber && (
              <span className="text-slate-400">{account.displayPhoneNumber}</span>
            )}
          </div>
        )}
        {session?.user && <UserMenu session={session} />}
      </div>
    </header>
  );
}
