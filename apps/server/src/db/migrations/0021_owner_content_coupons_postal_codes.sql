CREATE TABLE "postal_codes" (
	"postal_code" text PRIMARY KEY NOT NULL,
	"place" text NOT NULL,
	"municipality_code" text,
	"municipality" text,
	"category" text,
	"source" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "postal_codes_code_check" CHECK ("postal_codes"."postal_code" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "link_kind" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "link_product_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "link_category_id" uuid;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "visible_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "alt" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "link_kind" text DEFAULT 'url' NOT NULL;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "link_product_id" uuid;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "link_category_id" uuid;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "visible_from" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "visible_to" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_link_product_id_products_id_fk" FOREIGN KEY ("link_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_link_category_id_categories_id_fk" FOREIGN KEY ("link_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_link_product_id_products_id_fk" FOREIGN KEY ("link_product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_link_category_id_categories_id_fk" FOREIGN KEY ("link_category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_link_kind_check" CHECK ("campaigns"."link_kind" in ('product', 'category', 'url'));--> statement-breakpoint
ALTER TABLE "campaigns" ADD CONSTRAINT "campaigns_schedule_check" CHECK ("campaigns"."visible_from" is null or "campaigns"."visible_to" is null or "campaigns"."visible_to" > "campaigns"."visible_from");--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_link_kind_check" CHECK ("carousel_slides"."link_kind" in ('product', 'category', 'url'));--> statement-breakpoint
ALTER TABLE "carousel_slides" ADD CONSTRAINT "carousel_slides_schedule_check" CHECK ("carousel_slides"."visible_from" is null or "carousel_slides"."visible_to" is null or "carousel_slides"."visible_to" > "carousel_slides"."visible_from");