CREATE TABLE "price_sale_items" (
	"sale_id" uuid NOT NULL,
	"product_item_id" uuid NOT NULL,
	"previous_discount_percent" smallint NOT NULL,
	CONSTRAINT "price_sale_items_sale_id_product_item_id_pk" PRIMARY KEY("sale_id","product_item_id")
);
--> statement-breakpoint
CREATE TABLE "price_sale_products" (
	"sale_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	CONSTRAINT "price_sale_products_sale_id_product_id_pk" PRIMARY KEY("sale_id","product_id")
);
--> statement-breakpoint
CREATE TABLE "price_sales" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"discount_percent" smallint NOT NULL,
	"category_id" uuid,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"applied_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"created_by_email" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_sales_discount_check" CHECK ("price_sales"."discount_percent" between 0 and 100),
	CONSTRAINT "price_sales_status_check" CHECK ("price_sales"."status" in ('scheduled', 'active', 'ended', 'cancelled')),
	CONSTRAINT "price_sales_schedule_check" CHECK ("price_sales"."starts_at" is null or "price_sales"."ends_at" is null or "price_sales"."ends_at" > "price_sales"."starts_at")
);
--> statement-breakpoint
CREATE TABLE "static_pages" (
	"slug" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"html" text NOT NULL,
	"updated_by_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "static_pages_slug_check" CHECK ("static_pages"."slug" in ('about', 'terms', 'refund', 'return', 'privacy', 'delivery'))
);
--> statement-breakpoint
CREATE TABLE "cleaning_photos" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"image" text NOT NULL,
	"alt" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cleaning_services" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"icon" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"hidden" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "best_selling_pin" integer;--> statement-breakpoint
ALTER TABLE "price_sale_items" ADD CONSTRAINT "price_sale_items_sale_id_price_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."price_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_sale_items" ADD CONSTRAINT "price_sale_items_product_item_id_product_items_id_fk" FOREIGN KEY ("product_item_id") REFERENCES "public"."product_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_sale_products" ADD CONSTRAINT "price_sale_products_sale_id_price_sales_id_fk" FOREIGN KEY ("sale_id") REFERENCES "public"."price_sales"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_sale_products" ADD CONSTRAINT "price_sale_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_sales" ADD CONSTRAINT "price_sales_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_sale_items_item_idx" ON "price_sale_items" USING btree ("product_item_id");--> statement-breakpoint
CREATE INDEX "price_sale_products_product_idx" ON "price_sale_products" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "price_sales_status_starts_idx" ON "price_sales" USING btree ("status","starts_at");--> statement-breakpoint
CREATE INDEX "price_sales_status_ends_idx" ON "price_sales" USING btree ("status","ends_at");--> statement-breakpoint
-- The cleaning page's tiles (CLEAN-03, spelled as in the old product) and photos (CLEAN-04) as they were in code, so a shop keeps its page.
INSERT INTO "cleaning_services" ("name", "description", "icon", "position") VALUES
	('House Cleaning', 'Regular or one-off cleaning of every room, kitchen and bathroom included.', 'house', 0),
	('Moving-related Cleaning', 'A thorough clean when you move out or in, ready for the handover.', 'box', 1),
	('Deepclean', 'Top to bottom, behind and under: the corners an everyday clean misses.', 'sparkle', 2),
	('Office Cleaning', 'Desks, meeting rooms and kitchens kept tidy, outside your working hours.', 'office', 3),
	('WareHouse Cleaning', 'Floors, racks and loading areas cleaned safely around your operations.', 'warehouse', 4),
	('School/College Cleaning', 'Classrooms, corridors and washrooms cleaned for a healthy place to learn.', 'school', 5),
	('Window Cleaning', 'Streak-free windows, frames and sills, inside and out.', 'window', 6),
	('Floor Treatment', 'Scrubbing, polishing and protective coating for wood, vinyl and stone.', 'floor', 7),
	('Daily Cleaing', 'A fixed daily round that keeps busy premises fresh every day.', 'calendar', 8),
	('Main Cleaning', 'The big seasonal clean of the whole home or building.', 'broom', 9),
	('Hygene Cleaning', 'Disinfection of contact surfaces, washrooms and kitchens.', 'shield', 10),
	('Hospitality Cleaning', 'Rooms, lobbies and dining areas of hotels and restaurants, guest-ready.', 'bed', 11);--> statement-breakpoint
INSERT INTO "cleaning_photos" ("image", "alt", "position") VALUES
	('/cleaning/cleaning-1.webp', 'A tidy house with a broom and a bucket ready for house cleaning', 0),
	('/cleaning/cleaning-2.webp', 'An office building with a wastebasket and a bottle of cleaning liquid for office cleaning', 1),
	('/cleaning/cleaning-3.webp', 'A window being washed with a sponge and soap bubbles', 2),
	('/cleaning/cleaning-4.webp', 'A gleaming bathtub with soap, rubber gloves and bubbles for hygiene cleaning', 3),
	('/cleaning/cleaning-5.webp', 'A freshly cleaned living room with a broom and a bucket for floor treatment', 4),
	('/cleaning/cleaning-6.webp', 'A hotel with a freshly made bed and soap for hospitality cleaning', 5);