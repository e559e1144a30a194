CREATE TABLE `suspensions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`reason` text NOT NULL,
	`starts_at` integer NOT NULL,
	`ends_at` integer,
	`created_by` text,
	`lifted_at` integer,
	`lifted_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`lifted_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `suspensions_user_lifted_idx` ON `suspensions` (`user_id`,`lifted_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `suspended_until` integer;