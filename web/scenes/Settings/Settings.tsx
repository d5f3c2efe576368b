import {
  BellOffIcon,
  BookmarkIcon,
  SlidersHorizontalIcon,
  SparklesIcon,
  UserIcon,
  UsersIcon,
} from 'lucide-react';
import { Outlet } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type TabItem, TabNav } from '../../components/TabNav';
import { Toaster } from '../../ui/Toast';

const TABS: TabItem[] = [
  { to: '/app/settings', label: 'Profile', end: true, icon: <UserIcon className="size-4" /> },
  { to: '/app/settings/team', label: 'Team', icon: <UsersIcon className="size-4" /> },
  { to: '/app/settings/saved-messages', label: 'Saved Messages', icon: <BookmarkIcon className="size-4" /> },
  {
    to: '/app/settings/contact-fields',
    label: 'Contact Fields',
    icon: <SlidersHorizontalIcon className="size-4" />,
  },
  {
    to: '/app/settings/consent-keywords',
    label: 'Consent Keywords',
    icon: <BellOffIcon className="size-4" />,
  },
  { to: '/app/settings/ai', label: 'AI', icon: <SparklesIcon className="size-4" /> },
];

export function Settings() {
  return (
    <div>
      <PageHeader
        title="Settings"
        description="Your profile, your team, shared replies, contact fields, marketing consent and AI."
      >
        <TabNav items={TABS} label="Settings" />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-5 py-8 sm:px-8">
        <Outlet />
      </div>
      {/* One region for every tab's confirmations (AI, consent keywords). */}
      <Toaster />
    </div>
  );
}
