-- The home page's pinned best sellers are a handful among all products: without an index of
-- the pinned ones, 'Best Selling Products' read every product (325 ms at 100,000, issue 33).
CREATE INDEX "products_best_selling_pin_idx" ON "products" USING btree ("best_selling_pin") WHERE "products"."best_selling_pin" is not null;
