-- Every server process keeps short-lived answers of catalogue calls (plugins/response-cache.ts).
-- The catalogue also changes outside the back office's routes, which clear them: a checkout takes
-- stock, a refund puts it back, a sale starts. The channel catalogue_writes tells every process,
-- on commit, that a transaction changed rows of the catalogue's tables, whatever the columns, so
-- no answer outlives a change. Per row, so a statement that changes nothing (a sweep finding no
-- sale due) clears nothing; PostgreSQL folds the equal notifications of one transaction into one.
CREATE FUNCTION notify_catalogue_write() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('catalogue_writes', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_notify_catalogue_write
AFTER INSERT OR UPDATE OR DELETE ON products
FOR EACH ROW
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER products_notify_catalogue_truncate
AFTER TRUNCATE ON products
FOR EACH STATEMENT
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER product_items_notify_catalogue_write
AFTER INSERT OR UPDATE OR DELETE ON product_items
FOR EACH ROW
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER product_items_notify_catalogue_truncate
AFTER TRUNCATE ON product_items
FOR EACH STATEMENT
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER categories_notify_catalogue_write
AFTER INSERT OR UPDATE OR DELETE ON categories
FOR EACH ROW
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER categories_notify_catalogue_truncate
AFTER TRUNCATE ON categories
FOR EACH STATEMENT
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER product_related_notify_catalogue_write
AFTER INSERT OR UPDATE OR DELETE ON product_related
FOR EACH ROW
EXECUTE FUNCTION notify_catalogue_write();
--> statement-breakpoint
CREATE TRIGGER product_related_notify_catalogue_truncate
AFTER TRUNCATE ON product_related
FOR EACH STATEMENT
EXECUTE FUNCTION notify_catalogue_write();
