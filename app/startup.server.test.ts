import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { startApplication } from "./startup.server";

const userRow = async (id: string) => (await readDb().select().from(schema.users).where(eq(schema.users.id, id)))[0];
const ledgerRows = async () => (await readDb().select().from(schema.contributions)).length;

describe("startApplication", () => {
  it("seeds the reference data, verifies an ADMIN_EMAIL account once, and builds a missing points ledger", async () => {
    // ADMIN_EMAIL is owner@example.com (app/test/setup.ts): an account from before e-mail verification.
    const owner = await createMember({ email: "owner@example.com", emailVerifiedAt: null });
    const member = await createMember();
    await write((tx) => tx.delete(schema.contributions));
    await write((tx) => tx.update(schema.users).set({ points: 0 }));
    await write((tx) => tx.insert(schema.posts).values({ title: "Before the ledger", content: "Old history", authorId: member.id }));

    await startApplication();
    expect((await userRow(owner.id))?.emailVerifiedAt).toBeInstanceOf(Date);
    expect((await readDb().select().from(schema.communitySettings).where(eq(schema.communitySettings.key, "migration:listedAdminsVerified")))[0]).toBeDefined();
    expect(await ledgerRows()).toBeGreaterThan(0);
    expect((await userRow(member.id))?.points).toBeGreaterThan(0);
    expect(await readDb().select().from(schema.badges)).toHaveLength(10);

    // Once only: a later start leaves the address as it is.
    await write((tx) => tx.update(schema.users).set({ emailVerifiedAt: null }).where(eq(schema.users.id, owner.id)));
    await startApplication();
    expect((await userRow(owner.id))?.emailVerifiedAt).toBeNull();
  });
});
