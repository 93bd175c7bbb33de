ALTER TABLE "checkouts" ADD COLUMN "shipping_by_rate" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipping_by_rate" jsonb;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_idempotency_key_idx" ON "refunds" USING btree ("idempotency_key") WHERE "refunds"."idempotency_key" is not null and "refunds"."status" <> 'failed';