CREATE TABLE `artist_plays` (
	`artist_id` integer NOT NULL,
	`listener` text NOT NULL,
	`day` text NOT NULL,
	PRIMARY KEY(`artist_id`, `listener`, `day`),
	FOREIGN KEY (`artist_id`) REFERENCES `music_artists`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `artist_plays_day_idx` ON `artist_plays` (`day`);