ALTER TABLE "contacts" ADD COLUMN "tag_ids" uuid[] DEFAULT '{}'::uuid[] NOT NULL;--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "field_values" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
-- contacts.tag_ids and contacts.field_values are derived from contact_tags and contact_field_values
-- (schema/inbox.ts, server/db/filter-columns.ts). A value as the filters compare it: numbers as JSON
-- numbers, text-like values lower-cased, dates as their text.
CREATE FUNCTION contact_field_json(field_type text, value text) RETURNS jsonb LANGUAGE sql STABLE AS $$
  SELECT CASE
    WHEN field_type = 'number' AND value ~ '^[-+]?([0-9]+([.][0-9]*)?|[.][0-9]+)([eE][-+]?[0-9]+)?$'
      THEN to_jsonb(value::numeric)
    WHEN field_type IN ('text', 'url', 'email', 'select') THEN to_jsonb(lower(value))
    ELSE to_jsonb(value)
  END
$$;--> statement-breakpoint
-- Recomputes both columns of the given contacts from contact_tags and contact_field_values, and
-- rewrites only the rows whose columns differ. The rows are locked first (NO KEY UPDATE, which the
-- KEY SHARE locks of the inserts' foreign-key checks do not block) and the recomputing UPDATE is a
-- later statement with its own snapshot: two transactions tagging one contact at once take turns,
-- and the second sees the first's tag once it has committed. Small sets go through the primary key.
CREATE FUNCTION contacts_refresh_filter_columns(ids uuid[]) RETURNS void LANGUAGE plpgsql
  SET plan_cache_mode = force_custom_plan SET random_page_cost = 1.1 AS $$
BEGIN
  PERFORM 1 FROM contacts c WHERE c.id = ANY (ids) ORDER BY c.id FOR NO KEY UPDATE OF c;
  UPDATE contacts c SET tag_ids = d.tag_ids, field_values = d.field_values
    FROM (SELECT x.id,
                 coalesce((SELECT array_agg(t.tag_id ORDER BY t.tag_id) FROM contact_tags t WHERE t.contact_id = x.id),
                          '{}'::uuid[]) AS tag_ids,
                 coalesce((SELECT jsonb_object_agg(v.field_id::text, contact_field_json(f.type, v.value))
                             FROM contact_field_values v JOIN contact_fields f ON f.id = v.field_id
                            WHERE v.contact_id = x.id),
                          '{}'::jsonb) AS field_values
            FROM unnest(ids) AS x(id)) d
   WHERE c.id = ANY (ids) AND c.id = d.id AND (c.tag_ids IS DISTINCT FROM d.tag_ids OR c.field_values IS DISTINCT FROM d.field_values);
END;
$$;--> statement-breakpoint
-- After each statement on contact_tags or contact_field_values: refresh the contacts it touched.
-- A transaction that set switchboard.filter_columns = 'deferred' (a CSV import batch) refreshes
-- its contacts itself, once, before it commits.
CREATE FUNCTION contact_filter_rows_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('switchboard.filter_columns', true) = 'deferred' THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'INSERT' THEN
    PERFORM contacts_refresh_filter_columns(ARRAY(SELECT DISTINCT contact_id FROM changed_new));
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM contacts_refresh_filter_columns(ARRAY(SELECT DISTINCT contact_id FROM changed_old));
  ELSE
    PERFORM contacts_refresh_filter_columns(ARRAY(
      SELECT contact_id FROM changed_old UNION SELECT contact_id FROM changed_new));
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER contact_tags_inserted AFTER INSERT ON contact_tags
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
CREATE TRIGGER contact_tags_updated AFTER UPDATE ON contact_tags
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
CREATE TRIGGER contact_tags_deleted AFTER DELETE ON contact_tags
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
CREATE TRIGGER contact_field_values_inserted AFTER INSERT ON contact_field_values
  REFERENCING NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
CREATE TRIGGER contact_field_values_updated AFTER UPDATE ON contact_field_values
  REFERENCING OLD TABLE AS changed_old NEW TABLE AS changed_new FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
CREATE TRIGGER contact_field_values_deleted AFTER DELETE ON contact_field_values
  REFERENCING OLD TABLE AS changed_old FOR EACH STATEMENT EXECUTE FUNCTION contact_filter_rows_changed();--> statement-breakpoint
-- The contacts that already have tags or values.
SELECT contacts_refresh_filter_columns(ARRAY(
  SELECT contact_id FROM contact_tags UNION SELECT contact_id FROM contact_field_values));--> statement-breakpoint
CREATE INDEX "contacts_tag_ids_idx" ON "contacts" USING gin ("tag_ids");--> statement-breakpoint
CREATE INDEX "contacts_field_values_idx" ON "contacts" USING gin (field_values jsonb_path_ops);
