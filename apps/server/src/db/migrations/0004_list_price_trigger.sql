-- products.list_price_ore mirrors the selling price of the family's default item, so that a
-- category listing filters and sorts on one table with one index. The database keeps it, so
-- no writer can forget to.
CREATE FUNCTION products_sync_list_price() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE products SET list_price_ore = NEW.selling_price_ore
  WHERE id = NEW.product_id AND list_price_ore IS DISTINCT FROM NEW.selling_price_ore;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER product_items_sync_list_price
AFTER INSERT OR UPDATE OF price_ore, discount_percent, is_default, product_id ON product_items
FOR EACH ROW WHEN (NEW.is_default)
EXECUTE FUNCTION products_sync_list_price();
--> statement-breakpoint
UPDATE products p SET list_price_ore = i.selling_price_ore
FROM product_items i
WHERE i.product_id = p.id AND i.is_default;
