DROP INDEX `contributions_created_user_idx`;--> statement-breakpoint
CREATE INDEX `contributions_created_user_points_idx` ON `contributions` (`created_at`,`user_id`,`points`);--> statement-breakpoint
CREATE INDEX `users_points_joined_idx` ON `users` ("points" DESC,`joined_at`,`id`);