CREATE TABLE "test_payment_refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"payment_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_ore" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_payment_refunds_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "test_payment_refunds_amount_check" CHECK ("test_payment_refunds"."amount_ore" > 0)
);
--> statement-breakpoint
ALTER TABLE "test_payment_refunds" ADD CONSTRAINT "test_payment_refunds_payment_id_test_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."test_payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "test_payment_refunds_payment_idx" ON "test_payment_refunds" USING btree ("payment_id");--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at");