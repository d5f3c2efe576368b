CREATE TABLE "domain_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"events" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"available_at" timestamp with time zone DEFAULT now() + interval '10 seconds' NOT NULL
);
