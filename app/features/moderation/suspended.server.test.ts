import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { isNotSuspendedAt, isSuspendedAt } from "./suspended.server";

describe("is a member suspended now", () => {
  it("is true only while suspended_until lies ahead, for rows and in SQL alike", async () => {
    const now = new Date();
    const cases = [null, new Date(now.getTime() - 1), now, new Date(now.getTime() + 1)];
    expect(cases.map((until) => isSuspendedAt(until, now))).toEqual([false, false, false, true]);
    const member = await createMember();
    for (const until of cases) {
      await write((tx) => tx.update(schema.users).set({ suspendedUntil: until }).where(eq(schema.users.id, member.id)));
      const matched = (await readDb().select({ id: schema.users.id }).from(schema.users).where(isNotSuspendedAt(now))).some((row) => row.id === member.id);
      expect(matched).toBe(!isSuspendedAt(until, now));
    }
  });
});
