/** The shell's counts (the root loader) beside a page's own bookkeeping, loaded at once as React Router does. */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { loader as rootLoader } from "~/root";
import { loader as discussionsLoader } from "~/routes/discussions";
import { routeArgs, signedInRequest } from "~/test/factories";
import { schema, write } from "~/utils/db.server";

describe("the shell's counts", () => {
  it("opening /discussions clears the sidebar's new-discussions badge on that very page", async () => {
    const reader = await createActor();
    await write((tx) => tx.update(schema.users).set({ joinedAt: new Date(0) }).where(eq(schema.users.id, reader.id)));
    await createTestPost(await createActor());
    const countsOf = async (path: string) => {
      const args = routeArgs(await signedInRequest(reader.id, `http://localhost${path}`));
      // Both loaders at once, the root first, as React Router runs them.
      const [root] = await Promise.all([rootLoader(args), path === "/discussions" ? discussionsLoader(args) : undefined]);
      return root.data.counts;
    };
    expect((await countsOf("/meetings")).unreadDiscussions).toBeGreaterThanOrEqual(1);
    expect((await countsOf("/discussions")).unreadDiscussions).toBe(0);
  });
});
