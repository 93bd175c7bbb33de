DROP INDEX "products_category_idx";--> statement-breakpoint
DROP INDEX "products_sub_category_idx";--> statement-breakpoint
DROP INDEX "products_sub_category2_idx";--> statement-breakpoint
CREATE INDEX "products_category_created_idx" ON "products" USING btree ("category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_sub_category_created_idx" ON "products" USING btree ("sub_category_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_sub_category2_created_idx" ON "products" USING btree ("sub_category2_id","created_at" DESC NULLS LAST);