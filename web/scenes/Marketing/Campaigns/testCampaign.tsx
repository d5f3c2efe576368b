import type { Campaign, CampaignFunnel } from '@common/api/campaigns';
import type { TemplateView } from '@common/api/templates';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { SESSION_QUERY_KEY } from '../../../api/session';
import { signedInSession } from '../../../test/render';
import { CampaignList } from './CampaignList';
import { CampaignPage } from './CampaignPage';
import { NewCampaign } from './editor/NewCampaign';

export const CAMPAIGN_ID = '0b7f3c1e-5a2d-4c6b-9e8f-1a2b3c4d5e6f';
export const TEMPLATE_ID = '1c8e4d2f-6b3e-4d7c-8f9a-2b3c4d5e6f70';
export const SEGMENT_ID = '2d9f5e3a-7c4f-4e8d-9a0b-3c4d5e6f7081';
export const FIELD_ID = '3e0a6f4b-8d5a-4f9e-8b1c-4d5e6f708192';

const NO_ABILITIES: Campaign['abilities'] = {
  update: false,
  delete: false,
  schedule: false,
  unschedule: false,
  pause: false,
  resume: false,
  cancel: false,
  retry: false,
};

export function funnel(fields: Partial<CampaignFunnel> = {}): CampaignFunnel {
  return {
    recipients: 0,
    queued: 0,
    sent: 0,
    delivered: 0,
    read: 0,
    replied: 0,
    failed: 0,
    skipped: 0,
    ...fields,
  };
}

/** A campaign as the server presents it; a draft an owner may change unless told otherwise. */
export function campaign(
  fields: Partial<Campaign> = {},
  abilities: Partial<Campaign['abilities']> = {},
): Campaign {
  return {
    id: CAMPAIGN_ID,
    name: 'Spring sale',
    status: 'draft',
    templateId: null,
    template: null,
    audience: null,
    variables: { body: [], header: [], buttons: [] },
    headerMediaId: null,
    sendRate: 80,
    timeZone: 'Europe/Lisbon',
    scheduledAt: null,
    startedAt: null,
    finishedAt: null,
    createdBy: null,
    createdAt: '2026-03-01T10:00:00.000Z',
    updatedAt: '2026-03-01T10:00:00.000Z',
    funnel: null,
    wait: null,
    ...fields,
    abilities: { ...NO_ABILITIES, ...abilities },
  };
}

export function approvedTemplate(fields: Partial<TemplateView> = {}): TemplateView {
  return {
    id: TEMPLATE_ID,
    name: 'spring_offer',
    language: 'en_US',
    category: 'MARKETING',
    status: 'approved',
    providerStatus: 'approved',
    rejectedReason: null,
    header: null,
    body: 'Hi {{1}}, your {{2}} discount is waiting.',
    footer: null,
    buttons: [],
    bodyVariables: 2,
    headerVariables: 0,
    bodyExamples: ['Maya', 'gold'],
    headerExample: null,
    headerSample: null,
    updatedAt: '2026-03-01T10:00:00.000Z',
    ...fields,
  };
}

function CurrentPath() {
  const location = useLocation();
  return <div data-testid="current-path">{location.pathname + location.search}</div>;
}

/** Mounts the campaign routes at `url` for an owner or a member. */
export function renderCampaigns(url: string, role: 'owner' | 'member' = 'owner') {
  const queryClient = new QueryClient({
    defaultOptions: { queries: { retry: false, staleTime: Number.POSITIVE_INFINITY } },
  });
  const session = signedInSession();
  queryClient.setQueryData(SESSION_QUERY_KEY, {
    ...session,
    access: { ...session.access, kind: role === 'owner' ? 'owner' : 'team_member', role },
  });
  const result = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[url]}>
        <Routes>
          <Route path="/app/marketing/campaigns" element={<CampaignList />} />
          <Route path="/app/marketing/campaigns/new" element={<NewCampaign />} />
          <Route path="/app/marketing/campaigns/:campaignId" element={<CampaignPage />} />
        </Routes>
        <CurrentPath />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { ...result, queryClient };
}
