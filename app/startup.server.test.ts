import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { getDb, schema } from "~/utils/db.server";
import { startApplication } from "./startup.server";

const userRow = (id: string) => getDb().select().from(schema.users).where(eq(schema.users.id, id)).get();
const ledgerRows = () => getDb().select().from(schema.contributions).all().length;

describe("startApplication", () => {
  it("seeds the reference data, verifies an ADMIN_EMAIL account once, and builds a missing points ledger", async () => {
    // ADMIN_EMAIL is owner@example.com (app/test/setup.ts): an account from before e-mail verification.
    const owner = await createMember({ email: "owner@example.com", emailVerifiedAt: null });
    const member = await createMember();
    getDb().delete(schema.contributions).run();
    getDb().update(schema.users).set({ points: 0 }).run();
    getDb().insert(schema.posts).values({ title: "Before the ledger", content: "Old history", authorId: member.id }).run();

    await startApplication();
    expect(userRow(owner.id)?.emailVerifiedAt).toBeInstanceOf(Date);
    expect(getDb().select().from(schema.communitySettings).where(eq(schema.communitySettings.key, "migration:listedAdminsVerified")).get()).toBeDefined();
    expect(ledgerRows()).toBeGreaterThan(0);
    expect(userRow(member.id)?.points).toBeGreaterThan(0);
    expect(getDb().select().from(schema.badges).all()).toHaveLength(10);

    // Once only: a later start leaves the address as it is.
    getDb().update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, owner.id)).run();
    await startApplication();
    expect(userRow(owner.id)?.emailVerifiedAt).toBeNull();
  });
});
