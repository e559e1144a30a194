/**
 * /discussions and /discussions/new (its dialog sits on the list's loader) render while another
 * connection holds the database's write lock: a new member's first visit writes bookkeeping (their
 * feed token, the discussions-seen mark) that the page can do without, so a busy database skips it
 * instead of answering 500 with no form (docs/decisions/0101-pages-never-fail-on-bookkeeping-writes.md).
 */
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { createActor } from "~/features/discussions/test-helpers";
import { createMember, routeArgs, signedInRequest } from "~/test/factories";
import { sqliteWriterForTesting } from "~/utils/db.server";
import { createPost, listCategories } from "~/features/discussions/posts.server";
import { loader as discussionsLoader } from "./discussions";

let holder: Database.Database | undefined;

/** Another connection (a worker, a script) holding the write lock until `release`. */
function holdWriteLock() {
  holder = new Database(sqliteWriterForTesting().$client.name);
  holder.exec("BEGIN IMMEDIATE");
}

afterEach(() => {
  if (holder?.inTransaction) holder.exec("ROLLBACK");
  holder?.close();
  holder = undefined;
});

describe("the discussions list while the database is busy", () => {
  it("renders a new member's first visit (no feed token yet, discussions unseen) without the bookkeeping writes", async () => {
    const author = await createActor();
    await createPost({ actor: author, input: { title: "Busy day", content: "Written before.", categoryId: (await listCategories())[0].id } });
    const member = await createMember();
    const request = await signedInRequest(member.id, "http://localhost/discussions/new");
    holdWriteLock();
    const started = Date.now();
    const data = await discussionsLoader(routeArgs(request));
    // Not the 5 s busy timeout of a write that has to happen.
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(data.categories.length).toBeGreaterThan(0);
    expect(data.feedUrl).toBeNull();
    holder?.exec("COMMIT");
    // Once the database is free, the next visit does them.
    const next = await discussionsLoader(routeArgs(await signedInRequest(member.id, "http://localhost/discussions")));
    expect(next.feedUrl).toMatch(/\/feeds\/[^/]+\/discussions\.xml$/);
  }, 15_000);
});
