CREATE TABLE "search_postings" (
	"lexeme" text NOT NULL,
	"product_id" uuid NOT NULL,
	"share" real NOT NULL,
	"occurrences" smallint NOT NULL,
	"sold_count" integer NOT NULL,
	"name" text NOT NULL,
	CONSTRAINT "search_postings_lexeme_product_id_pk" PRIMARY KEY("lexeme","product_id")
);
--> statement-breakpoint
ALTER TABLE "search_postings" ADD CONSTRAINT "search_postings_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- search_postings holds each lexeme of a product's search_vector with its share of a search's
-- ts_rank (catalog.search.ts explains the use). The database keeps it from every write of a
-- name, keywords or sold count, so no writer can forget to; a sold count alone only moves the
-- product's rows in the index. The lexeme is quoted for tsquery input (a quote doubled, a
-- backslash escaped) since lexemes of addresses and paths may hold either. Rows go in in
-- lexeme order so that concurrent writers take the same locks in the same order. The indexes
-- come after the backfill, built once rather than grown row by row.
CREATE FUNCTION products_keep_search_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.name = OLD.name AND NEW.keywords = OLD.keywords THEN
    IF NEW.sold_count <> OLD.sold_count THEN
      UPDATE search_postings SET sold_count = NEW.sold_count WHERE product_id = NEW.id;
    END IF;
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM search_postings WHERE product_id = NEW.id;
  END IF;
  INSERT INTO search_postings (lexeme, product_id, share, occurrences, sold_count, name)
  SELECT entry.lexeme, NEW.id,
    ts_rank(NEW.search_vector, ('''' || replace(replace(entry.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery),
    coalesce(array_length(entry.positions, 1), 1), NEW.sold_count, NEW.name
  FROM unnest(NEW.search_vector) AS entry
  ORDER BY entry.lexeme;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_keep_search_postings
AFTER INSERT OR UPDATE OF name, keywords, sold_count ON products
FOR EACH ROW
EXECUTE FUNCTION products_keep_search_postings();
--> statement-breakpoint
INSERT INTO search_postings (lexeme, product_id, share, occurrences, sold_count, name)
SELECT entry.lexeme, products.id,
  ts_rank(products.search_vector, ('''' || replace(replace(entry.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery),
  coalesce(array_length(entry.positions, 1), 1), products.sold_count, products.name
FROM products, unnest(products.search_vector) AS entry;--> statement-breakpoint
CREATE INDEX "search_postings_rank_idx" ON "search_postings" USING btree ("lexeme","share" DESC NULLS FIRST,"sold_count" DESC NULLS FIRST,"name","product_id");--> statement-breakpoint
CREATE INDEX "search_postings_product_idx" ON "search_postings" USING btree ("product_id","lexeme","share");--> statement-breakpoint
CREATE INDEX "search_postings_many_idx" ON "search_postings" USING btree ("lexeme") WHERE "search_postings"."occurrences" > 32;
