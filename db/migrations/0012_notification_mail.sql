CREATE TABLE `meeting_reminders_sent` (
	`meeting_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`scheduled_at` integer NOT NULL,
	`sent_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`meeting_id`, `user_id`, `scheduled_at`),
	FOREIGN KEY (`meeting_id`) REFERENCES `meetings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `reply_mail_batches` (
	`user_id` text NOT NULL,
	`post_id` integer NOT NULL,
	`reply_ids` text DEFAULT '[]' NOT NULL,
	`pending_count` integer DEFAULT 0 NOT NULL,
	`send_at` integer,
	`last_sent_at` integer,
	PRIMARY KEY(`user_id`, `post_id`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`post_id`) REFERENCES `posts`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `reply_mail_batches_send_at_idx` ON `reply_mail_batches` (`send_at`);--> statement-breakpoint
CREATE TABLE `weekly_digests_sent` (
	`user_id` text NOT NULL,
	`week` text NOT NULL,
	`sent_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	PRIMARY KEY(`user_id`, `week`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
