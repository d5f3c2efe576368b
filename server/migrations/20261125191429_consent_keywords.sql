CREATE TABLE "consent_keywords" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"opt_out" jsonb NOT NULL,
	"opt_in" jsonb NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_keywords" ADD CONSTRAINT "consent_keywords_account_id_whatsapp_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."whatsapp_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_keywords" ADD CONSTRAINT "consent_keywords_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;