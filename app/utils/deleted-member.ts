/**
 * The placeholder author of posts and replies whose member deleted their own account
 * (docs/accounts.md, "Deleting the account"). One row, made when first needed; it cannot sign in
 * (no password matches its hash, no mail reaches its address) and member lists leave it out.
 */
export const DELETED_MEMBER_ID = "deleted-member";
export const DELETED_MEMBER_NAME = "Deleted member";
