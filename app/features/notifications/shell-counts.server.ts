/**
 * The counts the shell shows on every signed-in page (the sidebar's new discussions, the bell, the
 * envelope): as columns the member's own read can carry (one statement with the session and the
 * member: app/features/auth/guards.server.ts, docs/scaling.md "Round trips per page"), and as one
 * statement of their own for when a page's bookkeeping moved them (app/utils/shell-bookkeeping.server.ts).
 */
import { eq, sql } from "drizzle-orm";
import { unreadConversationsColumn } from "~/features/conversations/index.server";
import { readDb, schema, type AppDatabase } from "~/utils/db.server";
import { perDatabase } from "~/utils/statement-cache.server";
import { notificationCountColumns, type NotificationCounts } from "./notifications.server";

export type ShellCounts = NotificationCounts & { unreadMessages: number };

/** The shell's counts as columns of a query that reads the member's row (`FROM users`, or a join to it). */
export function shellCountColumns(db: AppDatabase) {
  return { ...notificationCountColumns(db), unreadMessages: unreadConversationsColumn(db, schema.users.id) };
}

const shellCountsStatement = perDatabase((db: AppDatabase) =>
  db
    .select(shellCountColumns(db))
    .from(schema.users)
    .where(eq(schema.users.id, sql.placeholder("userId")))
    .prepare(),
);

/** The member's shell counts, one statement. */
export async function readShellCounts(userId: string): Promise<ShellCounts> {
  const [row] = await shellCountsStatement(readDb()).execute({ userId });
  return row ?? { unreadDiscussions: 0, unreadNotifications: 0, unreadMessages: 0 };
}
