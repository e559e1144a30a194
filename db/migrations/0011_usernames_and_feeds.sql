-- Every member gets a username (docs/discussions.md, "Mentions"). Existing members get one built
-- from their display name: lowercase a–z, 0–9 and _, spaces, dots and dashes become _, at most 14
-- characters ('member' when too short); a name already used by an earlier member gets _ and five
-- characters of the member's id. New members get theirs from app/features/auth/usernames.server.ts.
ALTER TABLE `users` ADD `username` text NOT NULL DEFAULT '';
--> statement-breakpoint
CREATE TEMP TABLE `username_backfill` AS
WITH RECURSIVE
  `chars`(`id`, `rest`, `out`) AS (
    SELECT `id`, lower(`display_name`), '' FROM `users`
    UNION ALL
    SELECT `id`, substr(`rest`, 2),
      `out` || CASE
        WHEN substr(`rest`, 1, 1) GLOB '[a-z0-9_]' THEN substr(`rest`, 1, 1)
        WHEN substr(`rest`, 1, 1) IN (' ', '-', '.') AND `out` <> '' AND substr(`out`, -1) <> '_' THEN '_'
        ELSE '' END
    FROM `chars` WHERE `rest` <> ''
  ),
  `cleaned`(`id`, `base`) AS (SELECT `id`, rtrim(substr(`out`, 1, 14), '_') FROM `chars` WHERE `rest` = ''),
  `padded`(`id`, `base`) AS (
    SELECT `id`, CASE WHEN length(`base`) >= 3 THEN `base` WHEN `base` = '' THEN 'member' ELSE 'member_' || `base` END FROM `cleaned`
  ),
  `ranked`(`id`, `base`, `n`) AS (
    SELECT `padded`.`id`, `base`, row_number() OVER (PARTITION BY `base` ORDER BY `users`.`joined_at`, `users`.`id`)
    FROM `padded` JOIN `users` ON `users`.`id` = `padded`.`id`
  )
SELECT `id`, CASE WHEN `n` = 1 THEN `base` ELSE `base` || '_' || substr(lower(replace(`id`, '-', '')), 1, 5) END AS `username` FROM `ranked`;
--> statement-breakpoint
UPDATE `users` SET `username` = `b`.`username` FROM `username_backfill` AS `b` WHERE `b`.`id` = `users`.`id`;
--> statement-breakpoint
DROP TABLE `username_backfill`;
--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);--> statement-breakpoint
CREATE INDEX `users_display_name_nocase_idx` ON `users` ("display_name" COLLATE NOCASE);
--> statement-breakpoint
ALTER TABLE `users` ADD `feed_token` text;--> statement-breakpoint
CREATE UNIQUE INDEX `users_feed_token_unique` ON `users` (`feed_token`);