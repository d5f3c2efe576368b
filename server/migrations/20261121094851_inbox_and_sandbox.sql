CREATE TABLE "contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"wa_id" text NOT NULL,
	"phone" text NOT NULL,
	"profile_name" text DEFAULT '' NOT NULL,
	"custom_name" text,
	"notes" text DEFAULT '' NOT NULL,
	"assigned_to" uuid,
	"archived_at" timestamp with time zone,
	"blocked_at" timestamp with time zone,
	"last_message_at" timestamp with time zone,
	"last_message_preview" text,
	"last_message_direction" text,
	"last_incoming_at" timestamp with time zone,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "media" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_media_id" text,
	"direction" text NOT NULL,
	"kind" text NOT NULL,
	"mime_type" text,
	"sha256" text,
	"file_size" bigint,
	"filename" text,
	"storage_key" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "message_status_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"external_id" text NOT NULL,
	"status" text NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"errors" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"external_id" text,
	"status" text NOT NULL,
	"error" jsonb,
	"reply_to_external_id" text,
	"media_id" uuid,
	"sent_by" uuid,
	"client_ref" text,
	"timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"target_external_id" text NOT NULL,
	"reactor" text NOT NULL,
	"emoji" text NOT NULL,
	"direction" text NOT NULL,
	"external_id" text,
	"sent_by" uuid,
	"status" text DEFAULT 'sent' NOT NULL,
	"timestamp" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"provider_id" text,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"status" text NOT NULL,
	"components" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"rejected_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone,
	"error" text,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_customers" (
	"wa_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_media" (
	"id" text PRIMARY KEY NOT NULL,
	"phone_number_id" text NOT NULL,
	"mime_type" text NOT NULL,
	"sha256" text NOT NULL,
	"filename" text,
	"data" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"customer_wa_id" text NOT NULL,
	"direction" text NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_phone_numbers" (
	"id" text PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"business_id" text NOT NULL,
	"waba_name" text NOT NULL,
	"display_phone_number" text NOT NULL,
	"verified_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb DEFAULT 'null'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"name" text NOT NULL,
	"language" text NOT NULL,
	"category" text NOT NULL,
	"components" jsonb NOT NULL,
	"status" text NOT NULL,
	"review_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"waba_id" text NOT NULL,
	"phone_number_id" text NOT NULL,
	"expires_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "media" ADD CONSTRAINT "media_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_status_events" ADD CONSTRAINT "message_status_events_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_media_id_media_id_fk" FOREIGN KEY ("media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_sent_by_users_id_fk" FOREIGN KEY ("sent_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contacts_account_wa_id_key" ON "contacts" USING btree ("account_id","wa_id");--> statement-breakpoint
CREATE INDEX "contacts_account_last_message_idx" ON "contacts" USING btree ("account_id","last_message_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE UNIQUE INDEX "media_account_provider_id_key" ON "media" USING btree ("account_id","provider_media_id");--> statement-breakpoint
CREATE UNIQUE INDEX "message_status_events_key" ON "message_status_events" USING btree ("account_id","external_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_account_external_id_key" ON "messages" USING btree ("account_id","external_id");--> statement-breakpoint
CREATE INDEX "messages_contact_timestamp_idx" ON "messages" USING btree ("contact_id","timestamp" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "reactions_target_reactor_key" ON "reactions" USING btree ("account_id","target_external_id","reactor");--> statement-breakpoint
CREATE UNIQUE INDEX "templates_account_name_language_key" ON "templates" USING btree ("account_id","name","language");--> statement-breakpoint
CREATE INDEX "templates_provider_id_idx" ON "templates" USING btree ("provider_id");--> statement-breakpoint
CREATE INDEX "webhook_events_pending_idx" ON "webhook_events" USING btree ("id") WHERE "webhook_events"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_customers_key" ON "sandbox_customers" USING btree ("phone_number_id","wa_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_messages_wamid_key" ON "sandbox_messages" USING btree ("wamid");--> statement-breakpoint
CREATE INDEX "sandbox_messages_chat_idx" ON "sandbox_messages" USING btree ("phone_number_id","customer_wa_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_templates_key" ON "sandbox_templates" USING btree ("waba_id","name","language");