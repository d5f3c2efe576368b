import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { webhookEvents } from '../db/schema';
import { LEASE_SECONDS, runningProcessor } from './webhook-processor';

/** One INSERT carries at most this many deliveries, and about this many bytes. */
const MAX_ROWS = 500;
const MAX_BYTES = 8 * 1024 * 1024;

type Waiting = { body: string; stored: () => void; failed: (error: unknown) => void };

/**
 * Stores webhook deliveries in `webhook_events` with group commit: deliveries that arrive while an
 * INSERT is being written wait for it, then go in together with the next one. Each caller's promise
 * settles only once its own row is committed, so the route still answers 200 only for what is stored;
 * under load one commit carries many deliveries instead of one each, and with one request at a time
 * nothing waits.
 *
 * When this process runs the webhook processor, rows are stored leased to it and handed over in
 * memory (see WebhookProcessor.accept); otherwise they wait in the table for a worker.
 */
export class DeliveryStore {
  private waiting: Waiting[] = [];
  private writing = false;

  constructor(private readonly db: Database) {}

  store(body: string): Promise<void> {
    return new Promise((stored, failed) => {
      this.waiting.push({ body, stored, failed });
      if (!this.writing) void this.writeAll();
    });
  }

  private async writeAll(): Promise<void> {
    this.writing = true;
    while (this.waiting.length > 0) {
      const batch = this.takeBatch();
      try {
        await this.insert(batch.map((w) => w.body));
        for (const w of batch) w.stored();
      } catch (error) {
        if (batch.length === 1) batch[0]!.failed(error);
        // One bad row must not fail its neighbours: each goes in alone and answers for itself.
        else for (const w of batch) await this.insert([w.body]).then(w.stored, w.failed);
      }
    }
    this.writing = false;
  }

  private takeBatch(): Waiting[] {
    let bytes = 0;
    let count = 0;
    while (count < this.waiting.length && count < MAX_ROWS) {
      bytes += this.waiting[count]!.body.length;
      if (count > 0 && bytes > MAX_BYTES) break;
      count += 1;
    }
    return this.waiting.splice(0, count);
  }

  private async insert(bodies: string[]): Promise<void> {
    const processor = runningProcessor(this.db);
    const values = sql`unnest(${sql.param(bodies)}::text[])`;
    if (!processor) {
      await this.db.execute(sql`insert into ${webhookEvents} (body) select ${values}`);
      return;
    }
    const result = (await this.db.execute(sql`
      insert into ${webhookEvents} (body, attempts, locked_until)
      select body, 1, now() + make_interval(secs => ${LEASE_SECONDS}) from ${values} as body
      returning id`)) as unknown as { rows: { id: string | number }[] };
    // One statement takes its ids from the sequence in the order of its rows: the same order as `bodies`.
    const ids = result.rows.map((row) => Number(row.id)).sort((a, b) => a - b);
    ids.forEach((id, index) => {
      processor.accept({ id, body: bodies[index]!, attempts: 1 });
    });
  }
}
