// npm run seed:large [-- [path] [--small] [--force] [--now=ISO]]: a deterministic large community
// in a FRESH database file, for the benchmark (docs/performance.md).
//
//   full:    10,000 members, 100,000 posts, 300,000 replies (some threaded), ~300,000 likes,
//            2,000 meetings (past and upcoming), 5,000 resources, 1,000 artists with ratings and comments
//            and private conversations: 21 busy members in 150–300 each (one of the bench member's
//            500 messages long), the others in about one each
//   --small: the same community shape at 1/100 of the posts (1,000 posts, 3,000 replies), for the
//            "cost grows with the page, not the community" comparison
//
// The database path is the first argument, else DATABASE_URL (file:...), else data/large.db
// (data/small.db with --small). An existing non-empty database is refused unless --force.
// DATABASE_URL=postgres://… (and no path argument): the community is built in a scratch SQLite file
// (the same bulk load), then copied into that PostgreSQL database by `npm run db:copy`'s copier
// (scripts/lib/db-copy.ts: it must be empty, --force does not empty it), and the scratch file deleted.
// Every member shares ONE precomputed scrypt hash; the bench account is printed at the end.
// Counters (likesCount, repliesCount, attendeesCount, rating/reviewsCount) are exact, the
// points ledger and badges are built by the app's own recomputeAllBadges.
import { existsSync, mkdirSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type BetterSqlite3 from "better-sqlite3";
import { BENCH_EMAIL, BENCH_PASSWORD } from "./lib/app-server";
import { LONG_CONVERSATION_SUBJECT } from "./lib/large-community";

const args = process.argv.slice(2);
const flags = new Set(args.filter((arg) => arg.startsWith("--")).map((arg) => arg.split("=")[0]));
const small = flags.has("--small");
const force = flags.has("--force");
const nowArg = args.find((arg) => arg.startsWith("--now="))?.slice("--now=".length);
const positional = args.find((arg) => !arg.startsWith("--"));

const defaultPath = small ? "data/small.db" : "data/large.db";
/** PostgreSQL: the database the community is copied into once built in a scratch SQLite file. */
const postgresUrl =
  !positional && !process.env.SEED_LARGE_IGNORE_ENV && /^\s*postgres(?:ql)?:\/\//i.test(process.env.DATABASE_URL ?? "") ? process.env.DATABASE_URL : undefined;
const scratchDirectory = postgresUrl ? mkdtempSync(path.join(tmpdir(), "quads-seed-large-")) : undefined;
const dbPath = path.resolve(
  scratchDirectory
    ? path.join(scratchDirectory, "seed.db")
    : (positional ?? (process.env.DATABASE_URL?.startsWith("file:") && !process.env.SEED_LARGE_IGNORE_ENV ? process.env.DATABASE_URL.slice(5) : defaultPath)),
);
// The app's data layer (recomputeAllBadges below) works on the scratch file: its engine is fixed by
// DATABASE_URL when db.server.ts is first imported, so the app modules are imported after this.
if (scratchDirectory) process.env.DATABASE_URL = `file:${dbPath}`;
const { hashPassword } = await import("../app/features/auth/password.server");
const { recomputeAllBadges } = await import("../app/features/gamification/recompute.server");
const { closeDb, openDatabase, setDbForTesting } = await import("../app/utils/db.server");
const { insertReferenceData } = await import("../app/features/settings/reference-data.server");

const DAY = 86_400_000;
// Deterministic: the content depends only on the scale and the day (start of the UTC day by default).
const now = nowArg ? new Date(nowArg).getTime() : Math.floor(Date.now() / DAY) * DAY;

const scale = small
  ? { members: 1_000, posts: 1_000, replies: 3_000, fiftyReplyPosts: 20, meetings: 2_000, resources: 5_000, artists: 1_000 }
  : { members: 10_000, posts: 100_000, replies: 300_000, fiftyReplyPosts: 200, meetings: 2_000, resources: 5_000, artists: 1_000 };

/* ------------------------------------------------------------------------------------------ */

function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  return { next, int, pick };
}

const random = createRandom(small ? 0x51a11 : 0x1a26e);

const FIRST = ["Ada", "Alan", "Grace", "Linus", "Margaret", "Dennis", "Barbara", "Ken", "Frances", "John", "Radia", "Tim", "Karen", "Guido", "Hedy", "Yann", "Fei-Fei", "Geoffrey", "Andrew", "Daphne", "Sam", "Noor", "Priya", "Mateo", "Aiko", "Kwame", "Lena", "Omar", "Sofia", "Ravi"];
const LAST = ["Lovelace", "Turing", "Hopper", "Torvalds", "Hamilton", "Ritchie", "Liskov", "Thompson", "Allen", "McCarthy", "Perlman", "Berners-Lee", "Sparck", "Rossum", "Lamarr", "LeCun", "Li", "Hinton", "Ng", "Koller", "Okafor", "Haddad", "Iyer", "Garcia", "Tanaka", "Mensah", "Fischer", "Nasser", "Rossi", "Patel"];
const CITIES: [string, string][] = [["Oakland", "CA"], ["Austin", "TX"], ["Seattle", "WA"], ["Denver", "CO"], ["Boston", "MA"], ["Chicago", "IL"], ["Portland", "OR"], ["Miami", "FL"]];
const INTERESTS = ["Large Language Models", "Prompt Engineering", "AI Ethics", "Generative Music", "Computer Vision", "Robotics", "Community Building", "MLOps"];
const SKILLS = ["beginner", "intermediate", "expert"] as const;
const TOPICS = ["prompt", "model", "agent", "dataset", "fine-tuning", "embedding", "diffusion", "transformer", "benchmark", "workflow", "music", "ethics", "vision", "robot", "context window", "evaluation"];
const WORDS = "the a to of and in for with on how why what my your our this that new best first better local open small large fast quick simple real weekly question idea tip trick guide review result test run build share learn try use train tune write read".split(" ");

function sentence(words: number): string {
  const parts: string[] = [];
  for (let i = 0; i < words; i++) parts.push(i % 6 === 3 ? random.pick(TOPICS) : random.pick(WORDS));
  const text = parts.join(" ");
  return text[0].toUpperCase() + text.slice(1) + ".";
}

function uuid(): string {
  const hex = () => Math.floor(random.next() * 0x100000000).toString(16).padStart(8, "0");
  const h = hex() + hex() + hex() + hex();
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-4${h.slice(13, 16)}-a${h.slice(17, 20)}-${h.slice(20, 32)}`;
}

/**
 * Private conversations (docs/messages.md, decision 0111), as the app writes them: the bench member
 * and the busy members (members 1–20; 1–5 with --small) in 150–300 conversations each, the other
 * members in about one each; most threads are short, one in 25 of the busy members' runs to
 * 100–400 messages, and the bench member's first is exactly 500 messages long. A conversation's
 * `last_message_*` and each participant's read mark are what sending would have left (about one in
 * eight of the bench member's conversations unread).
 */
function seedConversations(sqlite: BetterSqlite3.Database, userIds: string[]): { conversations: number; messages: number } {
  const insertConversation = sqlite.prepare(`INSERT INTO conversations (id, subject, created_by, created_at, last_message_id, last_message_at) VALUES (?, ?, ?, ?, ?, ?)`);
  const insertParticipant = sqlite.prepare(`INSERT INTO conversation_participants (conversation_id, user_id, last_read_message_id, created_at) VALUES (?, ?, ?, ?)`);
  const insertMessage = sqlite.prepare(`INSERT INTO messages (id, conversation_id, author_id, content, created_at) VALUES (?, ?, ?, ?, ?)`);
  const busyMembers = small ? 5 : 20;
  let conversationId = 0;
  let messageId = 0;
  const write = (starter: number, length: number, subject: string | null) => {
    conversationId += 1;
    const members = new Set([starter]);
    const size = conversationId % 10 === 0 ? random.int(3, 4) : 2;
    while (members.size < size) members.add(random.int(0, userIds.length - 1));
    const people = [...members];
    // Started 1–365 days ago; the messages follow each other by 1 minute to 6 hours, never after now.
    const startedAt = now - random.int(1, 365) * DAY + random.int(0, DAY - 1);
    const gaps = Array.from({ length: length - 1 }, () => random.int(60_000, 6 * 3_600_000));
    const span = gaps.reduce((total, gap) => total + gap, 0);
    let at = Math.min(startedAt, now - 60_000 - span);
    const firstId = messageId + 1;
    const lastId = messageId + length;
    insertConversation.run(conversationId, subject, userIds[starter], at, lastId, at + span);
    const authors: number[] = [];
    const times: number[] = [];
    for (let m = 0; m < length; m++) {
      if (m > 0) at += gaps[m - 1];
      authors.push(m === 0 ? starter : random.pick(people));
      times.push(at);
    }
    for (const person of people) {
      // Read up to the end, except now and then the newest message (unread) for someone who did not write it.
      const isUnread = authors[length - 1] !== person && random.next() < 0.125;
      insertParticipant.run(conversationId, userIds[person], isUnread ? lastId - 1 : lastId, startedAt);
    }
    for (let m = 0; m < length; m++) {
      const text = m % 7 === 3 ? `${sentence(random.int(6, 20))}\n\n**${random.pick(TOPICS)}**: ${sentence(random.int(4, 12))}` : sentence(random.int(4, 40));
      insertMessage.run(firstId + m, conversationId, userIds[authors[m]], text, times[m]);
    }
    messageId = lastId;
  };
  write(0, 500, LONG_CONVERSATION_SUBJECT);
  for (let member = 0; member <= busyMembers; member++) {
    const many = member === 0 ? 300 : random.int(150, 250);
    for (let c = 0; c < many; c++) write(member, c % 25 === 24 ? random.int(100, 400) : random.int(1, 12), c % 3 === 0 ? sentence(random.int(2, 6)) : null);
  }
  // Everyone else: about one conversation each, with someone at random.
  for (let member = busyMembers + 1; member < userIds.length; member++) write(member, random.int(1, 12), member % 3 === 0 ? sentence(random.int(2, 6)) : null);
  return { conversations: conversationId, messages: messageId };
}

/* ------------------------------------------------------------------------------------------ */

async function main() {
  if (existsSync(dbPath) && statSync(dbPath).size > 0) {
    if (!force) {
      console.error(`${dbPath} exists and is not empty: pass --force to replace it.`);
      process.exit(1);
    }
  }
  for (const suffix of ["", "-wal", "-shm"]) rmSync(dbPath + suffix, { force: true });
  mkdirSync(path.dirname(dbPath), { recursive: true });

  const t0 = Date.now();
  const lap = (label: string) => console.log(`  ${label.padEnd(34)} ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  console.log(`Seeding a ${small ? "small" : "large"} community into ${dbPath}`);

  const passwordHash = await hashPassword(BENCH_PASSWORD);
  const db = openDatabase(dbPath);
  const sqlite = db.$client;
  await insertReferenceData(db, { communityName: "Quads" });
  sqlite.pragma("synchronous = OFF");
  sqlite.pragma("cache_size = -200000");
  sqlite.pragma("temp_store = MEMORY");
  lap("migrations and reference data");

  const categoryIds = (sqlite.prepare("SELECT id FROM categories ORDER BY id").all() as { id: number }[]).map((row) => row.id);

  // Bulk insert with the FTS triggers off; the index is rebuilt once at the end (same content).
  const ftsTriggers = sqlite
    .prepare("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'posts' AND name LIKE 'posts_fts_%'")
    .all() as { name: string; sql: string }[];

  const run = sqlite.transaction(() => {
    for (const trigger of ftsTriggers) sqlite.exec(`DROP TRIGGER ${trigger.name}`);

    /* Members ------------------------------------------------------------------------------ */
    const insertUser = sqlite.prepare(
      `INSERT INTO users (id, email, username, password, first_name, last_name, display_name, city, state, skill_level, role, points, bio, interests, joined_at, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?)`,
    );
    const userIds: string[] = [];
    const memberSince = now - 3 * 365 * DAY;
    for (let i = 0; i < scale.members; i++) {
      const id = uuid();
      const first = random.pick(FIRST);
      const last = random.pick(LAST);
      const [city, state] = random.pick(CITIES);
      const joined = i === 0 ? memberSince : memberSince + Math.floor((i / scale.members) * 2.5 * 365 * DAY) + random.int(0, DAY);
      const email = i === 0 ? BENCH_EMAIL : `member${i}@large.example`;
      const role = i === 1 ? "admin" : i % 500 === 2 ? "moderator" : "member";
      const interests = JSON.stringify([random.pick(INTERESTS), random.pick(INTERESTS)].filter((v, k, a) => a.indexOf(v) === k));
      // Usernames are unique (docs/discussions.md, "Usernames and mentions"): "bench", then member1, member2…
      insertUser.run(id, email, i === 0 ? "bench" : `member${i}`, passwordHash, i === 0 ? "Bench" : first, i === 0 ? "Member" : last, i === 0 ? "Bench Member" : `${first} ${last}`, city, state, random.pick(SKILLS), role, i % 3 === 0 ? sentence(12) : null, interests, joined, joined, joined);
      userIds.push(id);
    }
    const userJoined = (index: number) => memberSince + Math.floor((index / scale.members) * 2.5 * 365 * DAY) + DAY;
    // An author who had joined by `at` (members joined in index order).
    const authorBefore = (at: number) => {
      const maxIndex = Math.min(scale.members - 1, Math.max(0, Math.floor(((at - memberSince - DAY) / (2.5 * 365 * DAY)) * scale.members)));
      return random.int(0, maxIndex);
    };
    lap(`${scale.members} members`);

    /* Posts ---------------------------------------------------------------------------------- */
    const insertPost = sqlite.prepare(
      `INSERT INTO posts (id, title, content, author_id, category_id, likes_count, replies_count, is_pinned, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const replyCounts = new Uint16Array(scale.posts);
    const fiftyEvery = Math.floor(scale.posts / scale.fiftyReplyPosts);
    const isFifty = (index: number) => index % fiftyEvery === fiftyEvery - 1;
    let remaining = scale.replies;
    for (let p = 0; p < scale.posts; p++) if (isFifty(p)) { replyCounts[p] = 50; remaining -= 50; }
    while (remaining > 0) {
      const p = random.int(0, scale.posts - 1);
      if (isFifty(p)) continue;
      replyCounts[p]++;
      remaining--;
    }
    const postStart = now - 2 * 365 * DAY;
    const postSpan = 2 * 365 * DAY - 2 * DAY;
    const postTimes = new Float64Array(scale.posts);
    const postAuthors = new Uint32Array(scale.posts);
    const likeCounts = new Uint16Array(scale.posts);
    let totalLikes = 0;
    for (let p = 0; p < scale.posts; p++) {
      const at = postStart + Math.floor((p / scale.posts) * postSpan) + random.int(0, 60_000);
      const author = p < 50 ? 0 : authorBefore(at);
      const likes = Math.min(scale.members - 1, Math.floor(random.next() ** 3 * 12) + (isFifty(p) ? 20 : 0));
      const title = `${random.pick(["How do you", "Question about", "Show & tell:", "Tips for", "Why does", "My take on", "Weekly thread:"])} ${sentence(random.int(3, 7)).slice(0, -1)}`;
      const paragraphs = random.int(1, 3);
      const content = Array.from({ length: paragraphs }, () => sentence(random.int(12, 30))).join("\n\n") + (p % 7 === 0 ? "\n\n- **bold** point\n- `code` point" : "");
      insertPost.run(p + 1, title, content, userIds[author], random.pick(categoryIds), likes, replyCounts[p], p % 25_000 === 24_999 ? 1 : 0, at, at);
      postTimes[p] = at;
      postAuthors[p] = author;
      likeCounts[p] = likes;
      totalLikes += likes;
    }
    lap(`${scale.posts} posts`);

    /* Replies (exact repliesCount; ~25% answer an earlier reply of the same post) ------------- */
    const insertReply = sqlite.prepare(
      `INSERT INTO replies (id, content, post_id, author_id, parent_reply_id, likes_count, created_at) VALUES (?, ?, ?, ?, ?, 0, ?)`,
    );
    let replyId = 0;
    const replyTexts = Array.from({ length: 500 }, () => sentence(random.int(6, 30)));
    for (let p = 0; p < scale.posts; p++) {
      const count = replyCounts[p];
      const firstId = replyId + 1;
      let at = postTimes[p];
      for (let k = 0; k < count; k++) {
        replyId++;
        at = Math.min(now - 1000, at + random.int(60_000, 6 * 3_600_000));
        const parent = k > 0 && random.next() < 0.25 ? random.int(firstId, replyId - 1) : null;
        insertReply.run(replyId, random.pick(replyTexts), p + 1, userIds[authorBefore(at)], parent, at);
      }
    }
    lap(`${replyId} replies`);

    /* Likes (exact likesCount; distinct likers per post) ------------------------------------ */
    const insertLike = sqlite.prepare(`INSERT INTO post_likes (post_id, user_id, created_at) VALUES (?, ?, ?)`);
    for (let p = 0; p < scale.posts; p++) {
      const likes = likeCounts[p];
      if (likes === 0) continue;
      const chosen = new Set<number>();
      while (chosen.size < likes) chosen.add(random.int(1, scale.members - 1));
      for (const liker of chosen) insertLike.run(p + 1, userIds[liker], Math.min(now - 1000, postTimes[p] + random.int(60_000, 3 * DAY)));
    }
    lap(`${totalLikes} likes`);

    /* Meetings: weekly-ish, 3/4 in the past (attended), 1/4 upcoming (registered) ----------- */
    const insertMeeting = sqlite.prepare(
      `INSERT INTO meetings (id, title, description, scheduled_at, duration, join_zoom_url, registration_zoom_url, replay_zoom_url, host_id, attendees_count, is_recorded, recording_url, registration_required, created_at)
       VALUES (?, ?, ?, ?, 60, ?, ?, ?, ?, ?, ?, ?, 1, ?)`,
    );
    const insertAttendee = sqlite.prepare(`INSERT INTO meeting_attendees (meeting_id, user_id, registered_at, attended) VALUES (?, ?, ?, ?)`);
    const pastMeetings = Math.floor(scale.meetings * 0.75);
    let attendeeRows = 0;
    for (let m = 0; m < scale.meetings; m++) {
      // Past ones every ~12 hours back from now, upcoming ones every ~8 hours ahead.
      const scheduled = m < pastMeetings ? now - (pastMeetings - m) * 12 * 3_600_000 + 18 * 3_600_000 : now + (m - pastMeetings + 1) * 8 * 3_600_000;
      const past = scheduled < now;
      const attendees = random.int(0, past ? 40 : 15) + (m === pastMeetings ? 30 : 0);
      const chosen = new Set<number>();
      while (chosen.size < attendees) chosen.add(random.int(0, scale.members - 1));
      const created = Math.min(now - DAY, scheduled - 14 * DAY);
      insertMeeting.run(m + 1, `${random.pick(["Weekly AI Meetup", "Prompt Clinic", "Model Show & Tell", "AI Music Jam", "Ethics Roundtable"])} #${m + 1}`, sentence(20), scheduled, `https://zoom.us/j/${100000 + m}`, `https://zoom.us/meeting/register/${100000 + m}`, past ? `https://zoom.us/rec/${100000 + m}` : null, userIds[1], attendees, past && m % 3 === 0 ? 1 : 0, past && m % 3 === 0 ? `https://zoom.us/rec/play/${m}` : null, created);
      for (const user of chosen) insertAttendee.run(m + 1, userIds[user], Math.min(now - 1000, created + random.int(0, 10 * DAY)), past ? 1 : 0);
      attendeeRows += attendees;
    }
    lap(`${scale.meetings} meetings, ${attendeeRows} attendees`);

    /* Resources with ratings (exact rating = avg, reviewsCount) ------------------------------ */
    const insertResource = sqlite.prepare(
      `INSERT INTO resources (id, title, description, url, resource_type, difficulty, tags, submitted_by, rating, reviews_count, pricing_category, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, 0, 0, ?, ?)`,
    );
    const insertResourceRating = sqlite.prepare(`INSERT INTO resource_ratings (resource_id, user_id, rating, created_at) VALUES (?, ?, ?, ?)`);
    const types = ["tool", "article", "video", "course", "website", "channel", "book"];
    const levels = ["beginner", "intermediate", "advanced"];
    const pricing = ["free", "freemium", "paid", "subscription"];
    let ratingRows = 0;
    for (let r = 0; r < scale.resources; r++) {
      const created = now - 2 * 365 * DAY + Math.floor((r / scale.resources) * 2 * 365 * DAY);
      insertResource.run(r + 1, `${random.pick(["Intro to", "Deep dive:", "Hands-on", "The guide to", "Awesome"])} ${random.pick(TOPICS)} ${r + 1}`, sentence(18), `https://example.com/resources/${r + 1}`, random.pick(types), random.pick(levels), JSON.stringify([random.pick(TOPICS), random.pick(TOPICS)].filter((v, k, a) => a.indexOf(v) === k)), userIds[authorBefore(created)], random.pick(pricing), created);
      const ratings = random.int(0, 8);
      const chosen = new Set<number>();
      while (chosen.size < ratings) chosen.add(random.int(0, scale.members - 1));
      for (const user of chosen) insertResourceRating.run(r + 1, userIds[user], random.int(1, 5), Math.min(now - 1000, created + random.int(0, 30 * DAY)));
      ratingRows += ratings;
    }
    sqlite.exec(
      `UPDATE resources SET rating = coalesce((SELECT avg(rating) FROM resource_ratings rr WHERE rr.resource_id = resources.id), 0),
                            reviews_count = (SELECT count(*) FROM resource_ratings rr WHERE rr.resource_id = resources.id)`,
    );
    lap(`${scale.resources} resources, ${ratingRows} ratings`);

    /* Artists with ratings and comments ------------------------------------------------------- */
    const insertArtist = sqlite.prepare(
      `INSERT INTO music_artists (id, name, description, genre, latest_track, play_count, spotify_url, youtube_url, featured, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const insertArtistRating = sqlite.prepare(`INSERT INTO artist_ratings (artist_id, user_id, rating, created_at) VALUES (?, ?, ?, ?)`);
    const insertArtistComment = sqlite.prepare(`INSERT INTO artist_comments (artist_id, user_id, comment, is_hidden, created_at) VALUES (?, ?, ?, ?, ?)`);
    const genres = ["Synthwave", "Lo-fi", "Ambient", "Electronic", "Orchestral", "Hip-hop", "Pop", "Jazz"];
    let artistRatings = 0;
    let artistComments = 0;
    for (let a = 0; a < scale.artists; a++) {
      const created = now - 365 * DAY + Math.floor((a / scale.artists) * 360 * DAY);
      insertArtist.run(a + 1, `${random.pick(["Neural", "Latent", "Synthetic", "Deep", "Quantum", "Echo"])} ${random.pick(["Dreams", "Waves", "Pulse", "Garden", "Machine", "Choir"])} ${a + 1}`, sentence(16), random.pick(genres), sentence(3).slice(0, -1), random.int(0, 5000), `https://open.spotify.com/artist/${a + 1}`, `https://www.youtube.com/@artist${a + 1}`, a % 100 === 0 ? 1 : 0, created);
      const ratings = random.int(0, 10);
      const chosen = new Set<number>();
      while (chosen.size < ratings) chosen.add(random.int(0, scale.members - 1));
      for (const user of chosen) insertArtistRating.run(a + 1, userIds[user], random.int(1, 5), Math.min(now - 1000, created + random.int(0, 30 * DAY)));
      artistRatings += ratings;
      const comments = random.int(0, 5);
      for (let c = 0; c < comments; c++) {
        insertArtistComment.run(a + 1, userIds[random.int(0, scale.members - 1)], sentence(random.int(5, 20)), c === 4 ? 1 : 0, Math.min(now - 1000, created + random.int(0, 60 * DAY)));
      }
      artistComments += comments;
    }
    lap(`${scale.artists} artists, ${artistRatings} ratings, ${artistComments} comments`);

    /* A few notifications for the bench member (some unread), so the header count is real. ------ */
    const insertNotification = sqlite.prepare(`INSERT INTO notifications (user_id, actor_id, kind, message, link, read_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)`);
    for (let n = 0; n < 30; n++) {
      const at = now - (30 - n) * 3_600_000;
      insertNotification.run(userIds[0], userIds[n + 2], "reply", `${FIRST[n % FIRST.length]} replied to your post`, `/post/${n + 1}`, n < 20 ? at + 60_000 : null, at);
    }
    sqlite.prepare("UPDATE users SET discussions_seen_at = ? WHERE id = ?").run(now - 2 * DAY, userIds[0]);
    void userJoined;

    /* Private conversations (docs/messages.md): busy members with hundreds of them, long threads. -- */
    const conversationCounts = seedConversations(sqlite, userIds);
    lap(`${conversationCounts.conversations} conversations, ${conversationCounts.messages} messages`);

    /* Full-text index: rebuilt once from posts, then the triggers are back. ------------------------ */
    sqlite.exec("INSERT INTO posts_fts(posts_fts) VALUES('rebuild')");
    for (const trigger of ftsTriggers) sqlite.exec(trigger.sql);
    lap("search index rebuilt");
  });
  run.immediate();

  // The rebuild is a unit of work of the app's data layer: pointed at this file's connection.
  setDbForTesting(db);
  const summary = await recomputeAllBadges({ onEarned: null });
  lap(`ledger: ${summary.contributionsAdded} contributions, ${summary.badgesEarned} badges`);

  sqlite.exec("ANALYZE");
  sqlite.pragma("wal_checkpoint(TRUNCATE)");
  await closeDb();
  lap("analyze and checkpoint");

  console.log(
    [
      "",
      `Done in ${((Date.now() - t0) / 1000).toFixed(1)} s: ${dbPath}`,
      "  Every seeded member's password is the bench password. Sign in as the bench member:",
      `    e-mail:   ${BENCH_EMAIL}`,
      `    password: ${BENCH_PASSWORD}`,
      `  (admin: member1@large.example, same password)`,
      "",
    ].join("\n"),
  );
}

/** PostgreSQL: the scratch file copied into the database DATABASE_URL names (it must be empty), then deleted. */
async function copyToPostgres(url: string) {
  const { copyDatabase, openCopyEndpoint } = await import("./lib/db-copy");
  const source = await openCopyEndpoint(`file:${dbPath}`, { mustExist: true });
  try {
    const target = await openCopyEndpoint(url, { mustExist: false });
    try {
      console.log(`Copying it into ${target.label} (PostgreSQL)…`);
      const result = await copyDatabase({ source, target });
      const differences = result.comparison.filter((line) => !line.isEqual).map((line) => `${line.label}: ${line.source} → ${line.target}`);
      if (!result.isEqual) throw new Error(`The copy does not match the seeded file: ${[...differences, ...result.integrityProblems].join("; ")}`);
      console.log(`Copied ${result.rowsCopied.toLocaleString("en")} rows in ${(result.durationMs / 1000).toFixed(1)} s; both sides match: ${target.label}`);
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}

try {
  await main();
  if (postgresUrl) await copyToPostgres(postgresUrl);
} catch (error) {
  // The copier's refusal of a database that holds a community already: one line.
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
} finally {
  if (scratchDirectory) rmSync(scratchDirectory, { recursive: true, force: true });
}
