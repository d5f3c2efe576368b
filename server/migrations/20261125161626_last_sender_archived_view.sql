ALTER TABLE "contacts" ADD COLUMN "last_message_sent_by" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_last_message_sent_by_users_id_fk" FOREIGN KEY ("last_message_sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_archived_idx" ON "contacts" USING btree ("account_id",(coalesce(last_message_at, '-infinity'::timestamptz)) desc,id desc) WHERE archived_at is not null;--> statement-breakpoint
UPDATE "contacts" AS c SET "last_message_sent_by" = m."sent_by"
FROM (
  SELECT DISTINCT ON ("contact_id") "contact_id", "direction", "sent_by" FROM "messages"
  ORDER BY "contact_id", "timestamp" DESC, "id" DESC
) AS m
WHERE m."contact_id" = c."id" AND c."last_message_direction" = 'outgoing' AND m."direction" = 'outgoing';
