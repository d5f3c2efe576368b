CREATE TABLE "campaign_recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"campaign_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"message_id" uuid,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"error_code" integer,
	"error" text,
	"retryable" boolean DEFAULT false NOT NULL,
	"status_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "campaign_send_leases" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "funnel" jsonb;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "wait" text;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "progress_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_campaign_id_campaigns_id_fk" FOREIGN KEY ("campaign_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaign_recipients" ADD CONSTRAINT "campaign_recipients_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action DEFERRABLE INITIALLY DEFERRED;--> statement-breakpoint
ALTER TABLE "campaign_send_leases" ADD CONSTRAINT "campaign_send_leases_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_recipients_campaign_contact_key" ON "campaign_recipients" USING btree ("campaign_id","contact_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_queue_idx" ON "campaign_recipients" USING btree ("campaign_id","next_attempt_at","id") WHERE status = 'queued';--> statement-breakpoint
CREATE INDEX "campaign_recipients_changes_idx" ON "campaign_recipients" USING btree ("campaign_id","status_at");--> statement-breakpoint
CREATE INDEX "campaign_recipients_message_idx" ON "campaign_recipients" USING btree ("message_id");--> statement-breakpoint
CREATE INDEX "campaign_recipients_contact_idx" ON "campaign_recipients" USING btree ("contact_id");--> statement-breakpoint
-- A campaign recipient follows its message (campaigns/recipient-status.ts names the same order):
-- queued 0, sending 1, sent 2, failed 3, delivered 4, read 5, replied 6, skipped 7. A status moves a
-- recipient only forward; the sender moves it back to queued itself when a send is tried again.
CREATE FUNCTION campaign_recipient_rank(status text) RETURNS int LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE status WHEN 'queued' THEN 0 WHEN 'sending' THEN 1 WHEN 'sent' THEN 2 WHEN 'failed' THEN 3
    WHEN 'delivered' THEN 4 WHEN 'read' THEN 5 WHEN 'replied' THEN 6 WHEN 'skipped' THEN 7 ELSE -1 END
$$;--> statement-breakpoint
-- The message's status as the recipient's: sent, delivered, read (a played voice note is read), failed
-- with Meta's code and the error in words the message carries.
CREATE FUNCTION campaign_recipient_follow_message() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  next_status text := CASE NEW.status WHEN 'played' THEN 'read' ELSE NEW.status END;
BEGIN
  UPDATE campaign_recipients r SET
    status = next_status,
    status_at = now(),
    claimed_at = NULL,
    -- A failed status webhook (Meta's errors array) means Meta took the message: it was sent.
    sent_at = CASE WHEN next_status <> 'failed' OR jsonb_typeof(NEW.error) = 'array'
      THEN coalesce(r.sent_at, now()) ELSE r.sent_at END,
    read_at = CASE WHEN next_status = 'read' THEN coalesce(r.read_at, now()) ELSE r.read_at END,
    -- A send's refusal is stored as { code, message } (the words); a status webhook's as Meta's errors
    -- array, whose words the report takes from the error map by code (error left null).
    error_code = CASE WHEN next_status = 'failed'
      THEN coalesce(NEW.error->>'code', NEW.error->0->>'code')::int ELSE r.error_code END,
    error = CASE WHEN next_status = 'failed' THEN NEW.error->>'message' ELSE r.error END,
    -- 131049 (the customer's marketing limit for now) may go through later: "Retry failed" sends it again.
    retryable = CASE WHEN next_status = 'failed'
      THEN r.retryable OR coalesce(NEW.error->>'code', NEW.error->0->>'code', '') = '131049' ELSE false END
  WHERE r.message_id = NEW.id
    AND campaign_recipient_rank(next_status) > campaign_recipient_rank(r.status);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_campaign_recipient AFTER UPDATE OF status ON messages FOR EACH ROW
  WHEN (OLD.status IS DISTINCT FROM NEW.status AND NEW.direction = 'outgoing' AND NEW.type = 'template')
  EXECUTE FUNCTION campaign_recipient_follow_message();--> statement-breakpoint
-- A customer's message within three days of a campaign message they were sent counts as a reply to it.
CREATE FUNCTION campaign_recipient_replied() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE campaign_recipients r SET status = 'replied', status_at = now(),
    read_at = coalesce(r.read_at, now())
  WHERE r.contact_id = NEW.contact_id
    AND r.status IN ('sent', 'delivered', 'read')
    AND r.sent_at > now() - interval '3 days';
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER messages_campaign_reply AFTER INSERT ON messages FOR EACH ROW
  WHEN (NEW.direction = 'incoming')
  EXECUTE FUNCTION campaign_recipient_replied();
