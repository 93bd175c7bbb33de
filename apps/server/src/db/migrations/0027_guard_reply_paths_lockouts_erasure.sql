ALTER TABLE "mail_outbox" ADD COLUMN "about" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "reply_to" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "forget_recipient" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bookkeeping_buyer" jsonb;--> statement-breakpoint
ALTER TABLE "staff_second_factors" ADD COLUMN "wrong_codes" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_second_factors" ADD COLUMN "locked_until" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "mail_outbox_about_idx" ON "mail_outbox" USING btree ("about");--> statement-breakpoint
CREATE INDEX "orders_bookkeeping_buyer_idx" ON "orders" USING btree ("charged_at") WHERE "orders"."bookkeeping_buyer" is not null;--> statement-breakpoint
ALTER TABLE "staff_second_factors" ADD CONSTRAINT "staff_second_factors_wrong_codes_check" CHECK ("staff_second_factors"."wrong_codes" >= 0);--> statement-breakpoint
-- What deletions before this migration left behind (issue 29.3): the goodbye mail keeps no
-- address once it has gone, and the mail events of a deleted customer's orders (no account, their
-- addresses cleared) no longer name the address they went to.
UPDATE "mail_outbox" SET "forget_recipient" = true WHERE "kind" = 'account-deleted';--> statement-breakpoint
UPDATE "mail_outbox" SET "recipient" = '' WHERE "kind" = 'account-deleted' AND "status" <> 'pending';--> statement-breakpoint
UPDATE "order_events" SET "detail" = "detail" - 'to'
WHERE "kind" = 'mail' AND "order_id" IN (
  SELECT "id" FROM "orders"
  WHERE "user_id" IS NULL AND "shipping_details" IS NULL AND "billing_details" IS NULL
);
--> statement-breakpoint
-- The owner's deletions logged the customer's address as the change; the entry keeps its id.
UPDATE "audit_log" SET "changes" = NULL WHERE "entity" = 'customer' AND "action" = 'delete';
