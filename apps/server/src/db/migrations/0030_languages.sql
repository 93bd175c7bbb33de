ALTER TABLE "users" ADD COLUMN "locale" text DEFAULT 'nb' NOT NULL;--> statement-breakpoint
ALTER TABLE "checkouts" ADD COLUMN "locale" text DEFAULT 'nb' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "locale" text DEFAULT 'nb' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_locale_check" CHECK ("users"."locale" in ('nb', 'en'));--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_locale_check" CHECK ("checkouts"."locale" in ('nb', 'en'));--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_locale_check" CHECK ("orders"."locale" in ('nb', 'en'));