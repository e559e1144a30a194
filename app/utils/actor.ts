/**
 * The acting member, the one type: the signed-in user as the features see it (`CurrentUser` of
 * app/features/auth/auth.server.ts has these fields and more). A feature function takes the fields
 * it reads: `ActorRef` (who did it: the audit log, "not yourself" rules) or a `Pick<Actor, …>`.
 */
export type Actor = {
  id: string;
  email: string;
  role: string;
  emailVerifiedAt: Date | null;
  isAdmin: boolean;
  isModerator: boolean;
};

/** Who acts, for the audit log and the rules about one's own account. */
export type ActorRef = Pick<Actor, "id" | "email">;
