ALTER TABLE "team_members" ADD COLUMN "invite_token_hash" text;--> statement-breakpoint
ALTER TABLE "team_members" ADD COLUMN "invite_expires_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "team_members_invite_token_hash_key" ON "team_members" USING btree ("invite_token_hash");