/** Member queries the shell needs (the directory itself comes with the members feature). */
import { count } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

/** How many members the community has (the sidebar's members item). */
export function countMembers(): number {
  return getDb().select({ total: count() }).from(schema.users).get()?.total ?? 0;
}
