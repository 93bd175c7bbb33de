-- Content in two languages (issue 31.5): the existing text columns hold bokmål, required, and
-- each gets an English twin, null where none is written (an English answer then shows the
-- bokmål). Today's texts are English, so they are kept as the English ones and also stand as the
-- bokmål until the owner translates them: the back office tells such a row by its bokmål being
-- the same as its English.
ALTER TABLE "categories" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "name_en" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "options_en" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "information_en" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "description_en" text;--> statement-breakpoint
UPDATE "categories" SET "name_en" = "name";--> statement-breakpoint
UPDATE "products" SET "name_en" = "name", "options_en" = "options", "information_en" = "information", "description_en" = "description";--> statement-breakpoint
-- Typed without a Norwegian keyboard, ø is o or oe, æ ae and å a or aa: each word with one of
-- them is searchable in both spellings (the words without them are left out, so no lexeme gains
-- positions, and so rank, from being folded).
CREATE FUNCTION search_folded_words(words text) RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT coalesce(string_agg(
    replace(replace(replace(word, 'æ', 'ae'), 'ø', 'o'), 'å', 'a') || ' ' ||
    replace(replace(replace(word, 'æ', 'ae'), 'ø', 'oe'), 'å', 'aa'), ' '), '')
  FROM regexp_split_to_table(translate(lower(words), 'ÆØÅ', 'æøå'), '[^[:alnum:]æøå]+') AS word
  WHERE word ~ '[æøå]'
$$;
--> statement-breakpoint
-- A product's words for search: first the English ones exactly as before (the English name, or
-- the bokmål one where none is written, at weight A; the category keywords at B), then the
-- lexemes bokmål stemming and the folded spellings add (honning, kaffe, genser, strømper as
-- stromper), the name's at C and the keywords' at D. A lexeme both stemmings give is kept once,
-- and the bokmål stems of an English text (honeyed, kept whole) weigh less than its English
-- ones, so an English product ranks as it did; bokmål names still rank above bokmål keywords.
CREATE FUNCTION product_search_vector(name text, name_en text, keywords text) RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT english || ts_delete(norwegian, tsvector_to_array(english))
  FROM (
    SELECT setweight(to_tsvector('english', coalesce(name_en, name)), 'A')
        || setweight(to_tsvector('english', keywords), 'B') AS english,
      setweight(to_tsvector('norwegian', name || ' ' || search_folded_words(name)), 'C')
        || setweight(to_tsvector('norwegian', keywords || ' ' || search_folded_words(keywords)), 'D') AS norwegian
  ) vectors
$$;
--> statement-breakpoint
ALTER TABLE "products" DROP COLUMN "search_vector";--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector" GENERATED ALWAYS AS (product_search_vector("products"."name", "products"."name_en", "products"."keywords")) STORED;--> statement-breakpoint
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The typo dictionary and the postings follow the English name too (0006, 0024), and so does
-- the word of a change to the search index's copies (0025).
CREATE OR REPLACE FUNCTION products_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ',
    NEW.name, NEW.name_en, NEW.keywords, search_folded_words(NEW.name), search_folded_words(NEW.keywords))))) AS word
  WHERE word ~ '[[:alpha:]]'
  ORDER BY word
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
DROP TRIGGER products_collect_search_terms ON products;--> statement-breakpoint
CREATE TRIGGER products_collect_search_terms
AFTER INSERT OR UPDATE OF name, name_en, keywords ON products
FOR EACH ROW
EXECUTE FUNCTION products_collect_search_terms();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION products_keep_search_postings() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.name = OLD.name AND NEW.name_en IS NOT DISTINCT FROM OLD.name_en
      AND NEW.keywords = OLD.keywords THEN
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
DROP TRIGGER products_keep_search_postings ON products;--> statement-breakpoint
CREATE TRIGGER products_keep_search_postings
AFTER INSERT OR UPDATE OF name, name_en, keywords, sold_count ON products
FOR EACH ROW
EXECUTE FUNCTION products_keep_search_postings();
--> statement-breakpoint
DROP TRIGGER products_notify_catalogue_change ON products;--> statement-breakpoint
CREATE TRIGGER products_notify_catalogue_change
AFTER INSERT OR DELETE OR UPDATE OF name, name_en, keywords, sold_count, status, category_id, sub_category_id, sub_category2_id ON products
FOR EACH ROW
EXECUTE FUNCTION products_notify_catalogue_change();
--> statement-breakpoint
DELETE FROM search_postings;--> statement-breakpoint
INSERT INTO search_postings (lexeme, product_id, share, occurrences, sold_count, name)
SELECT entry.lexeme, products.id,
  ts_rank(products.search_vector, ('''' || replace(replace(entry.lexeme, '\', '\\'), '''', '''''') || '''')::tsquery),
  coalesce(array_length(entry.positions, 1), 1), products.sold_count, products.name
FROM products, unnest(products.search_vector) AS entry;--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM products, unnest(tsvector_to_array(to_tsvector('simple', concat_ws(' ',
  name, name_en, keywords, search_folded_words(name), search_folded_words(keywords))))) AS word
WHERE word ~ '[[:alpha:]]'
ON CONFLICT (term) DO NOTHING;
