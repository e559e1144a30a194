/** Forgetting a member's address in the outbox when their account is deleted (docs/accounts.md, "Deleting the account"). */
import { sql } from "drizzle-orm";
import { getDb, schema } from "~/utils/db.server";

/** Deletes every outbox message to this address, sent or not (call inside the deletion's transaction). */
export function forgetMailTo(email: string): number {
  return getDb()
    .delete(schema.mailOutbox)
    .where(sql`lower(${schema.mailOutbox.to}) = ${email.toLowerCase()}`)
    .run().changes;
}
