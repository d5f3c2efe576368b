import { linkFetchJob } from './graph/link-fetch.job';
import { templateReviewJob } from './templates/review.job';
import { statusSweepJob } from './timeline/sweep.job';
import { webhookDeliverJob } from './webhooks/deliver.job';
import { webhookFlushJob } from './webhooks/flush.job';
import { statusAdvanceJob } from './webhooks/status.job';

/** The sandbox's durable jobs (listed in server/jobs/registry.ts). */
export const sandboxJobs = [
  webhookDeliverJob,
  webhookFlushJob,
  statusAdvanceJob,
  statusSweepJob,
  templateReviewJob,
  linkFetchJob,
];
