/**
 * Seed data.
 *
 * - seedReferenceData: what every Quads install needs (discussion categories, the ten badges of
 *   docs/gamification.md, the footer row and the ten platform-setting rows). Idempotent: it only inserts
 *   what is missing and never touches rows an admin may have edited.
 * - seedDemoContent: a believable demo community (members, discussions, meetings, resources, AI
 *   music artists, badges progress, notifications) for a first start on an empty database.
 *   Deterministic: the same `now` gives the same content (apart from the random user ids).
 */
import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import type { AppDatabase } from "../app/utils/db.server";
import * as schema from "./schema";
import { defaultFooter } from "../app/features/settings/settings";
import { recomputeAllBadges } from "../app/features/gamification/recompute.server";
import { toEmbedUrl } from "../app/features/resources/embed";
import { pickUsername } from "../app/features/auth/usernames";

type BadgeType = (typeof schema.badgeTypes)[number];

/* ------------------------------------------------------------------------------------------ */
/* Reference data                                                                              */
/* ------------------------------------------------------------------------------------------ */

export const SEED_CATEGORIES: ReadonlyArray<{
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

export const SEED_BADGES: ReadonlyArray<{
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
 * Inserts the reference data that is missing. Safe to run at every start:
 * - categories are seeded only while the categories table is empty (admins may rename or delete them);
 * - badges are inserted per type when that type is missing (existing rows are left untouched);
 * - the footer row is inserted only when there is none;
 * - the ten platform settings are inserted per platform when missing (url null, active).
 */
export function seedReferenceData(db: AppDatabase, options: { communityName: string }): void {
  const { communityName } = options;
  db.$client
    .transaction(() => {
      const categoriesCount = db.select({ total: count() }).from(schema.categories).get()?.total ?? 0;
      if (categoriesCount === 0) {
        db.insert(schema.categories)
          .values(SEED_CATEGORIES.map((category) => ({ ...category })))
          .onConflictDoNothing()
          .run();
      }

      db.insert(schema.badges)
        .values(SEED_BADGES.map((badge) => ({ ...badge })))
        .onConflictDoNothing({ target: schema.badges.type })
        .run();

      const footerCount = db.select({ total: count() }).from(schema.footerSettings).get()?.total ?? 0;
      if (footerCount === 0) {
        db.insert(schema.footerSettings)
          .values(defaultFooter(communityName))
          .run();
      }

      db.insert(schema.platformSettings)
        .values(schema.platforms.map((platform) => ({ platform, url: null, isActive: true })))
        .onConflictDoNothing({ target: schema.platformSettings.platform })
        .run();
    })
    .immediate();
}

/* ------------------------------------------------------------------------------------------ */
/* Demo content                                                                                */
/* ------------------------------------------------------------------------------------------ */

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** A tiny seeded PRNG (mulberry32) so the demo content is the same on every install. */
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
  const shuffle = <T>(items: readonly T[]): T[] => {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(next() * (i + 1));
      [copy[i], copy[j]] = [copy[j], copy[i]];
    }
    return copy;
  };
  return { next, int, shuffle };
}

type SkillLevel = (typeof schema.skillLevels)[number];
type Role = (typeof schema.roles)[number];

interface DemoMember {
  firstName: string;
  lastName: string;
  displayName: string;
  skillLevel: SkillLevel;
  role?: Role;
  points: number;
  city?: string;
  state?: string;
  joinedDaysAgo: number;
  bio: string;
  interests: string[];
  earned: BadgeType[];
  inProgress?: Partial<Record<BadgeType, number>>;
}

const ADMIN_KEY = "admin";

const DEMO_ADMIN: Omit<DemoMember, "firstName" | "lastName" | "displayName"> = {
  skillLevel: "expert",
  role: "admin",
  points: 650,
  city: "Oakland",
  state: "CA",
  joinedDaysAgo: 305,
  bio: "Founder and community leader. I run the weekly meetings and love helping newcomers find their footing in AI. Ask me anything about LLMs, prompt design or getting started.",
  interests: ["Large Language Models", "Community Building", "Prompt Engineering", "AI Ethics", "Generative Music"],
  earned: [
    "discusser",
    "sharer",
    "meeting_regular",
    "supporter",
    "ai_innovator",
    "community_helper",
    "resource_guru",
    "quads_master",
  ],
  inProgress: { music_lover: 3 },
};

/** Members, keyed by their e-mail local part (firstname.lastname). */
const DEMO_MEMBERS: DemoMember[] = [
  {
    firstName: "Maya",
    lastName: "Chen",
    displayName: "Maya Chen",
    skillLevel: "expert",
    role: "moderator",
    points: 900,
    city: "San Francisco",
    state: "CA",
    joinedDaysAgo: 292,
    bio: "ML engineer working on retrieval and evaluation for LLM apps. Moderator here. I like turning research papers into things people can actually use.",
    interests: ["RAG", "LLM Evaluation", "Python", "Open Source", "Vector Databases", "Synthwave"],
    earned: [
      "discusser",
      "sharer",
      "meeting_regular",
      "ai_innovator",
      "community_helper",
      "resource_guru",
      "music_lover",
      "quads_master",
    ],
  },
  {
    firstName: "Jordan",
    lastName: "Okafor",
    displayName: "Jordan O.",
    skillLevel: "intermediate",
    points: 780,
    city: "Austin",
    state: "TX",
    joinedDaysAgo: 271,
    bio: "Product designer exploring how AI changes creative work. Never miss a Thursday meeting.",
    interests: ["Design Tools", "Image Generation", "UX for AI", "AI Music"],
    earned: ["discusser", "sharer", "meeting_regular", "supporter", "music_lover", "quads_master"],
    inProgress: { ai_innovator: 34, community_helper: 18 },
  },
  {
    firstName: "Priya",
    lastName: "Raman",
    displayName: "Priya R.",
    skillLevel: "expert",
    role: "moderator",
    points: 610,
    city: "Seattle",
    state: "WA",
    joinedDaysAgo: 252,
    bio: "Data scientist and part-time lecturer. Interested in fairness, interpretability and teaching ML without the jargon.",
    interests: ["Interpretability", "Fairness", "Teaching", "Statistics", "PyTorch"],
    earned: ["discusser", "sharer", "ai_innovator", "community_helper", "quads_master"],
    inProgress: { resource_guru: 7 },
  },
  {
    firstName: "Lucas",
    lastName: "Moreau",
    displayName: "Lucas Moreau",
    skillLevel: "intermediate",
    points: 540,
    joinedDaysAgo: 233,
    bio: "Backend developer building internal tools with LLM APIs. Always hunting for the cheapest model that is good enough.",
    interests: ["APIs", "Automation", "Local LLMs", "TypeScript"],
    earned: ["discusser", "sharer", "meeting_regular", "quads_master"],
    inProgress: { music_lover: 2 },
  },
  {
    firstName: "Sofia",
    lastName: "Alvarez",
    displayName: "Sofia Alvarez",
    skillLevel: "beginner",
    points: 420,
    city: "Miami",
    state: "FL",
    joinedDaysAgo: 211,
    bio: "Marketing manager who got hooked on ChatGPT and wants to understand what is going on under the hood.",
    interests: ["ChatGPT", "Content Creation", "Prompt Engineering"],
    earned: ["discusser", "sharer", "supporter"],
    inProgress: { meeting_regular: 6, quads_master: 420 },
  },
  {
    firstName: "Ethan",
    lastName: "Brooks",
    displayName: "Ethan Brooks",
    skillLevel: "intermediate",
    points: 310,
    city: "Denver",
    state: "CO",
    joinedDaysAgo: 188,
    bio: "Music producer experimenting with AI stems, voice models and generative ambient.",
    interests: ["AI Music", "Ambient", "Audio Plugins", "Suno", "Sound Design"],
    earned: ["discusser", "music_lover"],
    inProgress: { sharer: 2, resource_guru: 4 },
  },
  {
    firstName: "Aisha",
    lastName: "Karim",
    displayName: "Aisha K.",
    skillLevel: "expert",
    points: 240,
    city: "Chicago",
    state: "IL",
    joinedDaysAgo: 169,
    bio: "Computer vision researcher. I read too many arXiv papers and share the good ones.",
    interests: ["Computer Vision", "Diffusion Models", "Research Papers"],
    earned: ["sharer", "resource_guru"],
    inProgress: { discusser: 3, ai_innovator: 22 },
  },
  {
    firstName: "Daniel",
    lastName: "Kim",
    displayName: "Daniel Kim",
    skillLevel: "beginner",
    points: 180,
    joinedDaysAgo: 151,
    bio: "High-school teacher figuring out how to use AI in the classroom responsibly.",
    interests: ["Education", "AI Literacy"],
    earned: ["discusser"],
    inProgress: { meeting_regular: 5 },
  },
  {
    firstName: "Hannah",
    lastName: "Weber",
    displayName: "Hannah Weber",
    skillLevel: "intermediate",
    points: 120,
    city: "Portland",
    state: "OR",
    joinedDaysAgo: 128,
    bio: "Illustrator curious (and a little sceptical) about generative art. Here to learn and to argue politely.",
    interests: ["Digital Art", "Copyright", "Stable Diffusion", "Lo-fi"],
    earned: ["music_lover", "supporter"],
    inProgress: { discusser: 4 },
  },
  {
    firstName: "Marcus",
    lastName: "Johnson",
    displayName: "Marcus J.",
    skillLevel: "beginner",
    points: 75,
    city: "Atlanta",
    state: "GA",
    joinedDaysAgo: 109,
    bio: "Small business owner automating the boring parts of my week.",
    interests: ["Automation", "Productivity", "No-code"],
    earned: [],
    inProgress: { sharer: 1, discusser: 2 },
  },
  {
    firstName: "Elena",
    lastName: "Petrova",
    displayName: "Elena Petrova",
    skillLevel: "intermediate",
    points: 40,
    joinedDaysAgo: 92,
    bio: "Software tester learning how to evaluate and red-team LLM features.",
    interests: ["Testing", "AI Safety", "Evaluation", "Python"],
    earned: [],
    inProgress: { discusser: 1 },
  },
  {
    firstName: "Tomás",
    lastName: "Silva",
    displayName: "Tomás Silva",
    skillLevel: "beginner",
    points: 15,
    city: "Boston",
    state: "MA",
    joinedDaysAgo: 71,
    bio: "CS student. Trying to build my first neural network from scratch.",
    interests: ["Neural Networks", "Math", "Python"],
    earned: [],
    inProgress: { discusser: 1 },
  },
  {
    firstName: "Grace",
    lastName: "Liu",
    displayName: "Grace Liu",
    skillLevel: "beginner",
    points: 0,
    city: "New York",
    state: "NY",
    joinedDaysAgo: 26,
    bio: "Journalist covering technology. Lurking and learning for now!",
    interests: ["AI News"],
    earned: [],
  },
  {
    firstName: "Noah",
    lastName: "Patel",
    displayName: "Noah Patel",
    skillLevel: "beginner",
    points: 0,
    joinedDaysAgo: 9,
    bio: "Just joined. Interested in using AI for music and video editing.",
    interests: ["Video Editing", "AI Music"],
    earned: [],
  },
];

/** Member keys used by the content below. */
type MemberKey =
  | typeof ADMIN_KEY
  | "maya"
  | "jordan"
  | "priya"
  | "lucas"
  | "sofia"
  | "ethan"
  | "aisha"
  | "daniel"
  | "hannah"
  | "marcus"
  | "elena"
  | "tomas"
  | "grace"
  | "noah";

const memberKey = (member: DemoMember): MemberKey =>
  member.firstName
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z]/g, "") as MemberKey;

interface DemoReply {
  by: MemberKey;
  text: string;
  /** Index of another reply of the same post that this one answers. */
  parent?: number;
  /** Hours after the post (or after the parent reply). */
  afterHours: number;
}

interface DemoPost {
  title: string;
  category: string;
  by: MemberKey;
  daysAgo: number;
  pinned?: boolean;
  likes: number;
  paragraphs: string[];
  replies: DemoReply[];
}

const DEMO_POSTS: DemoPost[] = [
  {
    title: "Welcome to Quads! Start here 👋",
    category: "General Discussion",
    by: ADMIN_KEY,
    daysAgo: 58,
    pinned: true,
    likes: 13,
    paragraphs: [
      "Welcome to **Quads**, a community for AI enthusiasts of every level. Our mission fits in five words: **Question, Understand, Adapt, Discover, Share.**",
      "A few things to get you started:\n\n- Introduce yourself in this thread: who you are, what you are curious about and your skill level\n- Join our **weekly live meeting** every Thursday (see the Meetings page)\n- Browse the **AI Resource Library** for curated tools, courses and videos\n- Check **My Badges** to see what you can earn as you take part",
      "There are no silly questions here. Beginners and experts learn from each other, so please be kind, be curious and share what you know.",
    ],
    replies: [
      { by: "grace", text: "Hi all! Tech journalist here, mostly reading for now but excited to learn from everyone.", afterHours: 30 * 24 },
      { by: "admin", text: "Welcome Grace! Feel free to ask anything, and the Thursday roundup is a great place to start.", parent: 0, afterHours: 3 },
      { by: "tomas", text: "Hello from Boston 👋 CS student, currently fighting with backpropagation. Glad to be here.", afterHours: 20 },
      { by: "maya", text: "Welcome Tomás! Karpathy's micrograd video in the resource library made backprop click for me.", parent: 2, afterHours: 2 },
      { by: "noah", text: "Just joined this week. Mostly here for the AI music side of things!", afterHours: 50 * 24 },
    ],
  },
  {
    title: "Community guidelines and how badges work",
    category: "General Discussion",
    by: ADMIN_KEY,
    daysAgo: 57,
    pinned: true,
    likes: 9,
    paragraphs: [
      "To keep Quads a friendly place to learn, we ask everyone to follow a few simple guidelines:",
      "1. **Be respectful.** Disagree with ideas, never with people.\n2. **Share sources.** When you make a claim about a model or a paper, link it.\n3. **No spam or self-promotion** outside the Show & Tell category.\n4. **Protect privacy.** Don't post personal data, yours or anyone else's.",
      "Badges reward taking part: replying, sharing resources, attending meetings and supporting the community. The full list lives on the **How to Earn Badges** page. The rarest one is **Quads Master**, for those who excel across everything.",
    ],
    replies: [
      { by: "sofia", text: "Love that there's a badge for attending meetings. Great motivation to show up on Thursdays!", afterHours: 6 },
      { by: "hannah", text: "Thanks for the privacy rule. Could we also add a note about crediting artists when sharing AI art?", afterHours: 26 },
      { by: "admin", text: "Good idea Hannah, I'll add a line about attribution in Show & Tell.", parent: 1, afterHours: 4 },
    ],
  },
  {
    title: "Which local LLM runs best on a 16 GB laptop?",
    category: "AI Tools & Apps",
    by: "lucas",
    daysAgo: 55,
    likes: 8,
    paragraphs: [
      "I want to run a model locally for coding help and summarising notes, without sending anything to the cloud. My machine is a laptop with **16 GB RAM** and no dedicated GPU.",
      "So far I tried:\n\n- Llama 3 8B (Q4) via Ollama: usable, ~8 tokens/s\n- Mistral 7B (Q4): slightly faster, a bit worse at code\n- Phi-3 mini: very fast but loses the thread in long conversations",
      "What are you running? Any quantisation tips, or is there a sweet spot I'm missing?",
    ],
    replies: [
      { by: "maya", text: "For 16 GB I'd stick with 7–8B models at Q4_K_M. Also close your browser tabs, memory bandwidth is the real bottleneck on CPU.", afterHours: 2 },
      { by: "elena", text: "Qwen 2.5 7B has been surprisingly good at code for me, worth a try.", afterHours: 9 },
      { by: "lucas", text: "Tried Qwen on your suggestion, it's noticeably better at TypeScript. Thanks!", parent: 1, afterHours: 20 },
    ],
  },
  {
    title: "The Illustrated Transformer finally made attention click for me",
    category: "Machine Learning",
    by: "tomas",
    daysAgo: 52,
    likes: 6,
    paragraphs: [
      "I've been stuck on the attention mechanism for weeks. Reading the original paper didn't help much. Then I found Jay Alammar's [The Illustrated Transformer](https://jalammar.github.io/illustrated-transformer/) and everything fell into place.",
      "The key insight for me: **queries, keys and values are just three different projections of the same embeddings**, and attention is a weighted average where the weights come from query·key similarity.",
      "Does anyone have a recommendation for what to read next? I'd like to understand positional encodings better.",
    ],
    replies: [
      { by: "priya", text: "Next I'd read about rotary position embeddings (RoPE). Most modern LLMs use them instead of the sinusoidal encoding from the paper.", afterHours: 4 },
      { by: "aisha", text: "Also try coding a tiny transformer yourself. Karpathy's \"Let's build GPT\" video is in our resource library.", afterHours: 11 },
    ],
  },
  {
    title: "My go-to prompt structure for reliable outputs",
    category: "Prompt Engineering",
    by: "sofia",
    daysAgo: 50,
    likes: 11,
    paragraphs: [
      "After months of trial and error at work, this is the structure I use for almost every prompt:",
      "- **Role:** who the model should act as\n- **Context:** the background it needs, pasted in full\n- **Task:** one clear instruction\n- **Format:** exactly how the answer should look (bullets, JSON, word limit)\n- **Examples:** one or two if the format is unusual",
      "The biggest improvement came from the **Format** part. Telling the model \"answer in at most 5 bullets, no introduction\" removed most of the fluff. What does your structure look like?",
    ],
    replies: [
      { by: "jordan", text: "Very similar to mine! I add a \"what to do if unsure\" line, e.g. \"if the context doesn't say, answer 'unknown'\". Cuts hallucinations a lot.", afterHours: 3 },
      { by: "sofia", text: "Stealing that, thank you!", parent: 0, afterHours: 2 },
      { by: "marcus", text: "Saved this. As a beginner, the examples part is what I was missing.", afterHours: 14 },
    ],
  },
  {
    title: "Should AI-generated images be labelled on social media?",
    category: "AI Ethics",
    by: "hannah",
    daysAgo: 48,
    likes: 10,
    paragraphs: [
      "Several platforms now ask creators to label AI-generated content, but enforcement is patchy and the rules differ everywhere.",
      "As an illustrator I'm in favour of **mandatory labels**, both for transparency and because audiences deserve to know what they are looking at. But I also see the counter-arguments: where is the line when AI only did the background, or the colour grading?",
      "Curious where everyone stands. Labels for everything, only fully generated images, or nothing at all?",
    ],
    replies: [
      { by: "priya", text: "I'd support labels for fully or mostly generated images. Content credentials (C2PA) seem like the most practical route since they travel with the file.", afterHours: 5 },
      { by: "daniel", text: "From a teacher's perspective: my students can't tell the difference anymore. Labels would help media literacy a lot.", afterHours: 18 },
      { by: "jordan", text: "The line is hard to draw. Photoshop's generative fill is AI too. I'd rather label intent to deceive than tools.", afterHours: 22 },
      { by: "hannah", text: "Fair point, but intent is much harder to police than a metadata tag.", parent: 2, afterHours: 3 },
    ],
  },
  {
    title: "Show & Tell: I built a meeting-notes summariser over a weekend",
    category: "Show & Tell",
    by: "marcus",
    daysAgo: 45,
    likes: 7,
    paragraphs: [
      "I run a small bakery and spend way too much time writing up supplier calls. So I built a little tool: it takes the transcript from my phone's recorder and produces **action items, prices mentioned and follow-up dates**.",
      "Stack: a no-code automation tool, a speech-to-text API and an LLM with a fixed prompt. Total cost so far is about $3 a month.",
      "It's not perfect (it sometimes confuses kilos and pounds 😅) but it saves me an hour a week. Happy to share the prompt if anyone wants it!",
    ],
    replies: [
      { by: "lucas", text: "This is exactly the kind of practical use I love seeing. Please share the prompt!", afterHours: 2 },
      { by: "marcus", text: "Posted it in the Prompt Engineering category 🙂", parent: 0, afterHours: 6 },
      { by: "elena", text: "For the units problem, try asking it to quote the exact phrase from the transcript next to each number. Makes errors easy to spot.", afterHours: 10 },
    ],
  },
  {
    title: "Suno vs Udio for making backing tracks?",
    category: "AI Music",
    by: "ethan",
    daysAgo: 43,
    likes: 5,
    paragraphs: [
      "I've been using both to generate backing tracks that I then re-arrange in my DAW. Quick impressions:",
      "- **Suno:** catchier results, great for full songs, stems are improving\n- **Udio:** better audio fidelity, more control when extending a clip\n- Both: vocals are the weakest part, so I mostly mute them",
      "Anyone else using these in a real production workflow? I'd love to compare notes on licensing too, since the terms change often.",
    ],
    replies: [
      { by: "jordan", text: "Suno for sketching ideas, then I replay everything on real instruments. Keeps licensing simple.", afterHours: 7 },
      { by: "hannah", text: "I'd be curious how you credit the tools when you publish. Do you mention them?", afterHours: 16 },
      { by: "ethan", text: "I always mention them in the description. Feels more honest, and listeners seem to appreciate it.", parent: 1, afterHours: 5 },
    ],
  },
  {
    title: "Beginner question: what exactly is a token?",
    category: "General Discussion",
    by: "daniel",
    daysAgo: 41,
    likes: 4,
    paragraphs: [
      "Every AI tool talks about tokens (token limits, price per token...) but I've never seen a clear explanation I could pass on to my students.",
      "Is a token a word? A syllable? Why does the same sentence cost different amounts in different languages?",
    ],
    replies: [
      { by: "maya", text: "A token is a chunk of text the model's tokenizer knows about: often a whole common word, sometimes a piece of a rare word. Roughly 4 characters of English on average.", afterHours: 1 },
      { by: "priya", text: "And languages that were less common in the training data get split into more, smaller tokens, which is why they cost more.", parent: 0, afterHours: 3 },
      { by: "daniel", text: "That's the explanation I needed. Thank you both!", afterHours: 8 },
    ],
  },
  {
    title: "Fine-tuning vs RAG: when do you choose which?",
    category: "Machine Learning",
    by: "maya",
    daysAgo: 39,
    likes: 12,
    paragraphs: [
      "This question comes up in almost every project I work on, so here is my rule of thumb:",
      "- Use **RAG** when the model needs *knowledge* that changes or that must be cited: docs, tickets, policies.\n- Use **fine-tuning** when the model needs a *behaviour*: a tone, a format, a narrow classification task.\n- Use **both** when you need a behaviour *and* fresh knowledge.",
      "In practice, a good retrieval pipeline plus a well-written prompt solves 80% of cases before fine-tuning is even worth discussing. What has your experience been?",
    ],
    replies: [
      { by: "lucas", text: "Agreed. We spent two weeks fine-tuning before realising our retrieval was returning the wrong chunks. Fixing chunking beat the fine-tune.", afterHours: 4 },
      { by: "aisha", text: "One more case for fine-tuning: latency and cost. A small fine-tuned model can replace a big general one for narrow tasks.", afterHours: 9 },
      { by: "maya", text: "Great point, distillation into a small model is underrated.", parent: 1, afterHours: 2 },
    ],
  },
  {
    title: "Chain-of-thought prompting: still worth it with reasoning models?",
    category: "Prompt Engineering",
    by: "jordan",
    daysAgo: 36,
    likes: 6,
    paragraphs: [
      "With models that \"think\" before answering, I'm wondering if adding *let's think step by step* still helps, or if it just wastes tokens.",
      "My informal tests suggest it **helps with older chat models** and **does little or nothing with reasoning models**. Sometimes it even makes their answers longer without being better.",
      "Has anyone measured this more carefully?",
    ],
    replies: [
      { by: "elena", text: "I ran a small eval at work: no measurable gain on reasoning models, +8% on a smaller chat model for maths word problems.", afterHours: 6 },
      { by: "jordan", text: "That matches what I saw. Thanks for actually measuring it!", parent: 0, afterHours: 4 },
    ],
  },
  {
    title: "How are you using AI with students without encouraging cheating?",
    category: "AI Ethics",
    by: "daniel",
    daysAgo: 34,
    likes: 8,
    paragraphs: [
      "I teach history to 15–17 year olds. Banning AI clearly doesn't work, so this term I'm trying something different:",
      "- Students **critique** an AI-written essay instead of writing one from scratch\n- They must find at least two factual errors and fix them with sources\n- Oral follow-up questions on anything they hand in",
      "Early results are encouraging: they're learning to fact-check, and a few were shocked at how confidently wrong the AI could be. Any other teachers here with ideas?",
    ],
    replies: [
      { by: "priya", text: "I do something similar at university: students grade AI answers with a rubric. It teaches them what good looks like.", afterHours: 5 },
      { by: "sofia", text: "As a parent, I love this approach. Much better than pretending the tools don't exist.", afterHours: 12 },
    ],
  },
  {
    title: "Made an ambient album with AI stems: feedback welcome",
    category: "Show & Tell",
    by: "ethan",
    daysAgo: 31,
    likes: 9,
    paragraphs: [
      "I just finished a six-track ambient EP called **Cloud Memory**. The pads and textures started as AI-generated stems, then I resampled, stretched and layered them with my own field recordings.",
      "What I learned:\n\n1. Generated stems are a great *starting point* but rarely a finished sound\n2. Heavy processing makes them feel much more personal\n3. Mastering AI audio needs extra care around 8–12 kHz, there's often a metallic shimmer",
      "Would love feedback from fellow music lovers, especially on the mix!",
    ],
    replies: [
      { by: "noah", text: "Track 3 is gorgeous. How did you get the field recordings to blend so well?", afterHours: 3 * 24 },
      { by: "ethan", text: "Lots of reverb sends shared between the layers, so they sit in the same space. Happy to show it at the next music jam!", parent: 0, afterHours: 5 },
      { by: "hannah", text: "Really lovely. Thank you for being open about your process.", afterHours: 20 },
    ],
  },
  {
    title: "Cursor, Copilot or plain chat: what do you code with?",
    category: "AI Tools & Apps",
    by: "elena",
    daysAgo: 29,
    likes: 7,
    paragraphs: [
      "Our team is deciding which AI coding assistant to standardise on. I've used three setups for a month each:",
      "- **GitHub Copilot** in VS Code: great autocomplete, least disruptive\n- **Cursor**: the best for multi-file changes, but you must review every diff carefully\n- **Plain chat** in a browser tab: surprisingly good for design discussions, clunky for actual edits",
      "As a tester, I'm mostly worried about subtle bugs sneaking in. How do your teams review AI-written code?",
    ],
    replies: [
      { by: "lucas", text: "We treat AI code like a junior's PR: tests required, no exceptions. It catches most of the subtle stuff.", afterHours: 3 },
      { by: "maya", text: "Also worth asking the assistant to write the tests *first*. Reviewing tests is easier than reviewing implementation.", afterHours: 7 },
      { by: "elena", text: "Love the tests-first idea, going to propose that to the team.", parent: 1, afterHours: 2 },
    ],
  },
  {
    title: "Papers you read this month (share your top pick)",
    category: "Machine Learning",
    by: "aisha",
    daysAgo: 26,
    likes: 5,
    paragraphs: [
      "Let's start a monthly thread! Share one paper you read and one sentence on why it matters.",
      "My pick: **\"Attention Is All You Need\"** re-read for a reading group ([arXiv](https://arxiv.org/abs/1706.03762)). Seven years on, it is striking how much of the design survived almost unchanged.",
    ],
    replies: [
      { by: "priya", text: "\"Towards Monosemanticity\" from Anthropic: sparse autoencoders make model features interpretable in a way I didn't think was possible.", afterHours: 8 },
      { by: "tomas", text: "Not a paper, but I finally read the backprop chapter of the Deep Learning book. Does that count? 😄", afterHours: 19 },
      { by: "aisha", text: "Absolutely counts! Fundamentals are the best reads.", parent: 1, afterHours: 1 },
    ],
  },
  {
    title: "Prompt: turning messy meeting transcripts into action items",
    category: "Prompt Engineering",
    by: "marcus",
    daysAgo: 24,
    likes: 6,
    paragraphs: [
      "As promised in my Show & Tell post, here's the prompt I use:",
      "> You are an assistant for a small bakery. From the transcript below, list: **1)** action items with an owner, **2)** every price mentioned with the exact quote, **3)** follow-up dates. If something is unclear, write \"UNCLEAR\" instead of guessing.",
      "The *exact quote* part (thanks Elena!) fixed most of my unit mix-ups. Improvements welcome.",
    ],
    replies: [
      { by: "sofia", text: "The UNCLEAR instruction is such a good habit. I'm adding that to all my work prompts.", afterHours: 4 },
      { by: "jordan", text: "Try asking for JSON output if you ever want to push this into a spreadsheet automatically.", afterHours: 10 },
    ],
  },
  {
    title: "What's the most useful AI tool you discovered this year?",
    category: "AI Tools & Apps",
    by: "jordan",
    daysAgo: 21,
    likes: 10,
    paragraphs: [
      "Let's build a list of hidden gems. Rules: one tool per reply, and say what you actually use it for.",
      "I'll start: **NotebookLM**. I drop in long research PDFs and ask questions with citations. It has replaced a lot of skimming for me.",
    ],
    replies: [
      { by: "lucas", text: "Ollama. Local models with one command, perfect for private notes.", afterHours: 2 },
      { by: "hannah", text: "Whisper-based transcription apps. I transcribe voice memos of sketch ideas while walking.", afterHours: 6 },
      { by: "grace", text: "Perplexity for quick background research with sources. Very handy as a journalist.", afterHours: 11 },
      { by: "jordan", text: "Good one, the citations are what make it usable for work.", parent: 2, afterHours: 3 },
    ],
  },
  {
    title: "AI and jobs: should we be worried or excited?",
    category: "AI Ethics",
    by: "sofia",
    daysAgo: 18,
    likes: 7,
    paragraphs: [
      "At my company the marketing team shrank this year, and AI tools were part of the explanation. At the same time I've never been more productive.",
      "I'm torn. It feels like the tasks are changing faster than people can retrain. Is the answer **regulation**, **education**, or will the market sort it out?",
      "I'd love to hear perspectives from different industries.",
    ],
    replies: [
      { by: "priya", text: "Historically, technology has shifted jobs more than erased them, but the transition costs fall on real people. Retraining support matters a lot.", afterHours: 3 },
      { by: "marcus", text: "Small business view: AI let me avoid hiring for admin work, but I did hire another baker. Net effect for me was positive.", afterHours: 9 },
      { by: "daniel", text: "Education has to change fast. We're still teaching for a world without these tools.", afterHours: 15 },
    ],
  },
  {
    title: "Generative music and copyright: what are the rules?",
    category: "AI Music",
    by: "hannah",
    daysAgo: 15,
    likes: 4,
    paragraphs: [
      "If I release a track where AI generated the melody, who owns it? From what I've read, in many countries purely machine-generated works may not be protected by copyright at all.",
      "Meanwhile several labels are suing AI music companies over training data. **I'm not a lawyer**, so I'd appreciate pointers to reliable sources rather than opinions.",
    ],
    replies: [
      { by: "ethan", text: "The US Copyright Office has published guidance on AI-assisted works. Human creative contribution is the key factor.", afterHours: 6 },
      { by: "admin", text: "Great topic for a future meeting. I'll try to invite someone with a legal background.", afterHours: 20 },
    ],
  },
  {
    title: "Tutorial: build a tiny neural network in 50 lines of Python",
    category: "Machine Learning",
    by: "priya",
    daysAgo: 12,
    likes: 9,
    paragraphs: [
      "For the beginners who asked: here's the outline of the exercise I give my students. No libraries except NumPy.",
      "1. Create a dataset: XOR is the classic\n2. Initialise two weight matrices with small random numbers\n3. Forward pass: `hidden = sigmoid(X @ W1)`, `out = sigmoid(hidden @ W2)`\n4. Compute the loss and its gradient\n5. Update the weights and repeat a few thousand times",
      "Once this works, swapping NumPy for PyTorch's autograd feels like magic, and you understand what the magic is doing. Post your versions below!",
    ],
    replies: [
      { by: "tomas", text: "Got it working! The loss went from 0.25 to 0.002. Feels amazing to see it learn XOR.", afterHours: 26 },
      { by: "priya", text: "Congrats! Now try changing the hidden layer size and watch what happens.", parent: 0, afterHours: 2 },
      { by: "noah", text: "Saving this for the weekend. Thanks for writing it up for beginners.", afterHours: 4 * 24 },
    ],
  },
  {
    title: "Show & Tell: a Discord bot that answers questions from our docs",
    category: "Show & Tell",
    by: "lucas",
    daysAgo: 9,
    likes: 6,
    paragraphs: [
      "Built a small RAG bot for an open-source project I help maintain. It indexes the docs and answers questions in our Discord with links to the relevant pages.",
      "**Stack:** a local embedding model, SQLite with a vector extension, and a hosted LLM for generation. Maya's fine-tuning vs RAG thread convinced me not to fine-tune anything. 😄",
      "The hardest part was chunking: splitting by headings worked far better than fixed-size chunks.",
    ],
    replies: [
      { by: "maya", text: "Heading-based chunking is the way! Do you evaluate the answers somehow?", afterHours: 3 },
      { by: "lucas", text: "A list of 40 real questions with expected doc pages. I check retrieval hit rate after each change.", parent: 0, afterHours: 2 },
      { by: "elena", text: "That's a proper eval set. Would you share how you built it at a meeting?", afterHours: 8 },
    ],
  },
  {
    title: "Image generators compared for product mockups",
    category: "AI Tools & Apps",
    by: "jordan",
    daysAgo: 6,
    likes: 5,
    paragraphs: [
      "I needed quick product mockups for a client pitch and tested the usual suspects with the same brief.",
      "- **Midjourney:** most polished look, weakest at following layout instructions\n- **DALL·E in ChatGPT:** best at text in images and specific layouts\n- **Stable Diffusion with ControlNet:** most control, most setup time",
      "For client work I ended up mixing them: layout from one, style from another, final touch-ups by hand.",
    ],
    replies: [
      { by: "hannah", text: "Interesting that text rendering has improved so much. Did the client know the mockups were AI-assisted?", afterHours: 5 },
      { by: "jordan", text: "Yes, I always say so up front. Nobody minded, they were just concepts.", parent: 0, afterHours: 1 },
    ],
  },
  {
    title: "What should we cover in next month's meetings?",
    category: "General Discussion",
    by: ADMIN_KEY,
    daysAgo: 4,
    likes: 8,
    paragraphs: [
      "We have four Thursday slots coming up. Some ideas so far:",
      "- A hands-on **RAG chatbot** build (Lucas and Maya volunteered!)\n- An **AI music jam** with Ethan\n- A **careers in ML** AMA\n- A legal Q&A about **AI and copyright**",
      "Reply with your votes or new suggestions, and don't forget to register on the Meetings page.",
    ],
    replies: [
      { by: "sofia", text: "Careers AMA please! Lots of us are thinking about switching into AI roles.", afterHours: 2 },
      { by: "tomas", text: "+1 for the RAG build, I'd love to follow along live.", afterHours: 5 },
      { by: "ethan", text: "Music jam is ready to go, I'll bring stems for everyone to remix.", afterHours: 9 },
    ],
  },
  {
    title: "Open-weight models are catching up fast: thoughts?",
    category: "Machine Learning",
    by: "maya",
    daysAgo: 2,
    likes: 6,
    paragraphs: [
      "The gap between the best open-weight models and the top closed APIs looks smaller every few months, at least on public benchmarks.",
      "For many tasks (summarising, classification, extraction) I now default to an open model I can run myself. For hard reasoning and long agentic tasks, the frontier APIs still win.",
      "Where do you draw the line in your own projects? And do you trust the benchmarks?",
    ],
    replies: [
      { by: "aisha", text: "I trust benchmarks less every month. Contamination is a real problem; our own task-specific evals are what matter.", afterHours: 3 },
      { by: "lucas", text: "Open models for anything involving private data, full stop. Everything else, whatever is cheapest that passes our evals.", afterHours: 7 },
    ],
  },
];

interface DemoMeeting {
  title: string;
  description: string;
  duration: number;
  registrationRequired: boolean;
  replayVideoId?: string;
}

const UPCOMING_MEETINGS: DemoMeeting[] = [
  {
    title: "Weekly AI Roundup: What Shipped This Week",
    description:
      "Our regular Thursday roundup: new models, tool releases and research highlights, explained in plain language. Bring your questions and your favourite finds.",
    duration: 60,
    registrationRequired: false,
  },
  {
    title: "Hands-on: Build a RAG Chatbot with Open Models",
    description:
      "Lucas and Maya walk through building a retrieval-augmented chatbot over your own documents, from chunking to evaluation. Laptop recommended; code shared before the session.",
    duration: 90,
    registrationRequired: true,
  },
  {
    title: "AI Music Jam: Remix Session with Ethan",
    description:
      "Ethan shares AI-generated stems and we remix them live. Learn how to turn generated audio into something that sounds like you.",
    duration: 60,
    registrationRequired: true,
  },
  {
    title: "Ask Me Anything: Careers in Machine Learning",
    description:
      "Members working in ML and data science answer your questions about switching careers, portfolios, interviews and what the day-to-day job looks like.",
    duration: 45,
    registrationRequired: false,
  },
];

/** Most recent first. */
const PAST_MEETINGS: DemoMeeting[] = [
  {
    title: "Prompt Engineering Clinic",
    description:
      "Bring a prompt that isn't working and we fix it together live. Covered: structure, examples, output formats and handling uncertainty.",
    duration: 60,
    registrationRequired: false,
    replayVideoId: "pQ7x4Kd2LmA",
  },
  {
    title: "Local LLMs on Your Laptop with Ollama",
    description:
      "Installing and running open models locally, choosing quantisations, and connecting them to your editor and notes app.",
    duration: 90,
    registrationRequired: true,
    replayVideoId: "Zr8vN3tYc1E",
  },
  {
    title: "AI Ethics Roundtable: Deepfakes and Consent",
    description:
      "An open discussion on synthetic media, consent, labelling and what platforms and lawmakers are doing about it.",
    duration: 60,
    registrationRequired: true,
    replayVideoId: "hK2sW9bQf4U",
  },
  {
    title: "Weekly AI Roundup: Open-Source Model Showdown",
    description: "We compared the latest open-weight models on real member tasks, live, and voted on the winners.",
    duration: 60,
    registrationRequired: false,
  },
  {
    title: "Show & Tell Night: Member Projects",
    description:
      "Five members demoed what they built: a bakery notes summariser, an ambient EP, a docs bot, a classroom AI policy and a mockup workflow.",
    duration: 90,
    registrationRequired: false,
    replayVideoId: "Tb5mR1xJq8o",
  },
  {
    title: "Intro to Neural Networks for Absolute Beginners",
    description:
      "Neurons, weights, loss and gradient descent explained with pictures and a spreadsheet. No maths background required.",
    duration: 60,
    registrationRequired: true,
    replayVideoId: "Lc3nE6wPz0s",
  },
  {
    title: "Image Generation Deep Dive: Diffusion Models Explained",
    description: "How diffusion models turn noise into images, and what that means for prompts, seeds and control tools.",
    duration: 45,
    registrationRequired: true,
  },
];

type ResourceType = (typeof schema.resourceTypes)[number];
type Difficulty = (typeof schema.difficulties)[number];

interface DemoResource {
  title: string;
  description: string;
  url: string;
  resourceType: ResourceType;
  difficulty: Difficulty;
  pricingCategory: "free" | "low" | "high";
  tags: string[];
  by: MemberKey;
  rating: number;
  reviewsCount: number;
  daysAgo: number;
}

const DEMO_RESOURCES: DemoResource[] = [
  {
    title: "ChatGPT",
    description: "OpenAI's conversational assistant. Free tier available; great for drafting, brainstorming and learning.",
    url: "https://chatgpt.com",
    resourceType: "tool",
    difficulty: "beginner",
    pricingCategory: "low",
    tags: ["LLM", "Chatbot", "Writing"],
    by: ADMIN_KEY,
    rating: 4.6,
    reviewsCount: 42,
    daysAgo: 88,
  },
  {
    title: "Ollama",
    description: "Run open-weight language models locally with a single command. Private, offline and free.",
    url: "https://ollama.com",
    resourceType: "tool",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Local LLM", "Open Source", "Privacy"],
    by: "lucas",
    rating: 4.8,
    reviewsCount: 19,
    daysAgo: 80,
  },
  {
    title: "GitHub Copilot",
    description: "AI pair programmer inside your editor: autocomplete, chat and multi-file edits.",
    url: "https://github.com/features/copilot",
    resourceType: "tool",
    difficulty: "intermediate",
    pricingCategory: "low",
    tags: ["Coding", "Developer Tools"],
    by: "elena",
    rating: 4.3,
    reviewsCount: 15,
    daysAgo: 30,
  },
  {
    title: "The Illustrated Transformer",
    description: "Jay Alammar's famous visual walkthrough of the transformer architecture and attention.",
    url: "https://jalammar.github.io/illustrated-transformer/",
    resourceType: "article",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Transformers", "Attention", "Visual"],
    by: "tomas",
    rating: 4.9,
    reviewsCount: 27,
    daysAgo: 52,
  },
  {
    title: "Attention Is All You Need",
    description: "The 2017 paper that introduced the transformer, the architecture behind today's LLMs.",
    url: "https://arxiv.org/abs/1706.03762",
    resourceType: "article",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["Research Paper", "Transformers"],
    by: "aisha",
    rating: 4.7,
    reviewsCount: 11,
    daysAgo: 26,
  },
  {
    title: "Prompt Engineering (Lil'Log)",
    description: "Lilian Weng's thorough overview of prompting techniques, from few-shot to chain-of-thought.",
    url: "https://lilianweng.github.io/posts/2023-03-15-prompt-engineering/",
    resourceType: "article",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Prompting", "Techniques"],
    by: "sofia",
    rating: 4.5,
    reviewsCount: 8,
    daysAgo: 47,
  },
  {
    title: "But what is a neural network?",
    description: "3Blue1Brown's beautifully animated introduction to neural networks. The best place to start.",
    url: "https://www.youtube.com/watch?v=aircAruvnKk",
    resourceType: "video",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["Neural Networks", "Beginner", "Math"],
    by: "priya",
    rating: 4.9,
    reviewsCount: 35,
    daysAgo: 70,
  },
  {
    title: "Let's build GPT: from scratch, in code, spelled out",
    description: "Andrej Karpathy builds a small GPT step by step in PyTorch. Two hours well spent.",
    url: "https://www.youtube.com/watch?v=kCc8FmEb1nY",
    resourceType: "video",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["GPT", "PyTorch", "From Scratch"],
    by: "maya",
    rating: 4.9,
    reviewsCount: 23,
    daysAgo: 60,
  },
  {
    title: "Intro to Large Language Models",
    description: "A one-hour general-audience talk by Andrej Karpathy on what LLMs are and where they are heading.",
    url: "https://www.youtube.com/watch?v=zjkBMFhNj_g",
    resourceType: "video",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["LLM", "Overview"],
    by: ADMIN_KEY,
    rating: 4.8,
    reviewsCount: 18,
    daysAgo: 40,
  },
  {
    title: "Practical Deep Learning for Coders",
    description: "fast.ai's free, top-down course: train state-of-the-art models from lesson one.",
    url: "https://course.fast.ai",
    resourceType: "course",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Deep Learning", "Course", "Python"],
    by: "priya",
    rating: 4.8,
    reviewsCount: 14,
    daysAgo: 66,
  },
  {
    title: "Machine Learning Specialization",
    description: "Andrew Ng's foundational ML course series on Coursera (DeepLearning.AI and Stanford).",
    url: "https://www.coursera.org/specializations/machine-learning-introduction",
    resourceType: "course",
    difficulty: "beginner",
    pricingCategory: "high",
    tags: ["Machine Learning", "Certificate"],
    by: "daniel",
    rating: 4.7,
    reviewsCount: 21,
    daysAgo: 35,
  },
  {
    title: "Hugging Face",
    description: "The hub for open models, datasets and demo Spaces, with excellent free courses and docs.",
    url: "https://huggingface.co",
    resourceType: "website",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Models", "Datasets", "Open Source", "Community"],
    by: "maya",
    rating: 4.8,
    reviewsCount: 30,
    daysAgo: 75,
  },
  {
    title: "Two Minute Papers",
    description: "Short, enthusiastic explainers of the latest AI research papers. What a time to be alive!",
    url: "https://www.youtube.com/@TwoMinutePapers",
    resourceType: "channel",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["Research", "YouTube"],
    by: "aisha",
    rating: 4.4,
    reviewsCount: 9,
    daysAgo: 20,
  },
  {
    title: "Deep Learning (Goodfellow, Bengio, Courville)",
    description: "The classic deep learning textbook, freely readable online. Heavy on theory, worth it.",
    url: "https://www.deeplearningbook.org",
    resourceType: "book",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["Textbook", "Theory", "Math"],
    by: "tomas",
    rating: 4.6,
    reviewsCount: 7,
    daysAgo: 24,
  },
  {
    title: "Hands-On Machine Learning with Scikit-Learn, Keras and TensorFlow",
    description: "Aurélien Géron's practical, project-driven book. A favourite first ML book for programmers.",
    url: "https://www.oreilly.com/library/view/hands-on-machine-learning/9781098125967/",
    resourceType: "book",
    difficulty: "intermediate",
    pricingCategory: "high",
    tags: ["Scikit-Learn", "TensorFlow", "Projects"],
    by: "ethan",
    rating: 0,
    reviewsCount: 0,
    daysAgo: 5,
  },
];

interface DemoArtist {
  name: string;
  genre: string;
  description: string;
  latestTrack: string;
  playCount: number;
  featured: boolean;
  spotify?: string;
  youtube?: string;
  appleMusic?: string;
  daysAgo: number;
}

const DEMO_ARTISTS: DemoArtist[] = [
  {
    name: "Neon Cortex",
    genre: "Synthwave",
    description: "Retro-futurist synthwave co-written with generative models, all neon skylines and midnight drives.",
    latestTrack: "Gradient Highway",
    playCount: 184_250,
    featured: true,
    spotify: "https://open.spotify.com/artist/4Nq7cXr2LmT8pWz0aB3kYd",
    youtube: "https://www.youtube.com/@neoncortexmusic",
    appleMusic: "https://music.apple.com/us/artist/neon-cortex/1650032417",
    daysAgo: 85,
  },
  {
    name: "Lofi Lattice",
    genre: "Lo-fi",
    description: "Dusty beats and warm keys to study and code to, sampled from AI-generated jazz sessions.",
    latestTrack: "Late Night Backprop",
    playCount: 96_400,
    featured: true,
    spotify: "https://open.spotify.com/artist/7Rk2bVn9QeT1uXs5cM8pLa",
    youtube: "https://www.youtube.com/@lofilattice",
    daysAgo: 78,
  },
  {
    name: "Aurora Weights",
    genre: "Ambient",
    description: "Slow, spacious ambient pieces grown from a single seed melody and hours of gentle iteration.",
    latestTrack: "Latent Dawn",
    playCount: 41_730,
    featured: true,
    appleMusic: "https://music.apple.com/us/artist/aurora-weights/1701184520",
    youtube: "https://www.youtube.com/@auroraweights",
    daysAgo: 64,
  },
  {
    name: "Gradient Descent",
    genre: "Electronic",
    description: "Driving techno and glitchy electronics built from model-generated drum patterns.",
    latestTrack: "Local Minimum",
    playCount: 58_020,
    featured: false,
    spotify: "https://open.spotify.com/artist/2Hx8dQm4VtY6nLb1sR0cKe",
    daysAgo: 55,
  },
  {
    name: "MC Tensor",
    genre: "Hip-Hop",
    description: "Boom-bap production with AI-assisted beats and very human verses about living with technology.",
    latestTrack: "Overfit Flow",
    playCount: 33_915,
    featured: false,
    spotify: "https://open.spotify.com/artist/5Tz3wLp8KcN2aYe7fU9qHb",
    youtube: "https://www.youtube.com/@mctensor",
    appleMusic: "https://music.apple.com/us/artist/mc-tensor/1688420153",
    daysAgo: 41,
  },
  {
    name: "The Latent Symphony",
    genre: "Orchestral",
    description: "Cinematic orchestral scores composed with AI sketches and performed by a virtual orchestra.",
    latestTrack: "Overture for a New Model",
    playCount: 27_480,
    featured: false,
    youtube: "https://www.youtube.com/@thelatentsymphony",
    daysAgo: 33,
  },
  {
    name: "Echo Prompt",
    genre: "Electronic",
    description: "Dreamy electropop where every vocal line started as a text prompt.",
    latestTrack: "Temperature 0.9",
    playCount: 12_640,
    featured: false,
    spotify: "https://open.spotify.com/artist/8Wd1fPs6RnM3bQk9vT2xJc",
    daysAgo: 18,
  },
  {
    name: "Quiet Circuits",
    genre: "Ambient",
    description: "A new project blending field recordings with generated drones. First EP coming soon.",
    latestTrack: "Standby Light",
    playCount: 0,
    featured: false,
    daysAgo: 3,
  },
];

const ARTIST_COMMENTS: ReadonlyArray<{ artist: number; by: MemberKey; comment: string; daysAgo: number }> = [
  { artist: 0, by: "maya", comment: "Gradient Highway is on repeat during my coding sessions. That bassline!", daysAgo: 40 },
  { artist: 0, by: "jordan", comment: "Love the 80s aesthetic. Would be great to hear how much of this is AI vs hand-played.", daysAgo: 22 },
  { artist: 1, by: "tomas", comment: "Perfect study music. Late Night Backprop got me through my exam week 😄", daysAgo: 30 },
  { artist: 1, by: "hannah", comment: "Really warm sound, the vinyl crackle is a nice touch.", daysAgo: 12 },
  { artist: 2, by: "ethan", comment: "Beautiful sound design. The long reverb tails are gorgeous.", daysAgo: 28 },
  { artist: 3, by: "lucas", comment: "Local Minimum goes hard. Great title too.", daysAgo: 15 },
  { artist: 4, by: "marcus", comment: "Didn't expect AI-assisted hip-hop to sound this good. The verses are sharp.", daysAgo: 10 },
  { artist: 5, by: "priya", comment: "This would fit perfectly in a documentary about AI history.", daysAgo: 8 },
  { artist: 6, by: "noah", comment: "Temperature 0.9 is such a nerdy title, I love it.", daysAgo: 4 },
];

/**
 * Inserts the demo community into an empty database, in one IMMEDIATE transaction. Does nothing when
 * the users table already has rows. Needs the reference data (categories and badges) seeded first.
 */
export function seedDemoContent(
  db: AppDatabase,
  options: { now: Date; adminEmail: string; adminPasswordHash: string; memberPasswordHash: string },
): void {
  const nowMs = options.now.getTime();
  const at = (ms: number) => new Date(ms);
  const random = createRandom(0x51ad5);

  db.$client
    .transaction(() => {
      const existingUsers = db.select({ total: count() }).from(schema.users).get()?.total ?? 0;
      if (existingUsers > 0) return;

      /* ---- users ---- */
      const userIds = new Map<MemberKey, string>();
      const joinedAt = new Map<MemberKey, number>();
      const displayNames = new Map<MemberKey, string>();

      const userRows: (typeof schema.users.$inferInsert)[] = [];
      const usernames = new Set<string>();
      const addUser = (key: MemberKey, member: DemoMember, email: string, password: string) => {
        const id = randomUUID();
        const joined = nowMs - member.joinedDaysAgo * DAY - random.int(1, 10) * HOUR;
        userIds.set(key, id);
        joinedAt.set(key, joined);
        const username = pickUsername(member.displayName, (candidate) => usernames.has(candidate));
        usernames.add(username);
        displayNames.set(key, member.displayName);
        userRows.push({
          id,
          email,
          password,
          firstName: member.firstName,
          lastName: member.lastName,
          displayName: member.displayName,
          username,
          city: member.city ?? null,
          state: member.state ?? null,
          skillLevel: member.skillLevel,
          role: member.role ?? "member",
          points: member.points,
          bio: member.bio,
          interests: member.interests,
          joinedAt: at(joined),
          createdAt: at(joined),
          updatedAt: at(joined),
          // The demo community's members (the demo admin included) have verified addresses.
          emailVerifiedAt: at(joined),
        });
      };

      const adminMember: DemoMember = { ...DEMO_ADMIN, firstName: "Ada", lastName: "Admin", displayName: "Ada (Admin)" };
      addUser(ADMIN_KEY, adminMember, options.adminEmail, options.adminPasswordHash);
      for (const member of DEMO_MEMBERS) {
        const key = memberKey(member);
        const local = `${key}.${member.lastName.toLowerCase()}`;
        addUser(key, member, `${local}@example.com`, options.memberPasswordHash);
      }
      db.insert(schema.users).values(userRows).run();

      const allMembers: Array<[MemberKey, DemoMember]> = [
        [ADMIN_KEY, adminMember],
        ...DEMO_MEMBERS.map((member) => [memberKey(member), member] as [MemberKey, DemoMember]),
      ];
      const userId = (key: MemberKey) => {
        const id = userIds.get(key);
        if (!id) throw new Error(`Unknown demo member ${key}`);
        return id;
      };
      const joinedMs = (key: MemberKey) => joinedAt.get(key) ?? nowMs;
      const clampPast = (ms: number) => Math.min(ms, nowMs - MINUTE);

      /* ---- badges: points and badges come from the engine (recomputed at the end); only admin grants are seeded ---- */
      const supporterRows = allMembers
        .filter(([, member]) => member.earned.includes("supporter"))
        .map(([key]) => ({
          userId: userId(key),
          kind: "supporter_granted",
          subjectId: "supporter",
          points: 0,
          createdAt: at(clampPast(joinedMs(key) + Math.floor((nowMs - joinedMs(key)) / 2))),
        }));
      if (supporterRows.length > 0) db.insert(schema.contributions).values(supporterRows).run();

      /* ---- posts, replies, likes ---- */
      const categoryRows = db.select().from(schema.categories).all();
      const categoryByName = new Map(categoryRows.map((category) => [category.name, category.id]));
      const fallbackCategory = categoryRows[0]?.id ?? null;

      const postTimes = DEMO_POSTS.map((post) =>
        Math.max(nowMs - post.daysAgo * DAY - random.int(1, 12) * HOUR, joinedMs(post.by) + HOUR),
      );
      const insertedPosts = db
        .insert(schema.posts)
        .values(
          DEMO_POSTS.map((post, index) => ({
            title: post.title,
            content: post.paragraphs.join("\n\n"),
            authorId: userId(post.by),
            categoryId: categoryByName.get(post.category) ?? fallbackCategory,
            isPinned: post.pinned ?? false,
            likesCount: 0,
            repliesCount: 0,
            createdAt: at(postTimes[index]),
            updatedAt: at(postTimes[index]),
          })),
        )
        .returning({ id: schema.posts.id })
        .all();

      const notificationRows: (typeof schema.notifications.$inferInsert)[] = [];
      const adminId = userId(ADMIN_KEY);

      DEMO_POSTS.forEach((post, postIndex) => {
        const postId = insertedPosts[postIndex].id;
        const postTime = postTimes[postIndex];

        // Replies, in order, so parents exist before their children.
        const replyIds: number[] = [];
        const replyTimes: number[] = [];
        for (const reply of post.replies) {
          const parentIndex = reply.parent;
          const base = parentIndex !== undefined ? replyTimes[parentIndex] : postTime;
          const time = clampPast(
            Math.max(base + reply.afterHours * HOUR + random.int(0, 50) * MINUTE, joinedMs(reply.by) + HOUR),
          );
          const inserted = db
            .insert(schema.replies)
            .values({
              content: reply.text,
              postId,
              authorId: userId(reply.by),
              parentReplyId: parentIndex !== undefined ? replyIds[parentIndex] : null,
              createdAt: at(time),
            })
            .returning({ id: schema.replies.id })
            .get();
          replyIds.push(inserted.id);
          replyTimes.push(time);
          if (post.by === ADMIN_KEY && reply.by !== ADMIN_KEY) {
            notificationRows.push({
              userId: adminId,
              actorId: userId(reply.by),
              kind: "reply",
              message: `${displayNames.get(reply.by)} replied to your post "${post.title}"`,
              link: `/post/${postId}`,
              createdAt: at(time),
            });
          }
        }

        // Likes: distinct members who had joined before the post, never the author.
        const likers = random
          .shuffle(allMembers.map(([key]) => key).filter((key) => key !== post.by && joinedMs(key) < nowMs))
          .slice(0, post.likes);
        const likeRows = likers.map((key) => {
          const from = Math.max(postTime, joinedMs(key));
          const time = clampPast(from + Math.floor(random.next() * Math.max(nowMs - from, MINUTE)));
          return { postId, userId: userId(key), createdAt: at(time), key };
        });
        if (likeRows.length > 0) {
          db.insert(schema.postLikes)
            .values(likeRows.map(({ key: _key, ...row }) => row))
            .run();
        }
        if (post.by === ADMIN_KEY) {
          for (const like of likeRows.slice(0, 3)) {
            notificationRows.push({
              userId: adminId,
              actorId: like.userId,
              kind: "like",
              message: `${displayNames.get(like.key)} liked your post "${post.title}"`,
              link: `/post/${postId}`,
              createdAt: like.createdAt,
            });
          }
        }
      });

      // Denormalised counters, computed from the rows actually inserted.
      db.$client.exec(`
        UPDATE posts SET
          likes_count = (SELECT count(*) FROM post_likes WHERE post_likes.post_id = posts.id),
          replies_count = (SELECT count(*) FROM replies WHERE replies.post_id = posts.id)
      `);

      /* ---- notifications for the admin (the three newest unread) ---- */
      notificationRows.sort((a, b) => (b.createdAt as Date).getTime() - (a.createdAt as Date).getTime());
      const keptNotifications = notificationRows.slice(0, 10).map((row, index) => ({
        ...row,
        readAt: index < 3 ? null : at(clampPast((row.createdAt as Date).getTime() + 2 * HOUR)),
      }));
      if (keptNotifications.length > 0) db.insert(schema.notifications).values(keptNotifications).run();

      /* ---- meetings ---- */
      // The first Thursday 18:00 UTC strictly after now; earlier Thursdays are past.
      const nextThursday = new Date(nowMs);
      nextThursday.setUTCHours(18, 0, 0, 0);
      nextThursday.setUTCDate(nextThursday.getUTCDate() + ((4 - nextThursday.getUTCDay() + 7) % 7));
      if (nextThursday.getTime() <= nowMs) nextThursday.setUTCDate(nextThursday.getUTCDate() + 7);
      const firstUpcoming = nextThursday.getTime();

      const zoomId = (index: number) => String(81_234_567_890 + index * 7_919_311);
      const meetingSpecs = [
        ...UPCOMING_MEETINGS.map((meeting, index) => ({
          meeting,
          scheduledAt: firstUpcoming + index * 7 * DAY,
          past: false,
        })),
        ...PAST_MEETINGS.map((meeting, index) => ({
          meeting,
          scheduledAt: firstUpcoming - (index + 1) * 7 * DAY,
          past: true,
        })),
      ];
      const insertedMeetings = db
        .insert(schema.meetings)
        .values(
          meetingSpecs.map(({ meeting, scheduledAt, past }, index) => {
            const id = zoomId(index);
            const replay = past && meeting.replayVideoId ? `https://www.youtube.com/watch?v=${meeting.replayVideoId}` : null;
            return {
              title: meeting.title,
              description: meeting.description,
              scheduledAt: at(scheduledAt),
              duration: meeting.duration,
              joinZoomUrl: `https://zoom.us/j/${id}`,
              registrationZoomUrl: meeting.registrationRequired ? `https://zoom.us/meeting/register/${id}` : null,
              replayZoomUrl: replay,
              isRecorded: replay !== null,
              recordingUrl: replay,
              hostId: adminId,
              registrationRequired: meeting.registrationRequired,
              attendeesCount: 0,
              createdAt: at(Math.min(scheduledAt - 10 * DAY, nowMs - DAY)),
            };
          }),
        )
        .returning({ id: schema.meetings.id })
        .all();

      const attendeeRows: (typeof schema.meetingAttendees.$inferInsert)[] = [];
      meetingSpecs.forEach(({ scheduledAt, past }, index) => {
        const meetingId = insertedMeetings[index].id;
        const eligible = allMembers
          .map(([key]) => key)
          .filter((key) => key !== ADMIN_KEY && joinedMs(key) < scheduledAt - 2 * DAY);
        const howMany = Math.min(eligible.length, past ? random.int(5, 11) : random.int(2, 7));
        for (const key of random.shuffle(eligible).slice(0, howMany)) {
          const earliest = Math.max(joinedMs(key), scheduledAt - 8 * DAY);
          const latest = Math.min(scheduledAt - HOUR, nowMs - MINUTE);
          const registeredAt = earliest + Math.floor(random.next() * Math.max(latest - earliest, 0));
          attendeeRows.push({
            meetingId,
            userId: userId(key),
            registeredAt: at(registeredAt),
            attended: past ? random.next() < 0.75 : false,
          });
        }
      });
      if (attendeeRows.length > 0) db.insert(schema.meetingAttendees).values(attendeeRows).run();
      db.$client.exec(`
        UPDATE meetings SET
          attendees_count = (SELECT count(*) FROM meeting_attendees WHERE meeting_attendees.meeting_id = meetings.id)
      `);

      /* ---- resources and their ratings ---- */
      const resourceCreatedAt = DEMO_RESOURCES.map((resource) =>
        clampPast(Math.max(nowMs - resource.daysAgo * DAY - random.int(1, 20) * HOUR, joinedMs(resource.by) + HOUR)),
      );
      const insertedResources = db
        .insert(schema.resources)
        .values(
          DEMO_RESOURCES.map((resource, index) => ({
            title: resource.title,
            description: resource.description,
            url: resource.url,
            resourceType: resource.resourceType,
            difficulty: resource.difficulty,
            pricingCategory: resource.pricingCategory,
            tags: resource.tags,
            submittedBy: userId(resource.by),
            rating: 0,
            reviewsCount: 0,
            embedUrl: resource.resourceType === "video" ? toEmbedUrl(resource.url) : null,
            createdAt: at(resourceCreatedAt[index]),
          })),
        )
        .returning({ id: schema.resources.id })
        .all();

      // One real rating per member (never the submitter's own), averaging close to the demo rating;
      // rating and reviewsCount are then computed from these rows, so they stay exact.
      const resourceRatingRows: (typeof schema.resourceRatings.$inferInsert)[] = [];
      DEMO_RESOURCES.forEach((resource, index) => {
        if (resource.reviewsCount <= 0 || resource.rating <= 0) return;
        const candidates = allMembers.map(([key]) => key).filter((key) => key !== resource.by);
        const raters = random.shuffle(candidates).slice(0, Math.min(resource.reviewsCount, candidates.length));
        const total = Math.round(resource.rating * raters.length);
        const base = Math.floor(total / raters.length);
        const extra = total - base * raters.length;
        raters.forEach((key, position) => {
          const from = Math.max(resourceCreatedAt[index], joinedMs(key));
          resourceRatingRows.push({
            resourceId: insertedResources[index].id,
            userId: userId(key),
            rating: Math.min(5, Math.max(1, base + (position < extra ? 1 : 0))),
            createdAt: at(clampPast(from + Math.floor(random.next() * Math.max(nowMs - from, MINUTE)))),
          });
        });
      });
      if (resourceRatingRows.length > 0) db.insert(schema.resourceRatings).values(resourceRatingRows).run();
      db.$client.exec(`
        UPDATE resources SET
          rating = coalesce((SELECT avg(rating) FROM resource_ratings WHERE resource_ratings.resource_id = resources.id), 0),
          reviews_count = (SELECT count(*) FROM resource_ratings WHERE resource_ratings.resource_id = resources.id)
      `);

      /* ---- music artists, ratings, comments ---- */
      const insertedArtists = db
        .insert(schema.musicArtists)
        .values(
          DEMO_ARTISTS.map((artist) => ({
            name: artist.name,
            description: artist.description,
            genre: artist.genre,
            avatarUrl: null,
            latestTrack: artist.latestTrack,
            playCount: artist.playCount,
            spotifyUrl: artist.spotify ?? null,
            youtubeUrl: artist.youtube ?? null,
            appleMusicUrl: artist.appleMusic ?? null,
            featured: artist.featured,
            createdAt: at(nowMs - artist.daysAgo * DAY - random.int(1, 20) * HOUR),
          })),
        )
        .returning({ id: schema.musicArtists.id })
        .all();

      const ratingRows: (typeof schema.artistRatings.$inferInsert)[] = [];
      DEMO_ARTISTS.forEach((artist, index) => {
        const artistCreated = nowMs - artist.daysAgo * DAY;
        const howMany = artist.playCount === 0 ? 1 : artist.featured ? random.int(5, 9) : random.int(2, 5);
        const raters = random.shuffle(allMembers.map(([key]) => key)).slice(0, howMany);
        for (const key of raters) {
          const from = Math.max(artistCreated, joinedMs(key));
          ratingRows.push({
            artistId: insertedArtists[index].id,
            userId: userId(key),
            // Skewed towards the positive end, as real ratings are.
            rating: Math.min(5, Math.max(1, Math.round(3.2 + random.next() * 2.2 - (random.next() < 0.1 ? 2 : 0)))),
            createdAt: at(clampPast(from + Math.floor(random.next() * Math.max(nowMs - from, MINUTE)))),
          });
        }
      });
      if (ratingRows.length > 0) db.insert(schema.artistRatings).values(ratingRows).run();

      db.insert(schema.artistComments)
        .values(
          ARTIST_COMMENTS.map((entry) => ({
            artistId: insertedArtists[entry.artist].id,
            userId: userId(entry.by),
            comment: entry.comment,
            createdAt: at(
              clampPast(
                Math.max(
                  nowMs - entry.daysAgo * DAY - random.int(1, 12) * HOUR,
                  nowMs - DEMO_ARTISTS[entry.artist].daysAgo * DAY + HOUR,
                  joinedMs(entry.by) + HOUR,
                ),
              ),
            ),
          })),
        )
        .run();

      /* ---- points and badges: the engine's rebuild from the history above ---- */
      recomputeAllBadges({ db, onEarned: null });
    })
    .immediate();
}
