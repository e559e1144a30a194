/**
 * The one table of contribution rules: what each kind of contribution is worth.
 * Documented in docs/gamification.md and on /badge-guide. (Values are provisional until the
 * members-and-badges feature settles them; change them here only.)
 */
export const contributionRules = {
  /** Joining the community (Explorer). */
  joined: { points: 0 },
  /** Starting a discussion. */
  post_created: { points: 10 },
  /** Any reply. */
  reply_created: { points: 5 },
  /** A reply on another member's post (Community Helper); recorded in addition to reply_created. */
  reply_to_other: { points: 0 },
  /** A like received on one's post (credited to the author; subject = the like's "postId:likerId"). */
  like_received: { points: 2 },
  /** Attending a meeting (through its Join link). */
  meeting_attended: { points: 15 },
  /** Sharing a resource in the library. */
  resource_shared: { points: 10 },
  /** Rating a resource. */
  resource_rated: { points: 1 },
  /** Rating a music artist. */
  artist_rated: { points: 2 },
  /** Commenting on a music artist. */
  artist_commented: { points: 3 },
} as const satisfies Record<string, { points: number }>;

export type ContributionKind = keyof typeof contributionRules;

export const contributionKinds = Object.keys(contributionRules) as ContributionKind[];

export function pointsFor(kind: ContributionKind): number {
  return contributionRules[kind].points;
}
