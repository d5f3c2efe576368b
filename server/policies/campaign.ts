import { definePolicy, inAccount, type PolicyActor } from './define-policy';

/** A campaign row, or for listing and creating, the account whose campaigns they are. */
type CampaignSubject = { accountId: string; status?: string };

const DENIED = 'Campaigns belong to the team that sends them.';
const OWNERS = 'Only the team owner can create, change, schedule or stop campaigns.';

const ownerOf = (actor: NonNullable<PolicyActor>, c: CampaignSubject) =>
  inAccount(actor, c) && actor.role === 'owner';

/**
 * Campaigns (issue 15): every teammate sees the campaigns and their reports; the owner creates,
 * changes, schedules, pauses, resumes, cancels and deletes them. Other teams get nothing (the commands
 * look campaigns up within the actor's account, so a foreign id is a 404 before this is asked).
 * Whether a campaign's state allows a change (only drafts are edited) is the command's 409.
 */
export const campaignPolicy = definePolicy<CampaignSubject, 'view' | 'create' | 'update' | 'delete' | 'send'>(
  {
    view: { rule: inAccount, denied: DENIED },
    create: { rule: ownerOf, denied: OWNERS },
    update: { rule: ownerOf, denied: OWNERS },
    delete: { rule: ownerOf, denied: OWNERS },
    /** Schedule, unschedule, pause, resume, cancel, retry failures. */
    send: { rule: ownerOf, denied: OWNERS },
  },
);
