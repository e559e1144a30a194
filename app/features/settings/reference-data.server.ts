/**
 * The reference data every Quads install needs: the discussion categories, the ten badges of
 * docs/gamification.md, the footer row and the ten platform-setting rows. Seeded at every start
 * (app/startup.server.ts) and idempotent: it only inserts what is missing and never touches
 * rows an admin may have edited.
 */
import { count } from "drizzle-orm";
import type { badgeTypes } from "../../../db/enums";
import { schema, write, type AppDatabase } from "~/utils/db.server";
import { defaultFooter } from "./settings";

type BadgeType = (typeof badgeTypes)[number];

export const REFERENCE_CATEGORIES: ReadonlyArray<{
  name: string;
  description: string;
  colorClass: string;
  iconClass: string;
}> = [
  {
    name: "General Discussion",
    description: "Introductions, questions and anything AI that does not fit elsewhere.",
    colorClass: "bg-blue-100 text-blue-800",
    iconClass: "💬",
  },
  {
    name: "AI Tools & Apps",
    description: "Reviews, comparisons and tips for the AI tools and apps you use every day.",
    colorClass: "bg-green-100 text-green-800",
    iconClass: "🛠️",
  },
  {
    name: "Machine Learning",
    description: "Models, training, datasets and the maths behind them, from first steps to research.",
    colorClass: "bg-purple-100 text-purple-800",
    iconClass: "🧠",
  },
  {
    name: "Prompt Engineering",
    description: "Prompts that work, prompts that don't, and why.",
    colorClass: "bg-yellow-100 text-yellow-800",
    iconClass: "✍️",
  },
  {
    name: "AI Ethics",
    description: "Bias, privacy, safety, jobs and the societal questions AI raises.",
    colorClass: "bg-red-100 text-red-800",
    iconClass: "⚖️",
  },
  {
    name: "Show & Tell",
    description: "Share what you built, generated or learned and get feedback from the community.",
    colorClass: "bg-pink-100 text-pink-800",
    iconClass: "🎨",
  },
  {
    name: "AI Music",
    description: "Generative music, AI artists, production workflows and favourite tracks.",
    colorClass: "bg-indigo-100 text-indigo-800",
    iconClass: "🎵",
  },
];

export const REFERENCE_BADGES: ReadonlyArray<{
  name: string;
  type: BadgeType;
  pointsRequired: number;
  criteriaDescription: string;
  description: string;
  iconClass: string;
  colorClass: string;
  category: string;
}> = [
  {
    name: "Explorer",
    type: "explorer",
    pointsRequired: 0,
    criteriaDescription: "Automatic on joining",
    description: "Welcome aboard! You joined the community and started exploring.",
    iconClass: "🧭",
    colorClass: "bg-green-100 text-green-800",
    category: "Getting Started",
  },
  {
    name: "Discusser",
    type: "discusser",
    pointsRequired: 5,
    criteriaDescription: "Reply to 5 posts or comments",
    description: "You keep the conversation going by replying to fellow members.",
    iconClass: "💬",
    colorClass: "bg-blue-100 text-blue-800",
    category: "Community Participation",
  },
  {
    name: "Sharer",
    type: "sharer",
    pointsRequired: 3,
    criteriaDescription: "Create 3 posts or share resources",
    description: "You start discussions and share useful finds with the community.",
    iconClass: "📢",
    colorClass: "bg-purple-100 text-purple-800",
    category: "Content Creation",
  },
  {
    name: "Meeting Regular",
    type: "meeting_regular",
    pointsRequired: 10,
    criteriaDescription: "Attend 10 meetings",
    description: "A familiar face at our weekly live meetings.",
    iconClass: "📅",
    colorClass: "bg-orange-100 text-orange-800",
    category: "Community Engagement",
  },
  {
    name: "Supporter",
    type: "supporter",
    pointsRequired: 1,
    criteriaDescription: "Donate or become a patron",
    description: "Thank you for helping keep the community free for everyone.",
    iconClass: "💖",
    colorClass: "bg-pink-100 text-pink-800",
    category: "Community Support",
  },
  {
    name: "AI Innovator",
    type: "ai_innovator",
    pointsRequired: 50,
    criteriaDescription: "Contribute significantly to AI discussions",
    description: "Your ideas and insights push the community's thinking forward.",
    iconClass: "🚀",
    colorClass: "bg-indigo-100 text-indigo-800",
    category: "Expertise",
  },
  {
    name: "Community Helper",
    type: "community_helper",
    pointsRequired: 25,
    criteriaDescription: "Help 25 members",
    description: "You go out of your way to help other members learn and succeed.",
    iconClass: "🤝",
    colorClass: "bg-teal-100 text-teal-800",
    category: "Community Support",
  },
  {
    name: "Music Lover",
    type: "music_lover",
    pointsRequired: 5,
    criteriaDescription: "Interact with 5 artist tracks",
    description: "You listen to, rate and cheer on our AI music artists.",
    iconClass: "🎵",
    colorClass: "bg-rose-100 text-rose-800",
    category: "Entertainment",
  },
  {
    name: "Resource Guru",
    type: "resource_guru",
    pointsRequired: 10,
    criteriaDescription: "Share 10 resources",
    description: "Your curated tools, articles and courses help everyone learn faster.",
    iconClass: "📚",
    colorClass: "bg-yellow-100 text-yellow-800",
    category: "Knowledge Sharing",
  },
  {
    name: "Quads Master",
    type: "quads_master",
    pointsRequired: 500,
    criteriaDescription: "Excel across all activities",
    description: "The mastery badge: you question, understand, adapt, discover and share.",
    iconClass: "👑",
    colorClass: "bg-gradient-to-r from-slate-200 to-slate-400 text-slate-900",
    category: "Mastery",
  },
];

/**
 * Inserts the reference data that is missing, in one unit of work. Safe to run at every start:
 * - categories are seeded only while the categories table is empty (admins may rename or delete them);
 * - badges are inserted per type when that type is missing (existing rows are left untouched);
 * - the footer row is inserted only when there is none;
 * - the ten platform settings are inserted per platform when missing (url null, active).
 */
export async function seedReferenceData(options: { communityName: string }): Promise<void> {
  await write((tx) => insertReferenceData(tx, options));
}

/**
 * The statements of `seedReferenceData` on a given handle: a unit's `tx`, or a script's own
 * connection to a fresh file (scripts/seed-large.ts), which runs them one after another.
 */
export async function insertReferenceData(db: AppDatabase, { communityName }: { communityName: string }): Promise<void> {
  const [categories] = await db.select({ total: count() }).from(schema.categories);
  if ((categories?.total ?? 0) === 0) {
    await db
      .insert(schema.categories)
      .values(REFERENCE_CATEGORIES.map((category) => ({ ...category })))
      .onConflictDoNothing();
  }

  await db
    .insert(schema.badges)
    .values(REFERENCE_BADGES.map((badge) => ({ ...badge })))
    .onConflictDoNothing({ target: schema.badges.type });

  const [footers] = await db.select({ total: count() }).from(schema.footerSettings);
  if ((footers?.total ?? 0) === 0) await db.insert(schema.footerSettings).values(defaultFooter(communityName));

  await db
    .insert(schema.platformSettings)
    .values(schema.platforms.map((platform) => ({ platform, url: null, isActive: true })))
    .onConflictDoNothing({ target: schema.platformSettings.platform });
}
