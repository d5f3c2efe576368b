import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../../test/render';
import { campaign, funnel, renderCampaigns, SEGMENT_ID } from './testCampaign';

beforeEach(() => {
  vi.stubGlobal('WebSocket', undefined);
});

const lists = {
  'GET /api/segments': { body: { segments: [{ id: SEGMENT_ID, name: 'VIP customers' }] } },
  'GET /api/tags': { body: { tags: [] } },
};

describe('CampaignList', () => {
  it('shows each campaign’s status, audience and funnel counts', async () => {
    mockApi({
      ...lists,
      'GET /api/campaigns': {
        body: {
          campaigns: [
            campaign({
              id: 'c1',
              name: 'Spring sale',
              status: 'sending',
              audience: { kind: 'segment', segmentId: SEGMENT_ID },
              startedAt: '2026-03-02T09:00:00.000Z',
              funnel: funnel({
                recipients: 1200,
                queued: 200,
                sent: 1000,
                delivered: 950,
                read: 600,
                replied: 42,
                failed: 8,
              }),
            }),
            campaign({ id: 'c2', name: 'Easter draft', status: 'draft', audience: { kind: 'opted_in' } }),
          ],
          abilities: { create: true },
        },
      },
    });
    renderCampaigns('/app/marketing/campaigns');
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(2));
    const [sending, draft] = screen.getAllByTestId('campaign-row');
    expect(within(sending!).getByTestId('campaign-status').textContent).toBe('Sending');
    expect(within(sending!).getByTestId('campaign-audience').textContent).toBe('1,200');
    expect(within(sending!).getByTestId('campaign-sent').textContent).toBe('1,000');
    expect(within(sending!).getByTestId('campaign-delivered').textContent).toBe('950');
    expect(within(sending!).getByTestId('campaign-read').textContent).toBe('600');
    expect(within(sending!).getByTestId('campaign-replied').textContent).toBe('42');
    expect(within(sending!).getByTestId('campaign-failed').textContent).toBe('8');
    expect(sending!.textContent).toContain('Segment “VIP customers”');
    expect(within(sending!).getByRole('link', { name: 'Spring sale' }).getAttribute('href')).toBe(
      '/app/marketing/campaigns/c1',
    );
    // A draft has no funnel yet.
    expect(within(draft!).getByTestId('campaign-status').textContent).toBe('Draft');
    expect(within(draft!).getByTestId('campaign-sent').textContent).toBe('—');
    expect(draft!.textContent).toContain('Everyone opted in');
    expect(screen.getByRole('link', { name: 'New campaign' })).toBeTruthy();
  });

  it('shows a member the list without New campaign, as the server’s abilities say', async () => {
    mockApi({
      ...lists,
      'GET /api/campaigns': {
        body: {
          campaigns: [campaign({ status: 'completed', funnel: funnel({ recipients: 3, sent: 3 }) })],
          abilities: { create: false },
        },
      },
    });
    renderCampaigns('/app/marketing/campaigns', 'member');
    await waitFor(() => expect(screen.getAllByTestId('campaign-row')).toHaveLength(1));
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
  });

  it('explains campaigns when there are none, offering New campaign to owners only', async () => {
    mockApi({ ...lists, 'GET /api/campaigns': { body: { campaigns: [], abilities: { create: true } } } });
    const owner = renderCampaigns('/app/marketing/campaigns');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    expect(screen.getByText(/sends one approved template to many contacts/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'New campaign' }).getAttribute('href')).toBe(
      '/app/marketing/campaigns/new',
    );
    owner.unmount();

    mockApi({ ...lists, 'GET /api/campaigns': { body: { campaigns: [], abilities: { create: false } } } });
    renderCampaigns('/app/marketing/campaigns', 'member');
    expect(await screen.findByText('No campaigns yet')).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'New campaign' })).toBeNull();
    expect(screen.getByText(/The team owner creates campaigns/)).toBeTruthy();
  });
});
