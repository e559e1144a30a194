-- Full-text index over post titles and content for /discussions search.
-- The trigram tokenizer matches any substring of 3+ characters case-insensitively
-- (the behaviour of SPEC's "contains" search) without scanning every post.
-- External-content table: the text lives in `posts`; triggers keep the index in step.
CREATE VIRTUAL TABLE `posts_fts` USING fts5(title, content, content='posts', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `posts_fts`(rowid, title, content) SELECT id, title, content FROM `posts`;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_insert` AFTER INSERT ON `posts` BEGIN
  INSERT INTO `posts_fts`(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_delete` AFTER DELETE ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
END;
--> statement-breakpoint
CREATE TRIGGER `posts_fts_after_update` AFTER UPDATE OF title, content ON `posts` BEGIN
  INSERT INTO `posts_fts`(`posts_fts`, rowid, title, content) VALUES ('delete', old.id, old.title, old.content);
  INSERT INTO `posts_fts`(rowid, title, content) VALUES (new.id, new.title, new.content);
END;
