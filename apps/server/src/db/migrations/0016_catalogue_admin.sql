CREATE TABLE "category_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"category_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "stock_ledger" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"reason" text NOT NULL,
	"change" integer NOT NULL,
	"stock_before" integer NOT NULL,
	"stock_after" integer NOT NULL,
	"order_id" uuid,
	"actor_id" uuid,
	"actor_email" text,
	"note" text DEFAULT '' NOT NULL,
	CONSTRAINT "stock_ledger_arithmetic_check" CHECK ("stock_ledger"."stock_after" = "stock_ledger"."stock_before" + "stock_ledger"."change")
);
--> statement-breakpoint
CREATE TABLE "shop_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "slug_locked" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_items" ADD COLUMN "sku" text DEFAULT upper(substr(replace(gen_random_uuid()::text, '-', ''), 1, 12)) NOT NULL;--> statement-breakpoint
ALTER TABLE "product_items" ADD COLUMN "disabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "product_items" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "product_items" ADD COLUMN "low_stock_threshold" integer;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "status" text DEFAULT 'published' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 500 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "category_slug_redirects" ADD CONSTRAINT "category_slug_redirects_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_ledger" ADD CONSTRAINT "stock_ledger_item_id_product_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."product_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_ledger_item_idx" ON "stock_ledger" USING btree ("item_id","at");--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "product_items" ADD CONSTRAINT "product_items_low_stock_check" CHECK ("product_items"."low_stock_threshold" is null or "product_items"."low_stock_threshold" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_status_check" CHECK ("products"."status" in ('draft', 'published', 'archived'));--> statement-breakpoint
UPDATE "products" SET "weight_grams" = "product_items"."weight_grams" FROM "product_items" WHERE "product_items"."product_id" = "products"."id" AND "product_items"."is_default";
