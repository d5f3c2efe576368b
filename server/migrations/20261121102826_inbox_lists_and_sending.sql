CREATE TABLE "contact_tags" (
	"contact_id" uuid NOT NULL,
	"tag_id" uuid NOT NULL,
	CONSTRAINT "contact_tags_contact_id_tag_id_pk" PRIMARY KEY("contact_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "contacts_account_last_message_idx";--> statement-breakpoint
ALTER TABLE "media" ADD COLUMN "thumbnail_id" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "send_started_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_tags" ADD CONSTRAINT "contact_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contact_tags_tag_idx" ON "contact_tags" USING btree ("tag_id","contact_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_account_name_key" ON "tags" USING btree ("account_id",lower(name));--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_thumbnail_id_media_id_fk" FOREIGN KEY ("thumbnail_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "contacts_inbox_unassigned_idx" ON "contacts" USING btree ("account_id",(coalesce(last_message_at, '-infinity'::timestamptz)) desc,id desc) WHERE archived_at is null and assigned_to is null;--> statement-breakpoint
CREATE INDEX "contacts_inbox_assigned_idx" ON "contacts" USING btree ("account_id",(coalesce(last_message_at, '-infinity'::timestamptz)) desc,id desc) WHERE archived_at is null and assigned_to is not null;--> statement-breakpoint
CREATE INDEX "contacts_inbox_assignee_idx" ON "contacts" USING btree ("account_id","assigned_to",(coalesce(last_message_at, '-infinity'::timestamptz)) desc,id desc) WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "contacts_search_idx" ON "contacts" USING gin ((lower(coalesce(custom_name, profile_name)) || ' ' || phone) gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_client_ref_key" ON "messages" USING btree ("account_id","client_ref") WHERE client_ref is not null;