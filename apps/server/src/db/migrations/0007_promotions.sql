CREATE TABLE "promotions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" text NOT NULL,
	"value" integer NOT NULL,
	"min_order_ore" integer DEFAULT 0 NOT NULL,
	"valid_from" timestamp with time zone NOT NULL,
	"valid_to" timestamp with time zone NOT NULL,
	"usage_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "promotions_code_check" CHECK (length(trim("promotions"."code")) between 1 and 40),
	CONSTRAINT "promotions_type_check" CHECK ("promotions"."type" in ('percent', 'fixed')),
	CONSTRAINT "promotions_value_check" CHECK (("promotions"."type" = 'percent' and "promotions"."value" between 1 and 100) or ("promotions"."type" = 'fixed' and "promotions"."value" >= 1)),
	CONSTRAINT "promotions_min_order_check" CHECK ("promotions"."min_order_ore" >= 0),
	CONSTRAINT "promotions_validity_check" CHECK ("promotions"."valid_to" > "promotions"."valid_from"),
	CONSTRAINT "promotions_usage_check" CHECK ("promotions"."used_count" >= 0 and ("promotions"."usage_limit" is null or "promotions"."usage_limit" >= 0))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "promotions_code_idx" ON "promotions" USING btree (lower("code"));