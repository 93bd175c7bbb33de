ALTER TABLE "product_items" ADD COLUMN "gallery" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1);--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("number");--> statement-breakpoint
-- Image fields hold paths relative to the uploads location (API contract): `/products/x.webp`,
-- not `/uploads/products/x.webp`, so old clients that prefix `…/uploads` find them.
UPDATE "categories" SET "image" = substr("image", 9) WHERE "image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "products" SET "hero_image" = substr("hero_image", 9) WHERE "hero_image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "products" SET "gallery" = (
  SELECT coalesce(jsonb_agg(CASE WHEN value LIKE '/uploads/%' THEN substr(value, 9) ELSE value END ORDER BY ordinality), '[]'::jsonb)
  FROM jsonb_array_elements_text("products"."gallery") WITH ORDINALITY
) WHERE "gallery"::text LIKE '%"/uploads/%';--> statement-breakpoint
UPDATE "product_items" SET "hero_image" = substr("hero_image", 9) WHERE "hero_image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "carousel_slides" SET "image" = substr("image", 9) WHERE "image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "campaigns" SET "image" = substr("image", 9) WHERE "image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "order_lines" SET "product_image" = substr("product_image", 9) WHERE "product_image" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "uploads" SET "path" = substr("path", 9) WHERE "path" LIKE '/uploads/%';--> statement-breakpoint
UPDATE "reviews" SET "images" = (
  SELECT coalesce(jsonb_agg(CASE WHEN value LIKE '/uploads/%' THEN substr(value, 9) ELSE value END ORDER BY ordinality), '[]'::jsonb)
  FROM jsonb_array_elements_text("reviews"."images") WITH ORDINALITY
) WHERE "images"::text LIKE '%"/uploads/%';
