-- A copy of conversations.last_message_id on every participant's row (decision 0125): the header's
-- unread count reads the partial index below alone instead of joining each of the member's
-- conversations. The triggers keep the copy in the writing transaction, whatever code writes.
ALTER TABLE `conversation_participants` ADD `last_message_id` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE `conversation_participants` SET `last_message_id` = coalesce((SELECT `last_message_id` FROM `conversations` WHERE `conversations`.`id` = `conversation_participants`.`conversation_id`), 0);
--> statement-breakpoint
CREATE TRIGGER `conversation_participants_last_message_on_insert` AFTER INSERT ON `conversation_participants` BEGIN
  UPDATE `conversation_participants` SET `last_message_id` = coalesce((SELECT `last_message_id` FROM `conversations` WHERE `id` = NEW.`conversation_id`), 0)
  WHERE `conversation_id` = NEW.`conversation_id` AND `user_id` = NEW.`user_id`;
END;
--> statement-breakpoint
CREATE TRIGGER `conversations_last_message_after_update` AFTER UPDATE OF `last_message_id` ON `conversations` BEGIN
  UPDATE `conversation_participants` SET `last_message_id` = NEW.`last_message_id` WHERE `conversation_id` = NEW.`id`;
END;
--> statement-breakpoint
CREATE INDEX `conversation_participants_unread_idx` ON `conversation_participants` (`user_id`) WHERE "last_message_id" > "last_read_message_id";
