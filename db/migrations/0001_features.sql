CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`actor_id` text,
	`actor_email` text NOT NULL,
	`action` text NOT NULL,
	`target_type` text NOT NULL,
	`target_id` text,
	`summary` text DEFAULT '' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`actor_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `audit_log_created_idx` ON `audit_log` (`created_at`);--> statement-breakpoint
CREATE TABLE `contributions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` text NOT NULL,
	`kind` text NOT NULL,
	`subject_id` text NOT NULL,
	`points` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `contributions_user_kind_subject_unique` ON `contributions` (`user_id`,`kind`,`subject_id`);--> statement-breakpoint
CREATE INDEX `contributions_created_user_idx` ON `contributions` (`created_at`,`user_id`);--> statement-breakpoint
CREATE INDEX `contributions_kind_subject_idx` ON `contributions` (`kind`,`subject_id`);--> statement-breakpoint
CREATE TABLE `resource_ratings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`resource_id` integer NOT NULL,
	`user_id` text NOT NULL,
	`rating` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`resource_id`) REFERENCES `resources`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `resource_ratings_resource_user_unique` ON `resource_ratings` (`resource_id`,`user_id`);--> statement-breakpoint
CREATE INDEX `resource_ratings_user_idx` ON `resource_ratings` (`user_id`);--> statement-breakpoint
ALTER TABLE `meetings` ADD `series_id` text;--> statement-breakpoint
CREATE INDEX `meetings_series_idx` ON `meetings` (`series_id`);--> statement-breakpoint
ALTER TABLE `replies` ADD `updated_at` integer;--> statement-breakpoint
CREATE INDEX `resources_difficulty_idx` ON `resources` (`difficulty`,`created_at`);--> statement-breakpoint
CREATE INDEX `resources_pricing_idx` ON `resources` (`pricing_category`,`created_at`);--> statement-breakpoint
CREATE INDEX `resources_submitter_idx` ON `resources` (`submitted_by`);--> statement-breakpoint
CREATE INDEX `users_skill_idx` ON `users` (`skill_level`);