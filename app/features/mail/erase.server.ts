/** Forgetting a member's address in the outbox when their account is deleted (docs/accounts.md, "Deleting the account"). */
import { sql } from "drizzle-orm";
import { schema, write } from "~/utils/db.server";

/** Deletes every outbox message to this address, sent or not (inside the deletion's unit of work, as a savepoint); returns how many. */
export async function forgetMailTo(email: string): Promise<number> {
  const removed = await write((tx) =>
    tx
      .delete(schema.mailOutbox)
      .where(sql`lower(${schema.mailOutbox.to}) = ${email.toLowerCase()}`)
      .returning({ id: schema.mailOutbox.id }),
  );
  return removed.length;
}
