CREATE TABLE "contact_segments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL,
	"name" text NOT NULL,
	"filter" jsonb NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contact_table_prefs" (
	"user_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"columns" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_table_prefs_user_id_account_id_pk" PRIMARY KEY("user_id","account_id")
);
--> statement-breakpoint
ALTER TABLE "contact_segments" ADD CONSTRAINT "contact_segments_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_segments" ADD CONSTRAINT "contact_segments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_table_prefs" ADD CONSTRAINT "contact_table_prefs_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contact_table_prefs" ADD CONSTRAINT "contact_table_prefs_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_segments_account_name_key" ON "contact_segments" USING btree ("account_id",lower(name));--> statement-breakpoint
CREATE INDEX "contact_table_prefs_account_idx" ON "contact_table_prefs" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "contact_field_values_field_lower_value_idx" ON "contact_field_values" USING btree ("field_id",lower(value));--> statement-breakpoint
CREATE INDEX "contacts_table_last_message_idx" ON "contacts" USING btree ("account_id",(last_message_at is not null),(coalesce(last_message_at, '-infinity'::timestamptz)),"id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "contacts_table_created_idx" ON "contacts" USING btree ("account_id","created_at","id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "contacts_table_name_asc_idx" ON "contacts" USING btree ("account_id",((nullif(lower(coalesce(custom_name, profile_name)), '') collate "C") is null),coalesce((nullif(lower(coalesce(custom_name, profile_name)), '') collate "C"), (''::text collate "C")),"id") WHERE archived_at is null;--> statement-breakpoint
CREATE INDEX "contacts_table_name_desc_idx" ON "contacts" USING btree ("account_id",((nullif(lower(coalesce(custom_name, profile_name)), '') collate "C") is not null),coalesce((nullif(lower(coalesce(custom_name, profile_name)), '') collate "C"), (''::text collate "C")),"id") WHERE archived_at is null;