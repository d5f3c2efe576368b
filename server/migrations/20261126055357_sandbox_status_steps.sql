CREATE TABLE "sandbox_status_steps" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"wamid" text NOT NULL,
	"step" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_status_steps_due_idx" ON "sandbox_status_steps" USING btree ("due_at");