CREATE TABLE "scheduled_jobs" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" bigint NOT NULL,
	"last_claimed_at" bigint,
	"last_claimed_by" text
);
