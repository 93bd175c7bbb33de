DROP INDEX "products_category_price_idx";--> statement-breakpoint
DROP INDEX "products_sub_category_price_idx";--> statement-breakpoint
DROP INDEX "products_sub_category2_price_idx";--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","list_price_ore","status","sub_category_id","sub_category2_id");--> statement-breakpoint
CREATE INDEX "products_sub_category_price_idx" ON "products" USING btree ("sub_category_id","list_price_ore","status","category_id","sub_category2_id");--> statement-breakpoint
CREATE INDEX "products_sub_category2_price_idx" ON "products" USING btree ("sub_category2_id","list_price_ore","status","category_id","sub_category_id");