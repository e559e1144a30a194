-- A copy of conversations.last_message_id on every participant's row (decision 0125): the header's
-- unread count reads the partial index below alone instead of joining each of the member's
-- conversations. The triggers keep the copy in the writing transaction, whatever code writes.
ALTER TABLE "conversation_participants" ADD COLUMN "last_message_id" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "conversation_participants" AS "p" SET "last_message_id" = "c"."last_message_id" FROM "conversations" AS "c" WHERE "c"."id" = "p"."conversation_id";
--> statement-breakpoint
CREATE FUNCTION "conversation_participants_copy_last_message"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  NEW."last_message_id" := coalesce((SELECT "last_message_id" FROM "conversations" WHERE "id" = NEW."conversation_id"), 0);
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversation_participants_last_message_on_insert" BEFORE INSERT ON "conversation_participants" FOR EACH ROW EXECUTE FUNCTION "conversation_participants_copy_last_message"();
--> statement-breakpoint
CREATE FUNCTION "conversations_copy_last_message"() RETURNS trigger
  LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "conversation_participants" SET "last_message_id" = NEW."last_message_id" WHERE "conversation_id" = NEW."id";
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "conversations_last_message_after_update" AFTER UPDATE OF "last_message_id" ON "conversations" FOR EACH ROW WHEN (NEW."last_message_id" IS DISTINCT FROM OLD."last_message_id") EXECUTE FUNCTION "conversations_copy_last_message"();
--> statement-breakpoint
CREATE INDEX "conversation_participants_unread_idx" ON "conversation_participants" USING btree ("user_id") WHERE "last_message_id" > "last_read_message_id";
