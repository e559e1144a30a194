/**
 * The discussions feature's public server entry: what routes and other features may import from its
 * server modules and zod schemas (docs/decisions/0099-feature-entries.md). Components are imported
 * file by file from components/; plain values from the client-safe index.ts (where there is one).
 */
export { parseApiListQuery } from "./api.server";
export { loadRecentDiscussions } from "./dashboard.server";
export { setPostHidden, setReplyHidden } from "./hiding.server";
export { handleLikeIntent } from "./like-action.server";
export { loadPostPage, type RenderedReply } from "./post-page.server";
export { canModerate, createPost, deletePost, findPost, getPost, likePost, listCategories, listPosts, readerOf, setPostPinned, unlikePost, updatePost } from "./posts.server";
export { listRelatedPosts, listSimilarPosts } from "./related.server";
export { createReply, deleteReply, findReply, listReplies, REPLIES_MAX, replyLink, updateReply } from "./replies.server";
export { discussionFiltersSchema, POSTS_PAGE_SIZE } from "./schemas";
export { hiddenLabelOf } from "./views.server";
export { answerPostForm } from "./post-form.server";
