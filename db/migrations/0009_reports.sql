CREATE TABLE `reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`reporter_id` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolution` text,
	`resolved_by` text,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_open_reporter_target_unique` ON `reports` (`reporter_id`,`target_type`,`target_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `reports_status_target_idx` ON `reports` (`status`,`target_type`,`target_id`);--> statement-breakpoint
CREATE INDEX `reports_reporter_idx` ON `reports` (`reporter_id`);--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_by` text;--> statement-breakpoint
ALTER TABLE `posts` ADD `hidden_reason` text;--> statement-breakpoint
CREATE INDEX `posts_hidden_idx` ON `posts` (`author_id`) WHERE hidden_at IS NOT NULL;--> statement-breakpoint
ALTER TABLE `replies` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `replies` ADD `hidden_by` text;--> statement-breakpoint
ALTER TABLE `replies` ADD `hidden_reason` text;