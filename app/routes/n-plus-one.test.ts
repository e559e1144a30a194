/**
 * No N+1 queries: the number of SQL statements a page's loader runs does not grow with the
 * number of items on the page, on either engine. On SQLite the test's writer counts every
 * statement SQLite executes (better-sqlite3's `verbose` hook) and its read connection (where the
 * async data layer reads, decision 0102) every statement it runs; on PostgreSQL every statement
 * any of the app's clients sends (each one a round trip: docs/scaling.md). Each loader runs with N
 * items, then with 2N. And the shell (the root loader) reads the session, the member and its
 * counts in one statement.
 */
import type { LoaderFunctionArgs } from "react-router";
import Database from "better-sqlite3";
import { drizzle } from "drizzle-orm/better-sqlite3";
import pg from "pg";
import { beforeAll, describe, expect, it } from "vitest";
import { createArtist, addComment, rateArtist } from "~/features/artists/artists.server";
import { createPost, likePost } from "~/features/discussions/posts.server";
import { createReply } from "~/features/discussions/replies.server";
import { createResource, rateResource } from "~/features/resources/resources.server";
import { toCurrentUser } from "~/features/auth/auth.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { engine, sqliteWriterForTesting, readDb, schema, setDbForTesting, type AppDatabase } from "~/utils/db.server";
import { loader as rootLoader } from "~/root";
import { loader as discussionsLoader } from "./discussions";
import { loader as membersLoader } from "./members";
import { loader as artistsLoader } from "./music-artists";
import { loader as postLoader } from "./post.$id";
import { loader as resourcesLoader } from "./resources";

const N = 4;
let counting = false;
let statements: string[] = [];

beforeAll(() => {
  if (engine === "postgres") {
    countPostgresStatements();
    return;
  }
  // Re-open this file's test database on a connection that reports every executed statement.
  const file = sqliteWriterForTesting().$client.name;
  const sqlite = new Database(file, {
    verbose: (sql) => {
      if (counting) statements.push(String(sql));
    },
  });
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  setDbForTesting(drizzle(sqlite, { schema }) as AppDatabase);
  countStatementsOf(readDb().$client);
});

/** PostgreSQL: every statement a client of this process sends (the pool's, a unit of work's), BEGIN and COMMIT included. */
function countPostgresStatements() {
  const submit = pg.Query.prototype.submit as (...args: unknown[]) => unknown;
  pg.Query.prototype.submit = function (this: pg.Query & { text?: string }, ...args: unknown[]) {
    if (counting) statements.push(String(this.text));
    return submit.apply(this, args);
  } as typeof pg.Query.prototype.submit;
}

/** Counts the statements run on a connection opened by db.server.ts (the read connection), which has no `verbose` hook. */
function countStatementsOf(client: Database.Database) {
  const prepare = client.prepare.bind(client);
  client.prepare = ((source: string) => {
    const statement = prepare(source);
    for (const method of ["run", "get", "all", "iterate"] as const) {
      const run = (statement[method] as (...args: unknown[]) => unknown).bind(statement);
      Object.assign(statement, {
        [method]: (...args: unknown[]) => {
          if (counting) statements.push(source);
          return run(...args);
        },
      });
    }
    return statement;
  }) as typeof client.prepare;
}

type Loader = (args: LoaderFunctionArgs) => unknown;

/** Statements run by one loader call (after a warm-up call, so one-off work such as a sweep is not counted). */
async function countStatements(loader: Loader, request: () => Promise<Request>, params: Record<string, string> = {}): Promise<number> {
  await loader(routeArgs(await request(), params));
  statements = [];
  const req = await request();
  counting = true;
  try {
    await loader(routeArgs(req, params));
  } finally {
    counting = false;
  }
  if (process.env.SHOW_SQL) console.log(statements.join("\n"));
  return statements.length;
}

const createActor = async (overrides: Parameters<typeof createMember>[0] = {}) => toCurrentUser(await createMember(overrides));

const categoryId = async () => (await readDb().select({ id: schema.categories.id }).from(schema.categories).limit(1))[0]!.id;

async function someMembers(count: number) {
  return Promise.all(Array.from({ length: count }, (_, index) => createActor({ displayName: `Member ${index}` })));
}

describe("SQL statements per page do not grow with the items on it", () => {
  it("/discussions", async () => {
    const viewer = await createActor();
    const addPosts = async () => {
      for (const author of await someMembers(N)) {
        const post = await createPost({ actor: author, input: { title: `Post by ${author.id}`, content: "Body", categoryId: (await categoryId()) } });
        await likePost({ actor: viewer, postId: post.id });
        await createReply({ actor: viewer, postId: post.id, input: { content: "A reply" } });
      }
    };
    const request = () => signedInRequest(viewer.id, "http://localhost/discussions");
    await addPosts();
    const withN = await countStatements(discussionsLoader, request);
    await addPosts();
    const with2N = await countStatements(discussionsLoader, request);
    expect(withN).toBeGreaterThan(0);
    expect(with2N, `N: ${withN} statements, 2N: ${with2N}`).toBe(withN);
  });

  it("/post/:id with its replies", async () => {
    const author = await createActor();
    const post = await createPost({ actor: author, input: { title: "Thread", content: "Body", categoryId: (await categoryId()) } });
    const addReplies = async () => {
      for (const member of await someMembers(N)) {
        const reply = await createReply({ actor: member, postId: post.id, input: { content: `From ${member.id}` } });
        await createReply({ actor: author, postId: post.id, input: { content: "Nested answer", parentId: reply.id } });
        await likePost({ actor: member, postId: post.id });
      }
    };
    const request = () => signedInRequest(author.id, `http://localhost/post/${post.id}`);
    await addReplies();
    const withN = await countStatements(postLoader, request, { id: String(post.id) });
    await addReplies();
    const with2N = await countStatements(postLoader, request, { id: String(post.id) });
    expect(withN).toBeGreaterThan(0);
    expect(with2N, `N: ${withN} statements, 2N: ${with2N}`).toBe(withN);
  });

  it("/members", async () => {
    const viewer = await createActor();
    const addMembers = async () => {
      for (const member of await someMembers(N)) {
        await createPost({ actor: member, input: { title: `Hello from ${member.id}`, content: "Body", categoryId: (await categoryId()) } });
      }
    };
    const request = () => signedInRequest(viewer.id, "http://localhost/members");
    await addMembers();
    const withN = await countStatements(membersLoader, request);
    await addMembers();
    const with2N = await countStatements(membersLoader, request);
    expect(withN).toBeGreaterThan(0);
    expect(with2N, `N: ${withN} statements, 2N: ${with2N}`).toBe(withN);
  });

  it("/resources", async () => {
    const admin = await createActor({ role: "admin" });
    const viewer = await createActor();
    let serial = 0;
    const addResources = async () => {
      const raters = await someMembers(2);
      for (let index = 0; index < N; index += 1) {
        serial += 1;
        const resource = await createResource({ actor: admin, input: { title: `Resource ${serial}`, url: `https://example.com/r/${serial}`, tags: "LLM, Agents" } });
        for (const rater of [...raters, viewer]) await rateResource({ userId: rater.id, resourceId: resource.id, input: { rating: 4 } });
      }
    };
    const request = () => signedInRequest(viewer.id, "http://localhost/resources");
    await addResources();
    const withN = await countStatements(resourcesLoader, request);
    await addResources();
    const with2N = await countStatements(resourcesLoader, request);
    expect(withN).toBeGreaterThan(0);
    expect(with2N, `N: ${withN} statements, 2N: ${with2N}`).toBe(withN);
  });

  it("/music-artists", async () => {
    const admin = await createActor({ role: "admin" });
    const viewer = await createActor();
    let serial = 0;
    const addArtists = async () => {
      const fans = await someMembers(2);
      for (let index = 0; index < N; index += 1) {
        serial += 1;
        const artist = await createArtist({ actor: admin, input: { name: `Artist ${serial}`, genre: "Synthwave", spotifyUrl: `https://open.spotify.com/artist/${serial}` } });
        await rateArtist({ userId: viewer.id, artistId: artist.id, input: { rating: 4 } });
        for (const fan of fans) {
          await rateArtist({ userId: fan.id, artistId: artist.id, input: { rating: 5 } });
          await addComment({ userId: fan.id, artistId: artist.id, input: { comment: "Great" } });
        }
      }
    };
    const request = () => signedInRequest(viewer.id, "http://localhost/music-artists");
    await addArtists();
    const withN = await countStatements(artistsLoader, request);
    await addArtists();
    const with2N = await countStatements(artistsLoader, request);
    expect(withN).toBeGreaterThan(0);
    expect(with2N, `N: ${withN} statements, 2N: ${with2N}`).toBe(withN);
  });
});

describe("the shell's statements", () => {
  /** Requests of one session (signed in once: a new session is a write, which would empty the caches kept until a write). */
  async function requestsOf(userId: string, url: string): Promise<() => Promise<Request>> {
    const cookie = (await signedInRequest(userId, url)).headers.get("Cookie")!;
    return async () => new Request(url, { headers: { Cookie: cookie } });
  }

  /** Statements that read or write data: SQLite's in-process check of its write version (`PRAGMA data_version`) left out. */
  const dataStatements = () => statements.filter((statement) => !/\bdata_version\b/i.test(statement));

  /** Statements of the root loader and a page's loader run at once on one request, as React Router runs them (after a warm-up). */
  async function countWithShell(pageLoader: Loader | undefined, request: () => Promise<Request>): Promise<string[]> {
    const both = async (args: LoaderFunctionArgs) => Promise.all([rootLoader(args), pageLoader?.(args)]);
    await countStatements(both as Loader, request);
    return dataStatements();
  }

  it("reads the session, the member and the shell's counts in one statement", async () => {
    const viewer = await createActor();
    const shell = await countWithShell(undefined, await requestsOf(viewer.id, "http://localhost/meetings"));
    expect(shell, shell.join("\n")).toHaveLength(1);
    expect(shell[0]).toMatch(/from "sessions" left join "users"/);
  });

  it("/discussions with its shell: nothing more than the page's own, no seen-mark check when nothing is new", async () => {
    const viewer = await createActor();
    const author = await createActor();
    await createPost({ actor: author, input: { title: "Something new", content: "Body", categoryId: await categoryId() } });
    const request = await requestsOf(viewer.id, "http://localhost/discussions");
    // The warm-up visit marks the post seen; the counted one finds nothing new: no check, no write.
    await countStatements(discussionsLoader, request);
    const page = dataStatements();
    const withShell = await countWithShell(discussionsLoader, request);
    expect(withShell, withShell.join("\n")).toEqual(page);
    expect(page.filter((statement) => statement.includes('"sessions"')), page.join("\n")).toHaveLength(1);
    expect(page.filter((statement) => /from "users" where .*exists/.test(statement)), "the seen mark's check").toEqual([]);
    // PostgreSQL's round trips: the session with the member and the counts, the pinned posts and the page, the member's blocks and feed token.
    if (engine === "postgres") expect(page, page.join("\n")).toHaveLength(5);
  });
});
