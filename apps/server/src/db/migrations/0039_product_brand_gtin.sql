-- A product's brand and GTIN, for the product feeds Google Merchant Center and Prisjakt read
-- (issue 34.6): both optional, null for none (the feeds then give the shop's name as the brand,
-- and say the item has no GTIN). The save checks a GTIN's length and check digit; the database
-- keeps its shape whoever writes it.
ALTER TABLE "products" ADD COLUMN "brand" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "gtin" text;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_gtin_check" CHECK ("products"."gtin" ~ '^([0-9]{8}|[0-9]{12,14})$');
