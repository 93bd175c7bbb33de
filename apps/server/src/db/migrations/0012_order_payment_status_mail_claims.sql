ALTER TABLE "mail_outbox" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_status" text DEFAULT 'AUTHORISED' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "payment_last_error" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "charged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "confirmation_queued_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "orders_payment_due_idx" ON "orders" USING btree ("payment_next_attempt_at") WHERE "orders"."payment_status" in ('AUTHORISED', 'CHARGE_FAILED');--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_payment_status_check" CHECK ("orders"."payment_status" in ('AUTHORISED', 'CHARGED', 'CHARGE_FAILED'));--> statement-breakpoint
-- Orders made before this column had their confirmation queued when they were made, if ever:
-- none is mailed again.
UPDATE "orders" SET "confirmation_queued_at" = "created_at";
