/**
 * The conversations feature's public server entry: what routes and other features may import from
 * its server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are
 * imported file by file from components/; plain values from the client-safe index.ts.
 */
export {
  conversationJson,
  exportConversationsOf,
  getConversation,
  keepMessagesOf,
  lastMessageIdsOf,
  leaveConversation,
  listConversations,
  markConversationRead,
  messageJson,
  messageSummariesOf,
  MESSAGES_PAGE_SIZE,
  sendMessage,
  startConversation,
  unreadConversationsColumn,
} from "./conversations.server";
export { deleteMessage, findMessageForModeration, isParticipantOfMessage, messageWithContext, setMessageHidden } from "./moderation.server";
export { messageSchema, newConversationSchema } from "./schemas";
