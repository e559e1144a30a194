-- A counter of changes to posts' text, bumped in the writing transaction by the triggers below,
-- so that what a process keeps about posts' words (related discussions' word counts and lists)
-- is known stale on every worker and box as soon as any of them writes a post (decision 0087).
CREATE TABLE `posts_text_version` (
	`id` integer PRIMARY KEY NOT NULL,
	`version` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO `posts_text_version` (`id`, `version`) VALUES (1, 0);
--> statement-breakpoint
CREATE TRIGGER `posts_text_version_after_insert` AFTER INSERT ON `posts` BEGIN
  UPDATE `posts_text_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_text_version_after_delete` AFTER DELETE ON `posts` BEGIN
  UPDATE `posts_text_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
--> statement-breakpoint
CREATE TRIGGER `posts_text_version_after_update` AFTER UPDATE OF title, content ON `posts` BEGIN
  UPDATE `posts_text_version` SET `version` = `version` + 1 WHERE `id` = 1;
END;
