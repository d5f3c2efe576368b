import {
  exportCampaignRecipients,
  getCampaignReport,
  listCampaignRecipients,
  saveCampaignSegment,
} from '../../commands/campaign-report';
import type { CommandDeps } from '../../commands/deps';
import type { Actor, Who } from '../command-fixture';

type Case = { ability: string; refuses: Who[]; run(actor: Actor): Promise<unknown> };

/** campaign-report.ts — every teammate reads a campaign's report, its recipients and their CSV, and saves them as a segment. */
export function campaignReportAuthorizeCases(
  deps: () => CommandDeps,
  campaignId: () => string,
): Record<string, Case> {
  const db = () => deps().db;
  return {
    getCampaignReport: {
      ability: 'campaign.view',
      refuses: ['outsider', 'teamless'],
      run: (a) => getCampaignReport(db(), a, campaignId()),
    },
    listCampaignRecipients: {
      ability: 'campaign.view',
      refuses: ['outsider', 'teamless'],
      run: (a) => listCampaignRecipients(db(), a, campaignId(), { limit: 50 }),
    },
    exportCampaignRecipients: {
      ability: 'campaign.view',
      refuses: ['outsider', 'teamless'],
      run: (a) => exportCampaignRecipients(deps(), a, campaignId(), {}),
    },
    saveCampaignSegment: {
      ability: 'campaign.view + segment.create',
      refuses: ['outsider', 'teamless'],
      run: (a) =>
        saveCampaignSegment(deps(), a, campaignId(), { name: 'registry-from-campaign', statuses: ['read'] }),
    },
  };
}
