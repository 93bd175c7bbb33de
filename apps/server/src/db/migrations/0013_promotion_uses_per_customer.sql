ALTER TABLE "promotions" ADD COLUMN "uses_per_customer" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_uses_per_customer_check" CHECK ("promotions"."uses_per_customer" is null or "promotions"."uses_per_customer" >= 1);--> statement-breakpoint
-- The demo's welcome coupon is meant once per customer; until now nothing could say so.
UPDATE "promotions" SET "uses_per_customer" = 1 WHERE lower("code") = 'welcome10';
