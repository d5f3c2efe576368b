CREATE TABLE "sandbox_webhook_batch" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"waba_id" text NOT NULL,
	"field" text NOT NULL,
	"value_json" text NOT NULL,
	"inbound_wamids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_templates" ADD COLUMN "parameter_format" text DEFAULT 'POSITIONAL' NOT NULL;--> statement-breakpoint
ALTER TABLE "sandbox_templates" ADD COLUMN "rejected_reason" text;