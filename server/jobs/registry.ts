import { tokenRefreshJob, tokenRefreshSweepJob } from '../accounts/token-refresh.job';
import { aiBotReplyJob } from '../ai/bot/reply.job';
import { passwordResetRequestJob } from '../auth/password-reset-request.job';
import { contactImportJob } from '../contact-imports/import.job';
import { mediaDownloadJob } from '../inbound/media-download.job';
import { emailSendJob } from '../mail/mailer';
import { messageReadJob } from '../outbound/message-read.job';
import { messageSendJob } from '../outbound/message-send.job';
import { reactionSendJob } from '../outbound/reaction-send.job';
import { sandboxJobs } from '../sandbox/jobs';
import { templatePendingSweepJob, templateSyncJob } from '../templates/sync';
import type { JobDefinition } from './define';
import type { Schedule } from './scheduler';

/** Every job this version of the app can run. A queued job whose name is missing here is left for another process. */
export const jobDefinitions = [
  emailSendJob,
  passwordResetRequestJob,
  mediaDownloadJob,
  tokenRefreshJob,
  tokenRefreshSweepJob,
  messageSendJob,
  reactionSendJob,
  messageReadJob,
  templateSyncJob,
  templatePendingSweepJob,
  ...sandboxJobs,
  contactImportJob,
  aiBotReplyJob,
] as unknown as JobDefinition[];

/** Periodic work (spec §9: token monitoring every 30 minutes, pending templates every 30 s). */
export const schedules: Schedule[] = [
  { job: tokenRefreshSweepJob as unknown as Schedule['job'], everyMs: 30 * 60_000 },
  { job: templatePendingSweepJob as unknown as Schedule['job'], everyMs: 30_000 },
];
