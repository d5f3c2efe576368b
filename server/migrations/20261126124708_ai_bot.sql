CREATE TABLE "ai_bot_chats" (
	"contact_id" uuid PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"reason" text,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"changed_by" uuid,
	"turns" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_bot_settings" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"when" text DEFAULT 'always' NOT NULL,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"hours" jsonb NOT NULL,
	"max_turns" integer DEFAULT 5 NOT NULL,
	"max_replies_per_hour" integer DEFAULT 10 NOT NULL,
	"max_length" integer DEFAULT 1000 NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "sent_by_bot" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_bot_chats" ADD CONSTRAINT "ai_bot_chats_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_bot_chats" ADD CONSTRAINT "ai_bot_chats_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_bot_chats" ADD CONSTRAINT "ai_bot_chats_changed_by_users_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_bot_settings" ADD CONSTRAINT "ai_bot_settings_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_bot_settings" ADD CONSTRAINT "ai_bot_settings_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_bot_chats_account_idx" ON "ai_bot_chats" USING btree ("account_id");