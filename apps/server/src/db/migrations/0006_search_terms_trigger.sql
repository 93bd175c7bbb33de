-- search_terms is the dictionary a search corrects typed words against (pg_trgm's "Text Search
-- Integration"). The database keeps it from every write of a name or keywords, so no writer can
-- forget to. Words without a letter (sizes, article numbers) are left out: a typo in a number
-- means another number, and a typed number is searched as itself anyway. Words are inserted in
-- order so that concurrent writers take the same locks in the same order.
CREATE FUNCTION products_collect_search_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO search_terms (term)
  SELECT word FROM unnest(tsvector_to_array(to_tsvector('simple', NEW.name || ' ' || NEW.keywords))) AS word
  WHERE word ~ '[[:alpha:]]'
  ORDER BY word
  ON CONFLICT (term) DO NOTHING;
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER products_collect_search_terms
AFTER INSERT OR UPDATE OF name, keywords ON products
FOR EACH ROW
EXECUTE FUNCTION products_collect_search_terms();
--> statement-breakpoint
INSERT INTO search_terms (term)
SELECT DISTINCT word
FROM products, unnest(tsvector_to_array(to_tsvector('simple', name || ' ' || keywords))) AS word
WHERE word ~ '[[:alpha:]]'
ON CONFLICT (term) DO NOTHING;
