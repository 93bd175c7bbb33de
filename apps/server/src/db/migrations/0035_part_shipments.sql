-- A home delivery may leave in parts, each capturing its share of the reservation (issue 32.3):
-- the parts are kept with what each captured, and the order keeps what has been captured so
-- far, which bounds its refunds. Orders stored before were captured whole or not at all; the
-- test provider's payments learn to be captured in parts, under each capture's key.
CREATE TABLE "order_shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"lines" jsonb NOT NULL,
	"amount_ore" integer NOT NULL,
	"shipping_ore" integer DEFAULT 0 NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text NOT NULL,
	"tracking_url" text,
	"actor_id" uuid,
	"actor_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"captured_at" timestamp with time zone,
	CONSTRAINT "order_shipments_amount_check" CHECK ("order_shipments"."amount_ore" >= 0 and "order_shipments"."shipping_ore" >= 0)
);
--> statement-breakpoint
CREATE TABLE "test_payment_charges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_charges_amount_check" CHECK ("test_payment_charges"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "captured_ore" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A charged order was charged its whole total; one with money given back must have had it.
UPDATE "orders" SET "captured_ore" = "grand_total_ore"
  WHERE "payment_status" IN ('CHARGED', 'PARTLY_REFUNDED', 'REFUNDED') OR "refunded_ore" > 0;--> statement-breakpoint
INSERT INTO "test_payment_charges" ("payment_id", "idempotency_key", "amount_ore")
  SELECT "id", 'charge-before-parts-' || "id", "amount_ore" FROM "test_payments"
  WHERE "status" = 'charged' AND "amount_ore" > 0;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_shipments" ADD CONSTRAINT "order_shipments_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_payment_charges" ADD CONSTRAINT "test_payment_charges_payment_id_test_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_shipments_order_idx" ON "order_shipments" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_shipments_captured_idx" ON "order_shipments" USING btree ("captured_at");--> statement-breakpoint
CREATE UNIQUE INDEX "test_payment_charges_key_idx" ON "test_payment_charges" USING btree ("payment_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_captured_check" CHECK ("orders"."captured_ore" >= 0 and "orders"."captured_ore" <= "orders"."grand_total_ore" and "orders"."refunded_ore" <= "orders"."captured_ore");