-- What drizzle-kit cannot say, hand-written: the PostgreSQL twins of SQLite's migrations 0002
-- (posts_fts, the trigram full-text index) and 0014 (the posts_text_version triggers).
-- The named places of dialect-specific SQL are listed in docs/decisions/0104-one-schema-two-dialects.md.
--
-- pg_trgm ships with PostgreSQL (Debian's postgresql-15, every managed service) and is a trusted
-- extension: the database's owner may create it without being a superuser.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
-- "Contains" search (today's /discussions search: any substring of 3+ characters, case-insensitive,
-- in the title or the content), the twin of FTS5's trigram tokenizer: `title ILIKE '%…%' OR
-- content ILIKE '%…%'` is answered from this index instead of reading every post.
CREATE INDEX "posts_trigram_idx" ON "posts" USING gin ("title" gin_trgm_ops, "content" gin_trgm_ops);
--> statement-breakpoint
-- A post's words for ranked search (ts_rank, the twin of FTS5's bm25), prefix matching
-- (to_tsquery('simple', 'word:*')) and highlighting (ts_headline). 'simple': lower-cased words, no
-- stemming and no stop words, whatever the community's language (as the trigram index).
-- The title weighs more than the content. Queries use this same function so the index serves them.
CREATE FUNCTION "posts_search_document"("title" text, "content" text) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  RETURN setweight(to_tsvector('simple'::regconfig, coalesce("title", '')), 'A') || setweight(to_tsvector('simple'::regconfig, coalesce("content", '')), 'B');
--> statement-breakpoint
CREATE INDEX "posts_search_idx" ON "posts" USING gin ("posts_search_document"("title", "content"));
--> statement-breakpoint
-- posts_text_version (decision 0087): bumped in the writing transaction whenever posts' text may
-- have changed. Once per statement rather than per row (a bulk delete bumps it once); the row's
-- lock is held to the end of the writing transaction, so a reader never sees the new version
-- before the new text.
INSERT INTO "posts_text_version" ("id", "version") VALUES (1, 0);
--> statement-breakpoint
CREATE FUNCTION "posts_text_version_bump"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "posts_text_version" SET "version" = "version" + 1 WHERE "id" = 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "posts_text_version_after_insert" AFTER INSERT ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "posts_text_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "posts_text_version_after_delete" AFTER DELETE ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "posts_text_version_bump"();
--> statement-breakpoint
CREATE TRIGGER "posts_text_version_after_update" AFTER UPDATE OF "title", "content" ON "posts" FOR EACH STATEMENT EXECUTE FUNCTION "posts_text_version_bump"();
