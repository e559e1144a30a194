import { describe, expect, it } from "vitest";
import { createActor, createTestPost } from "~/features/discussions/test-helpers";
import { createReply } from "~/features/discussions/replies.server";
import { endLiveStreams, LIVE_STREAMS_PER_MEMBER, liveStats, openLiveStream, openStreamCount } from "./live.server";
import { statusOf } from "~/test/errors";

async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, text: string): Promise<string> {
  const decoder = new TextDecoder();
  let received = "";
  while (!received.includes(text)) {
    const chunk = await reader.read();
    if (chunk.done) break;
    received += decoder.decode(chunk.value, { stream: true });
  }
  return received;
}

describe("live streams", () => {
  it("sends the current state, then changes written to the database, and ends on shutdown", async () => {
    const member = await createActor();
    const replier = await createActor();
    const post = createTestPost(member);
    const controller = new AbortController();
    const response = openLiveStream({ userId: member.id, postId: post.id, discussionsSince: Date.now(), signal: controller.signal });
    expect(response.headers.get("Content-Type")).toMatch(/^text\/event-stream/);
    expect(response.headers.get("X-Accel-Buffering")).toBe("no");
    const reader = (response.body as ReadableStream<Uint8Array>).getReader();
    const first = await readUntil(reader, "event: discussions");
    expect(first).toContain('event: notifications\ndata: {"unreadNotifications":0}');
    expect(first).toContain(`"repliesCount":0`);
    createReply({ actor: replier, postId: post.id, input: { content: "live!" } });
    const next = await readUntil(reader, `"repliesCount":1`);
    expect(next).toContain('data: {"unreadNotifications":1}');
    expect(liveStats.lastTickMs).toBeLessThan(50);
    expect(openStreamCount()).toBe(1);
    endLiveStreams();
    expect(openStreamCount()).toBe(0);
    expect((await reader.read()).done).toBe(true);
  });

  it("refuses more than the per-member limit with a clear 429, and frees a place when a stream ends", async () => {
    const member = await createActor();
    const controllers = Array.from({ length: LIVE_STREAMS_PER_MEMBER }, () => new AbortController());
    for (const controller of controllers) openLiveStream({ userId: member.id, postId: null, discussionsSince: null, signal: controller.signal });
    expect(statusOf(() => openLiveStream({ userId: member.id, postId: null, discussionsSince: null, signal: new AbortController().signal }))).toBe(429);
    controllers[0].abort();
    expect(() => openLiveStream({ userId: member.id, postId: null, discussionsSince: null, signal: new AbortController().signal })).not.toThrow();
    endLiveStreams();
  });
});
