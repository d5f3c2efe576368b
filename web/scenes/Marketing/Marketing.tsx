import { BotIcon, MegaphoneIcon, SendIcon, WorkflowIcon } from 'lucide-react';
import { Outlet } from 'react-router';
import { PageHeader } from '../../components/PageHeader';
import { type TabItem, TabNav } from '../../components/TabNav';

const TABS: TabItem[] = [
  { to: '/app/marketing', label: 'Templates', end: true, icon: <MegaphoneIcon className="size-4" /> },
  { to: '/app/marketing/campaigns', label: 'Campaigns', icon: <SendIcon className="size-4" /> },
  {
    to: '/app/marketing/sequences',
    label: 'Sequence Builder',
    icon: <WorkflowIcon className="size-4" />,
    badge: 'Soon',
  },
  { to: '/app/marketing/bots', label: 'AI Bots', icon: <BotIcon className="size-4" /> },
];

export function Marketing() {
  return (
    <div>
      <PageHeader
        title="Marketing"
        description="Message templates, campaigns, automated sequences and AI bots for your WhatsApp audience."
      >
        <TabNav items={TABS} label="Marketing" />
      </PageHeader>
      <div className="mx-auto max-w-6xl px-5 py-8 sm:px-8">
        <Outlet />
      </div>
    </div>
  );
}
