ALTER TABLE "teams" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
-- The AI bot's own zone becomes the team's: a team whose bot had one keeps it, the others stay on UTC.
UPDATE "teams" SET "time_zone" = "ai_bot_settings"."time_zone" FROM "ai_bot_settings" WHERE "ai_bot_settings"."account_id" = "teams"."whatsapp_account_id";--> statement-breakpoint
ALTER TABLE "ai_bot_settings" DROP COLUMN "time_zone";
