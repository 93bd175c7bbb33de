ALTER TABLE "products" ADD COLUMN "list_price_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_category_price_idx" ON "products" USING btree ("category_id","list_price_ore");--> statement-breakpoint
CREATE INDEX "products_sub_category_price_idx" ON "products" USING btree ("sub_category_id","list_price_ore");--> statement-breakpoint
CREATE INDEX "products_sub_category2_price_idx" ON "products" USING btree ("sub_category2_id","list_price_ore");