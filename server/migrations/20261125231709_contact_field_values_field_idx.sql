DROP INDEX "contact_field_values_field_value_idx";--> statement-breakpoint
DROP INDEX "contact_field_values_field_lower_value_idx";--> statement-breakpoint
CREATE INDEX "contact_field_values_field_idx" ON "contact_field_values" USING btree ("field_id");