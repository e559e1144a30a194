/** SPEC's discussion texts (sections 2 and 8), in one place. */
export const messages = {
  postCreated: "Your post has been created successfully!",
  postCreateFailed: "Failed to create post. Please try again.",
  replyPosted: "Reply posted successfully!",
  replyFailed: "Failed to post reply. Please try again.",
  likeFailed: "Failed to update like. Please try again.",
  postUpdated: "Your post has been updated.",
  postUpdateFailed: "Failed to update post. Please try again.",
  postDeleted: "The post has been deleted.",
  postPinned: "The post is pinned to the top of the list.",
  postUnpinned: "The post is no longer pinned.",
  replyUpdated: "Your reply has been updated.",
  replyDeleted: "The reply has been deleted.",
  pictureRemoved: "The picture has been removed.",
} as const;
