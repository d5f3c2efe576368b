ALTER TABLE "contacts" ADD COLUMN "consent" text DEFAULT 'unknown' NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_changed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_source" text;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "consent_changed_by" uuid;--> statement-breakpoint
ALTER TABLE "contacts" ADD CONSTRAINT "contacts_consent_changed_by_users_id_fk" FOREIGN KEY ("consent_changed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;