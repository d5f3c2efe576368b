CREATE TABLE "sandbox_uploads" (
	"id" text PRIMARY KEY NOT NULL,
	"app_id" text NOT NULL,
	"waba_id" text NOT NULL,
	"file_name" text,
	"file_type" text NOT NULL,
	"file_length" integer NOT NULL,
	"data" "bytea" DEFAULT '\x'::bytea NOT NULL,
	"handle" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "templates" ADD COLUMN "header_media_id" uuid;--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_uploads_handle_key" ON "sandbox_uploads" USING btree ("handle");--> statement-breakpoint
ALTER TABLE "templates" ADD CONSTRAINT "templates_header_media_id_media_id_fk" FOREIGN KEY ("header_media_id") REFERENCES "public"."media"("id") ON DELETE set null ON UPDATE no action;