/**
 * The write load of the crash-safety tests (tests/crash-safety.e2e.ts on SQLite,
 * tests/postgres-crash-safety.e2e.ts on PostgreSQL): concurrent clients writing posts, replies and
 * likes to a built server until it is killed, keeping what the server acknowledged, then checking
 * after the restart that every acknowledged write is there and the counters agree with the rows.
 */
import { expect } from "vitest";

export type LoadMember = { cookie: string; id: string };

/** A write of the load, and what the server answered when it did not acknowledge it. */
export type LoadWrite = "post" | "reply" | "form reply" | "like";
export type LoadAnswer = { status: number; json: Record<string, unknown> };

/** What the server acknowledged (2xx, or the form's redirect to the new reply). */
export type AcknowledgedWrites = {
  posts: number[];
  replies: Array<{ id: number; postId: number }>;
  likes: Array<{ userId: string; postId: number }>;
};

/** A POST with a JSON body through the API, as the member. */
export async function postJson(baseURL: string, member: LoadMember, path: string, body?: unknown): Promise<LoadAnswer> {
  const response = await fetch(`${baseURL}${path}`, {
    method: "POST",
    headers: { Cookie: member.cookie, "Content-Type": "application/json" },
    body: JSON.stringify(body ?? {}),
  });
  return { status: response.status, json: (await response.json()) as Record<string, unknown> };
}

/** A reply through the post page's form, as a browser without JavaScript sends it: the redirect (302) to `#reply-<id>` names the new reply. */
export async function replyByForm(baseURL: string, member: LoadMember, postId: number, content: string): Promise<{ status: number; replyId?: number }> {
  const response = await fetch(`${baseURL}/post/${postId}`, {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: member.cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: baseURL },
    body: new URLSearchParams({ intent: "reply", content }).toString(),
  });
  await response.arrayBuffer();
  const replyId = /#reply-(\d+)$/.exec(response.headers.get("location") ?? "")?.[1];
  return { status: response.status, replyId: (response.status === 302 || response.status === 303) && replyId ? Number(replyId) : undefined };
}

/**
 * Starts the load: two lanes per member, each writing in turn a post, an API reply, (with
 * `formReplies`) a form reply, and a like of a post it has not liked, until `stop()`. A write the
 * server refused goes to `refused`; a request that threw (the server died under it) to `failed`.
 */
export function startWriteLoad({
  baseURL,
  members,
  categoryId,
  seedPostId,
  formReplies = false,
  refused,
  failed = () => {},
}: {
  baseURL: string;
  members: LoadMember[];
  categoryId: number;
  seedPostId: number;
  formReplies?: boolean;
  refused: (write: LoadWrite, answer: LoadAnswer) => void;
  failed?: (error: unknown) => void;
}) {
  const acknowledged: AcknowledgedWrites = { posts: [seedPostId], replies: [], likes: [] };
  const turns: LoadWrite[] = formReplies ? ["post", "reply", "form reply", "like"] : ["post", "reply", "like"];
  let isStopped = false;

  const lane = async (member: LoadMember, index: number) => {
    const liked = new Set<number>();
    for (let step = 0; !isStopped; step += 1) {
      try {
        const turn = turns[step % turns.length];
        if (turn === "post") {
          const created = await postJson(baseURL, member, "/api/posts", { title: `Load ${index}-${step}`, content: "Written under load.", categoryId });
          if (created.status === 201) acknowledged.posts.push(created.json.id as number);
          else refused(turn, created);
        } else if (turn === "reply") {
          const postId = acknowledged.posts[(step * 7 + index) % acknowledged.posts.length];
          const reply = await postJson(baseURL, member, `/api/posts/${postId}/replies`, { content: `Reply ${index}-${step}` });
          if (reply.status === 201) acknowledged.replies.push({ id: reply.json.id as number, postId });
          else refused(turn, reply);
        } else if (turn === "form reply") {
          const postId = acknowledged.posts[(step * 3 + index) % acknowledged.posts.length];
          const { status, replyId } = await replyByForm(baseURL, member, postId, `Form reply ${index}-${step}`);
          if (replyId) acknowledged.replies.push({ id: replyId, postId });
          else refused(turn, { status, json: { message: status === 503 ? "busy (the form page)" : "no reply id" } });
        } else {
          const postId = acknowledged.posts.find((id) => !liked.has(id));
          if (postId === undefined) continue;
          liked.add(postId);
          const like = await postJson(baseURL, member, `/api/posts/${postId}/like`);
          if (like.status === 200 && like.json.liked === true) acknowledged.likes.push({ userId: member.id, postId });
          else refused(turn, like);
        }
      } catch (error) {
        failed(error);
      }
    }
  };

  const load = Promise.all([...members, ...members].map((member, index) => lane(member, index)));
  const count = () => acknowledged.posts.length + acknowledged.replies.length + acknowledged.likes.length;
  return {
    acknowledged,
    /** How many writes were acknowledged so far. */
    count,
    /** Whether `stop()` was called (the server is being killed: refusals and failures from now on are expected). */
    isStopped: () => isStopped,
    /** Waits until at least `atLeast` writes were acknowledged, as long as `isHealthy()` holds (30 s at most: a busy machine acknowledges them slowly). */
    async whenAcknowledged(atLeast: number, isHealthy: () => boolean): Promise<void> {
      const deadline = Date.now() + 30_000;
      while (count() < atLeast && Date.now() < deadline && isHealthy()) await new Promise((resolve) => setTimeout(resolve, 50));
    },
    /** Ends the lanes (each after its request under way) and waits for them. */
    stop(): Promise<unknown> {
      isStopped = true;
      return load;
    },
  };
}

/**
 * After the restart: every acknowledged write is there, and the counters (written in the same
 * transactions as the rows) agree with the rows. `column(sql)` reads a query's first column.
 */
export async function expectAcknowledgedWritesKept(acknowledged: AcknowledgedWrites, column: (sql: string) => Promise<unknown[]>): Promise<void> {
  const postIds = new Set((await column("select id from posts")).map(Number));
  expect(acknowledged.posts.filter((id) => !postIds.has(id))).toEqual([]);
  const replies = new Set((await column("select id || ':' || post_id from replies")).map(String));
  expect(acknowledged.replies.filter((reply) => !replies.has(`${reply.id}:${reply.postId}`))).toEqual([]);
  const likes = new Set((await column("select user_id || ':' || post_id from post_likes")).map(String));
  expect(acknowledged.likes.filter((like) => !likes.has(`${like.userId}:${like.postId}`))).toEqual([]);
  const [drift] = await column(
    `select count(*) from posts where likes_count != (select count(*) from post_likes where post_id = posts.id)
        or replies_count != (select count(*) from replies where post_id = posts.id)`,
  );
  expect(Number(drift)).toBe(0);
}
