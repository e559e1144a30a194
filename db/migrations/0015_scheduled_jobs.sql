CREATE TABLE `scheduled_jobs` (
	`name` text PRIMARY KEY NOT NULL,
	`next_run_at` integer NOT NULL,
	`last_claimed_at` integer,
	`last_claimed_by` text
);
