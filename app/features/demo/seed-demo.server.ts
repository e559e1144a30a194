/**
 * Builds the demo community (demo-data.ts) on an empty database by replaying its history, oldest
 * action first, through the feature functions a member or an admin would have used: createUserRecord,
 * grantSupporterBadge, createPost, setPostPinned, createReply, likePost, createMeetings,
 * registerForMeeting, joinMeeting, createResource, rateResource, createArtist, rateArtist,
 * addComment, markNotificationRead. Counters, points, badges and notifications are therefore
 * whatever the rules make of that history: the demo cannot disagree with them
 * (docs/architecture.md, "The demo community").
 *
 * Each call gets the action's date as its `now`. One column is written directly, by one typed
 * update: an artist's playCount (plays counted on the streaming platforms, which no action here
 * produces). Every demo member's notification e-mails are switched off (setMailPreference): their
 * addresses are made up, so the mail outbox stays empty.
 *
 * Deterministic: the same `now` gives the same community (apart from the random user ids).
 */
import { count, eq } from "drizzle-orm";
import { createUserRecord, toCurrentUser } from "~/features/auth/index.server";
import { createArtist, addComment, rateArtist } from "~/features/artists/index.server";
import { grantSupporterBadge } from "~/features/badges/index.server";
import { createPost, setPostPinned, likePost, createReply } from "~/features/discussions/index.server";
import { notificationMailKinds, setMailPreference, type NotificationMailKind } from "~/features/mail/index.server";
import { createMeetings, joinMeeting, parseMeetingJson, registerForMeeting } from "~/features/meetings/index.server";
import { markNotificationRead } from "~/features/notifications/index.server";
import { createResource, rateResource } from "~/features/resources/index.server";
import { readDb, schema, write } from "~/utils/db.server";
import {
  DEMO_ARTISTS,
  DEMO_MEETINGS,
  DEMO_MEMBERS,
  DEMO_POSTS,
  DEMO_RESOURCES,
  type DemoMember,
  type DemoReply,
  type DemoUsername,
} from "./demo-data";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How many of a member's notifications stay unread (the newest); the older ones were read two hours after they came. */
const UNREAD_NOTIFICATIONS_KEPT = 3;

export type SeedDemoOptions = { now: Date; adminEmail: string; adminPasswordHash: string; memberPasswordHash: string };

/** A small stable number from a text (0 … modulo-1), for the minutes and hours that make dates look lived-in. */
function spread(text: string, modulo: number): number {
  let hash = 0;
  for (const character of text) hash = (Math.imul(hash, 31) + character.charCodeAt(0)) >>> 0;
  return hash % modulo;
}

/** The first Thursday 18:00 UTC strictly after `nowMs` (the weekly meeting's slot). */
function nextThursdayEvening(nowMs: number): number {
  const date = new Date(nowMs);
  date.setUTCHours(18, 0, 0, 0);
  date.setUTCDate(date.getUTCDate() + ((4 - date.getUTCDay() + 7) % 7));
  if (date.getTime() <= nowMs) date.setUTCDate(date.getUTCDate() + 7);
  return date.getTime();
}

/**
 * Creates the demo community in one unit of work (docs/decisions/0102-async-data-layer.md: the
 * converted features' units are savepoints of it, the synchronous ones join it); does nothing when
 * the users table already has rows. Needs the reference data (categories and badges) seeded first.
 * The two password hashes are computed once by the caller and shared by the members (no hashing here).
 */
export async function seedDemoContent(options: SeedDemoOptions): Promise<void> {
  await write(async (tx) => {
    const [existing] = await tx.select({ total: count() }).from(schema.users);
    if ((existing?.total ?? 0) > 0) return;
    await replayDemoHistory(options);
  });
}

/** One action of the history: synchronous or async (a converted feature's function), run in turn. */
type Action = { at: number; sequence: number; run: () => unknown };

async function replayDemoHistory({ now, adminEmail, adminPasswordHash, memberPasswordHash }: SeedDemoOptions) {
  // Inside seedDemoContent's unit of work: readDb() is its transaction (it sees the replay's own rows).
  const db = readDb();
  const nowMs = now.getTime();
  const clampPast = (ms: number) => Math.min(ms, nowMs - MINUTE);
  /** Evenly between two dates: the `index`-th of `total` moments. */
  const between = (from: number, to: number, index: number, total: number) => from + Math.floor(((index + 1) / (total + 1)) * Math.max(to - from, 0));

  const actions: Action[] = [];
  const schedule = (at: number, run: () => unknown) => actions.push({ at, sequence: actions.length, run });

  /* ---- members ---- */
  const joinedAt = new Map<DemoUsername, number>();
  const userIds = new Map<DemoUsername, string>();
  const userId = (username: DemoUsername) => {
    const id = userIds.get(username);
    if (!id) throw new Error(`The demo member ${username} has not joined yet`);
    return id;
  };
  // Who acts, kept when they join: the fields an Actor reads (id, e-mail, role, verification) do not change during the replay.
  const actors = new Map<DemoUsername, ReturnType<typeof toCurrentUser>>();
  const actor = (username: DemoUsername) => {
    const known = actors.get(username);
    if (!known) throw new Error(`Unknown demo member ${username}`);
    return known;
  };
  const joined = (username: DemoUsername) => {
    const at = joinedAt.get(username);
    if (at === undefined) throw new Error(`Unknown demo member ${username}`);
    return at;
  };
  const admin = DEMO_MEMBERS.find((member) => member.role === "admin");
  if (!admin) throw new Error("The demo data has no admin");

  for (const member of DEMO_MEMBERS) {
    const at = nowMs - member.joinedDaysAgo * DAY - (1 + spread(member.username, 10)) * HOUR;
    joinedAt.set(member.username, at);
    schedule(at, () => joinCommunity(member, at, member === admin ? adminEmail : member.email, member === admin ? adminPasswordHash : memberPasswordHash));
  }
  async function joinCommunity(member: DemoMember, at: number, email: string | undefined, password: string) {
    if (!email) throw new Error(`The demo member ${member.username} has no e-mail`);
    const user = await createUserRecord({
      email,
      password,
      username: member.username,
      firstName: member.firstName,
      lastName: member.lastName,
      displayName: member.displayName,
      city: member.city ?? null,
      state: member.state ?? null,
      skillLevel: member.skillLevel,
      role: member.role ?? "member",
      bio: member.bio,
      interests: member.interests,
      joinedAt: new Date(at),
      createdAt: new Date(at),
      updatedAt: new Date(at),
      // The demo members (the demo admin included) have verified addresses.
      emailVerifiedAt: new Date(at),
    });
    userIds.set(member.username, user.id);
    actors.set(member.username, toCurrentUser(user));
    // Made-up addresses: no notification e-mail is ever queued for them.
    for (const kind of Object.keys(notificationMailKinds) as NotificationMailKind[]) await setMailPreference(user.id, kind, false);
  }

  for (const member of DEMO_MEMBERS) {
    if (!member.isSupporter) continue;
    const from = joined(member.username);
    const at = clampPast(from + Math.floor((nowMs - from) / 2));
    schedule(at, () => grantSupporterBadge(actor(admin.username), userId(member.username), new Date(at)));
  }

  /* ---- discussions ---- */
  const categoryIds = new Map((await db.select().from(schema.categories)).map((category) => [category.name, category.id]));
  for (const post of DEMO_POSTS) {
    const categoryId = categoryIds.get(post.category);
    if (categoryId === undefined) throw new Error(`Unknown category ${post.category}`);
    const postAt = clampPast(Math.max(nowMs - post.daysAgo * DAY - (1 + spread(post.title, 12)) * HOUR, joined(post.by) + HOUR));
    let postId = 0;
    schedule(postAt, async () => {
      const created = await createPost({ actor: actor(post.by), input: { title: post.title, content: post.paragraphs.join("\n\n"), categoryId }, now: new Date(postAt) });
      postId = created.id;
      if (post.isPinned) await setPostPinned({ actor: actor(admin.username), postId, isPinned: true });
    });

    const scheduleReplies = (replies: readonly DemoReply[], after: number, parent: () => number | undefined) => {
      for (const reply of replies) {
        const at = clampPast(Math.max(after + reply.afterHours * HOUR + spread(reply.text, 50) * MINUTE, joined(reply.by) + HOUR));
        let replyId = 0;
        schedule(at, async () => {
          const created = await createReply({ actor: actor(reply.by), postId, input: { content: reply.text, parentReplyId: parent() }, now: new Date(at) });
          replyId = created.id;
        });
        scheduleReplies(reply.replies ?? [], at, () => replyId);
      }
    };
    scheduleReplies(post.replies, postAt, () => undefined);

    post.likedBy.forEach((username, index) => {
      const from = Math.max(postAt, joined(username));
      const at = clampPast(between(from, nowMs, index, post.likedBy.length));
      schedule(at, () => likePost({ actor: actor(username), postId, now: new Date(at) }));
    });
  }

  /* ---- meetings: the weekly Thursday slot ---- */
  const firstUpcoming = nextThursdayEvening(nowMs);
  for (const meeting of DEMO_MEETINGS) {
    const scheduledAt = firstUpcoming + meeting.weeksFromNow * 7 * DAY;
    const createdAt = Math.min(scheduledAt - 10 * DAY, nowMs - DAY);
    const zoomId = String(81_234_567_890 + spread(meeting.title, 9_000_000) * 1_009);
    let meetingId = 0;
    schedule(createdAt, async () => {
      const input = parseMeetingJson(
        {
          title: meeting.title,
          description: meeting.description,
          scheduledAt: new Date(scheduledAt).toISOString(),
          duration: meeting.duration,
          joinZoomUrl: `https://zoom.us/j/${zoomId}`,
          registrationZoomUrl: meeting.registrationRequired ? `https://zoom.us/meeting/register/${zoomId}` : null,
          replayZoomUrl: meeting.replayVideoId ? `https://www.youtube.com/watch?v=${meeting.replayVideoId}` : null,
          registrationRequired: meeting.registrationRequired,
        },
        { isCreate: true },
      );
      meetingId = (await createMeetings({ actor: actor(admin.username), input, now: new Date(createdAt) }))[0].id;
    });
    meeting.registered.forEach((username, index) => {
      const from = Math.max(joined(username), createdAt) + HOUR;
      const at = between(from, Math.min(scheduledAt - HOUR, nowMs - MINUTE), index, meeting.registered.length);
      schedule(at, () => registerForMeeting({ userId: userId(username), meetingId, now: new Date(at) }));
    });
    (meeting.attended ?? []).forEach((username, index) => {
      const at = scheduledAt + (index % 5) * MINUTE;
      schedule(at, () => joinMeeting({ userId: userId(username), meetingId, now: new Date(at) }));
    });
  }

  /* ---- resources ---- */
  for (const resource of DEMO_RESOURCES) {
    const createdAt = clampPast(Math.max(nowMs - resource.daysAgo * DAY - (1 + spread(resource.title, 20)) * HOUR, joined(resource.by) + HOUR));
    let resourceId = 0;
    schedule(createdAt, async () => {
      const { by, daysAgo: _daysAgo, ratings: _ratings, ...input } = resource;
      resourceId = (await createResource({ actor: actor(by), input, now: new Date(createdAt) })).id;
    });
    const ratings = Object.entries(resource.ratings) as [DemoUsername, number][];
    ratings.forEach(([username, rating], index) => {
      const at = clampPast(between(Math.max(createdAt, joined(username)), nowMs, index, ratings.length));
      schedule(at, () => rateResource({ userId: userId(username), resourceId, input: { rating }, now: new Date(at) }));
    });
  }

  /* ---- AI music artists ---- */
  for (const artist of DEMO_ARTISTS) {
    const createdAt = nowMs - artist.daysAgo * DAY - (1 + spread(artist.name, 20)) * HOUR;
    let artistId = 0;
    schedule(createdAt, async () => {
      artistId = (
        await createArtist({
          actor: actor(admin.username),
          input: {
            name: artist.name,
            description: artist.description,
            genre: artist.genre,
            latestTrack: artist.latestTrack,
            spotifyUrl: artist.spotify,
            youtubeUrl: artist.youtube,
            appleMusicUrl: artist.appleMusic,
            featured: artist.featured ?? false,
          },
          now: new Date(createdAt),
        })
      ).id;
      // Plays counted on the streaming platforms before the artist was listed (no action here makes them).
      await write((tx) => tx.update(schema.musicArtists).set({ playCount: artist.playCount }).where(eq(schema.musicArtists.id, artistId)));
    });
    const ratings = Object.entries(artist.ratings) as [DemoUsername, number][];
    ratings.forEach(([username, rating], index) => {
      const at = clampPast(between(Math.max(createdAt, joined(username)), nowMs, index, ratings.length));
      schedule(at, () => rateArtist({ userId: userId(username), artistId, input: { rating }, now: new Date(at) }));
    });
    for (const entry of artist.comments) {
      const at = clampPast(
        Math.max(nowMs - entry.daysAgo * DAY - (1 + spread(entry.comment, 12)) * HOUR, createdAt + HOUR, joined(entry.by) + HOUR),
      );
      schedule(at, () => addComment({ userId: userId(entry.by), artistId, input: { comment: entry.comment }, now: new Date(at) }));
    }
  }

  /* ---- the replay, oldest first (a parent before its child at the same moment) ---- */
  actions.sort((a, b) => a.at - b.at || a.sequence - b.sequence);
  for (const action of actions) await action.run();

  /* ---- notifications: each member has read all but their newest few ---- */
  const notifications = (
    await db.select({ id: schema.notifications.id, userId: schema.notifications.userId, createdAt: schema.notifications.createdAt }).from(schema.notifications)
  ).sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id - a.id);
  const keptUnread = new Map<string, number>();
  for (const notification of notifications) {
    const kept = keptUnread.get(notification.userId) ?? 0;
    if (kept < UNREAD_NOTIFICATIONS_KEPT) {
      keptUnread.set(notification.userId, kept + 1);
      continue;
    }
    await markNotificationRead(notification.userId, notification.id, new Date(clampPast(notification.createdAt.getTime() + 2 * HOUR)));
  }
}
