CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text,
	`hash` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`bytes` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `uploads_owner_created_idx` ON `uploads` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_hash_idx` ON `uploads` (`hash`);--> statement-breakpoint
ALTER TABLE `users` ADD `avatar_upload_id` text;