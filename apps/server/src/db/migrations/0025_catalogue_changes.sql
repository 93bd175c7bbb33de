-- Every server process keeps its own copy of what search ranks by (catalog/search-index.ts), so a
-- change made through any process must reach all of them. The database tells them, from every
-- writer, on commit: the channel catalogue_changes carries the id of a product whose words, sold
-- count or being on sale changed, and '*' when a category's visibility did (which reaches
-- products that were not written). A rolled back change sends nothing; repeats of one id in a
-- transaction arrive once.
CREATE FUNCTION products_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('catalogue_changes', OLD.id::text);
  ELSE
    PERFORM pg_notify('catalogue_changes', NEW.id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_notify_catalogue_change
AFTER INSERT OR DELETE OR UPDATE OF name, keywords, sold_count, status, category_id, sub_category_id, sub_category2_id ON products
FOR EACH ROW
EXECUTE FUNCTION products_notify_catalogue_change();
--> statement-breakpoint
CREATE FUNCTION product_items_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    PERFORM pg_notify('catalogue_changes', OLD.product_id::text);
  END IF;
  IF TG_OP <> 'DELETE' THEN
    PERFORM pg_notify('catalogue_changes', NEW.product_id::text);
  END IF;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_items_notify_catalogue_change
AFTER INSERT OR DELETE OR UPDATE OF product_id, is_default ON product_items
FOR EACH ROW
EXECUTE FUNCTION product_items_notify_catalogue_change();
--> statement-breakpoint
CREATE FUNCTION categories_notify_catalogue_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_changes', '*');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER categories_notify_catalogue_change
AFTER DELETE OR UPDATE OF hidden ON categories
FOR EACH ROW
EXECUTE FUNCTION categories_notify_catalogue_change();
