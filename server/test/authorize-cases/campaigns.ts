import {
  cancelCampaign,
  pauseCampaign,
  resumeCampaign,
  retryFailedRecipients,
  scheduleCampaign,
  unscheduleCampaign,
} from '../../commands/campaign-sending';
import {
  campaignMessagingLimit,
  countCampaignAudience,
  createCampaign,
  deleteCampaign,
  getCampaign,
  listCampaigns,
  previewCampaign,
  updateCampaign,
} from '../../commands/campaigns';
import type { CommandDeps } from '../../commands/deps';
import type { Executor } from '../../db/client';
import { campaigns } from '../../db/schema';
import type { Actor, Who } from '../command-fixture';

type Case = { ability: string; refuses: Who[]; run(actor: Actor): Promise<unknown> };

/** A draft of team A's, owned by its owner, for the cases below. */
export async function insertRegistryCampaign(
  db: Executor,
  owner: { id: string; teamId: string; accountId: string },
): Promise<string> {
  const [row] = await db
    .insert(campaigns)
    .values({
      accountId: owner.accountId,
      teamId: owner.teamId,
      name: 'registry-campaign',
      createdBy: owner.id,
    })
    .returning();
  return row!.id;
}

/** campaigns.ts — every teammate sees campaigns and counts audiences; the owner creates, changes, deletes. */
export function campaignAuthorizeCases(
  deps: () => CommandDeps,
  campaignId: () => string,
): Record<string, Case> {
  const db = () => deps().db;
  return {
    listCampaigns: { ability: 'campaign.view', refuses: ['teamless'], run: (a) => listCampaigns(db(), a) },
    getCampaign: {
      ability: 'campaign.view',
      refuses: ['outsider', 'teamless'],
      run: (a) => getCampaign(db(), a, campaignId()),
    },
    previewCampaign: {
      ability: 'campaign.view',
      refuses: ['outsider', 'teamless'],
      run: (a) => previewCampaign(db(), a, campaignId()),
    },
    countCampaignAudience: {
      ability: 'campaign.view',
      refuses: ['teamless'],
      run: (a) => countCampaignAudience(db(), a, { kind: 'opted_in' }),
    },
    campaignMessagingLimit: {
      ability: 'campaign.view',
      refuses: ['teamless'],
      run: (a) => campaignMessagingLimit(db(), a),
    },
    createCampaign: {
      ability: 'campaign.create',
      refuses: ['member', 'teamless'],
      run: (a) => createCampaign(deps(), a, { name: 'registry-new' }),
    },
    updateCampaign: {
      ability: 'campaign.update',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a) => updateCampaign(deps(), a, campaignId(), { name: 'changed' }),
    },
    deleteCampaign: {
      ability: 'campaign.delete',
      refuses: ['member', 'outsider', 'teamless'],
      run: (a) => deleteCampaign(deps(), a, campaignId()),
    },
    // campaign-sending.ts — only the owner sends, pauses, resumes, cancels and retries.
    ...Object.fromEntries(
      (
        [
          ['scheduleCampaign', (a: Actor) => scheduleCampaign(deps(), a, campaignId(), null)],
          ['unscheduleCampaign', (a: Actor) => unscheduleCampaign(deps(), a, campaignId())],
          ['pauseCampaign', (a: Actor) => pauseCampaign(deps(), a, campaignId())],
          ['resumeCampaign', (a: Actor) => resumeCampaign(deps(), a, campaignId())],
          ['cancelCampaign', (a: Actor) => cancelCampaign(deps(), a, campaignId())],
          ['retryFailedRecipients', (a: Actor) => retryFailedRecipients(deps(), a, campaignId())],
        ] as const
      ).map(([name, run]) => [
        name,
        { ability: 'campaign.send', refuses: ['member', 'outsider', 'teamless'] as Who[], run },
      ]),
    ),
  };
}
