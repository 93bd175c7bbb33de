ALTER TABLE "categories" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- A category's change time (the sitemap's lastmod) is kept by the database rather than by each
-- route that writes categories, so every change counts, whoever makes it; an update that changes
-- nothing does not.
CREATE FUNCTION touch_category() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_touch
BEFORE UPDATE ON categories
FOR EACH ROW
WHEN (OLD.* IS DISTINCT FROM NEW.*)
EXECUTE FUNCTION touch_category();
