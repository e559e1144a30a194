/**
 * The demo community as plain data: who joined, what they wrote, liked, rated and attended. Members
 * are referred to by username, posts by title, artists by name. Nothing here is a counter or a
 * result: likes and replies counts, ratings averages, attendance counts, points, badges and
 * notifications follow from replaying these actions through the feature functions
 * (seed-demo.server.ts; docs/architecture.md, "The demo community").
 *
 * Times are relative to the start: `daysAgo` before it, a reply `afterHours` after what it answers,
 * a meeting `weeksFromNow` Thursdays from the next one (negative: it took place).
 */
import type { difficulties, resourceTypes, roles, skillLevels } from "../../../db/enums";

export type DemoUsername =
  | "ada_admin"
  | "maya_chen"
  | "jordan_o"
  | "priya_r"
  | "lucas_moreau"
  | "sofia_alvarez"
  | "ethan_brooks"
  | "aisha_k"
  | "daniel_kim"
  | "hannah_weber"
  | "marcus_j"
  | "elena_petrova"
  | "tomas_silva"
  | "grace_liu"
  | "noah_patel";

export type DemoMember = {
  username: DemoUsername;
  firstName: string;
  lastName: string;
  displayName: string;
  /** Absent for the demo admin, whose address the caller chooses. */
  email?: string;
  role?: (typeof roles)[number];
  skillLevel: (typeof skillLevels)[number];
  city?: string;
  state?: string;
  joinedDaysAgo: number;
  bio: string;
  interests: string[];
  /** An admin granted the Supporter badge (a donation or a patronage: no other trace in the data). */
  isSupporter?: true;
};

export type DemoReply = {
  by: DemoUsername;
  /** Hours after the post, or after the reply this one answers. */
  afterHours: number;
  text: string;
  /** Replies to this reply. */
  replies?: DemoReply[];
};

export type DemoPost = {
  title: string;
  /** A category name of the reference data (reference-data.server.ts). */
  category: string;
  by: DemoUsername;
  daysAgo: number;
  isPinned?: true;
  paragraphs: string[];
  likedBy: DemoUsername[];
  replies: DemoReply[];
};

export type DemoMeeting = {
  title: string;
  /** Thursdays from the next one at 18:00 UTC: 0 is the next, -1 the one a week before it. */
  weeksFromNow: number;
  duration: number;
  registrationRequired: boolean;
  /** The YouTube id of the replay of a past meeting. */
  replayVideoId?: string;
  description: string;
  registered: DemoUsername[];
  /** Of the registered members, those who joined while it was on (past meetings). */
  attended?: DemoUsername[];
};

export type DemoResource = {
  title: string;
  description: string;
  url: string;
  resourceType: (typeof resourceTypes)[number];
  difficulty: (typeof difficulties)[number];
  pricingCategory: "free" | "low" | "high";
  tags: string[];
  /** Who submitted it: someone who may add resources, an admin (docs/permissions.md, `resources:manage`). */
  by: DemoUsername;
  daysAgo: number;
  ratings: Partial<Record<DemoUsername, number>>;
};

export type DemoArtist = {
  name: string;
  genre: string;
  description: string;
  latestTrack: string;
  /** Plays counted on the streaming platforms before the artist was listed here. */
  playCount: number;
  featured?: true;
  spotify?: string;
  youtube?: string;
  appleMusic?: string;
  daysAgo: number;
  ratings: Partial<Record<DemoUsername, number>>;
  comments: { by: DemoUsername; daysAgo: number; comment: string }[];
};

export const DEMO_MEMBERS: readonly DemoMember[] = [
  {
    username: "ada_admin",
    firstName: "Ada",
    lastName: "Admin",
    displayName: "Ada (Admin)",
    role: "admin",
    skillLevel: "expert",
    city: "Oakland",
    state: "CA",
    joinedDaysAgo: 305,
    bio: "Founder and community leader. I run the weekly meetings and love helping newcomers find their footing in AI. Ask me anything about LLMs, prompt design or getting started.",
    interests: ["Large Language Models", "Community Building", "Prompt Engineering", "AI Ethics", "Generative Music"],
    isSupporter: true,
  },
  {
    username: "maya_chen",
    firstName: "Maya",
    lastName: "Chen",
    displayName: "Maya Chen",
    email: "maya.chen@example.com",
    role: "moderator",
    skillLevel: "expert",
    city: "San Francisco",
    state: "CA",
    joinedDaysAgo: 292,
    bio: "ML engineer working on retrieval and evaluation for LLM apps. Moderator here. I like turning research papers into things people can actually use.",
    interests: ["RAG", "LLM Evaluation", "Python", "Open Source", "Vector Databases", "Synthwave"],
  },
  {
    username: "jordan_o",
    firstName: "Jordan",
    lastName: "Okafor",
    displayName: "Jordan O.",
    email: "jordan.okafor@example.com",
    skillLevel: "intermediate",
    city: "Austin",
    state: "TX",
    joinedDaysAgo: 271,
    bio: "Product designer exploring how AI changes creative work. Never miss a Thursday meeting.",
    interests: ["Design Tools", "Image Generation", "UX for AI", "AI Music"],
    isSupporter: true,
  },
  {
    username: "priya_r",
    firstName: "Priya",
    lastName: "Raman",
    displayName: "Priya R.",
    email: "priya.raman@example.com",
    role: "moderator",
    skillLevel: "expert",
    city: "Seattle",
    state: "WA",
    joinedDaysAgo: 252,
    bio: "Data scientist and part-time lecturer. Interested in fairness, interpretability and teaching ML without the jargon.",
    interests: ["Interpretability", "Fairness", "Teaching", "Statistics", "PyTorch"],
  },
  {
    username: "lucas_moreau",
    firstName: "Lucas",
    lastName: "Moreau",
    displayName: "Lucas Moreau",
    email: "lucas.moreau@example.com",
    skillLevel: "intermediate",
    joinedDaysAgo: 233,
    bio: "Backend developer building internal tools with LLM APIs. Always hunting for the cheapest model that is good enough.",
    interests: ["APIs", "Automation", "Local LLMs", "TypeScript"],
  },
  {
    username: "sofia_alvarez",
    firstName: "Sofia",
    lastName: "Alvarez",
    displayName: "Sofia Alvarez",
    email: "sofia.alvarez@example.com",
    skillLevel: "beginner",
    city: "Miami",
    state: "FL",
    joinedDaysAgo: 211,
    bio: "Marketing manager who got hooked on ChatGPT and wants to understand what is going on under the hood.",
    interests: ["ChatGPT", "Content Creation", "Prompt Engineering"],
    isSupporter: true,
  },
  {
    username: "ethan_brooks",
    firstName: "Ethan",
    lastName: "Brooks",
    displayName: "Ethan Brooks",
    email: "ethan.brooks@example.com",
    skillLevel: "intermediate",
    city: "Denver",
    state: "CO",
    joinedDaysAgo: 188,
    bio: "Music producer experimenting with AI stems, voice models and generative ambient.",
    interests: ["AI Music", "Ambient", "Audio Plugins", "Suno", "Sound Design"],
  },
  {
    username: "aisha_k",
    firstName: "Aisha",
    lastName: "Karim",
    displayName: "Aisha K.",
    email: "aisha.karim@example.com",
    skillLevel: "expert",
    city: "Chicago",
    state: "IL",
    joinedDaysAgo: 169,
    bio: "Computer vision researcher. I read too many arXiv papers and share the good ones.",
    interests: ["Computer Vision", "Diffusion Models", "Research Papers"],
  },
  {
    username: "daniel_kim",
    firstName: "Daniel",
    lastName: "Kim",
    displayName: "Daniel Kim",
    email: "daniel.kim@example.com",
    skillLevel: "beginner",
    joinedDaysAgo: 151,
    bio: "High-school teacher figuring out how to use AI in the classroom responsibly.",
    interests: ["Education", "AI Literacy"],
  },
  {
    username: "hannah_weber",
    firstName: "Hannah",
    lastName: "Weber",
    displayName: "Hannah Weber",
    email: "hannah.weber@example.com",
    skillLevel: "intermediate",
    city: "Portland",
    state: "OR",
    joinedDaysAgo: 128,
    bio: "Illustrator curious (and a little sceptical) about generative art. Here to learn and to argue politely.",
    interests: ["Digital Art", "Copyright", "Stable Diffusion", "Lo-fi"],
    isSupporter: true,
  },
  {
    username: "marcus_j",
    firstName: "Marcus",
    lastName: "Johnson",
    displayName: "Marcus J.",
    email: "marcus.johnson@example.com",
    skillLevel: "beginner",
    city: "Atlanta",
    state: "GA",
    joinedDaysAgo: 109,
    bio: "Small business owner automating the boring parts of my week.",
    interests: ["Automation", "Productivity", "No-code"],
  },
  {
    username: "elena_petrova",
    firstName: "Elena",
    lastName: "Petrova",
    displayName: "Elena Petrova",
    email: "elena.petrova@example.com",
    skillLevel: "intermediate",
    joinedDaysAgo: 92,
    bio: "Software tester learning how to evaluate and red-team LLM features.",
    interests: ["Testing", "AI Safety", "Evaluation", "Python"],
  },
  {
    username: "tomas_silva",
    firstName: "Tomás",
    lastName: "Silva",
    displayName: "Tomás Silva",
    email: "tomas.silva@example.com",
    skillLevel: "beginner",
    city: "Boston",
    state: "MA",
    joinedDaysAgo: 71,
    bio: "CS student. Trying to build my first neural network from scratch.",
    interests: ["Neural Networks", "Math", "Python"],
  },
  {
    username: "grace_liu",
    firstName: "Grace",
    lastName: "Liu",
    displayName: "Grace Liu",
    email: "grace.liu@example.com",
    skillLevel: "beginner",
    city: "New York",
    state: "NY",
    joinedDaysAgo: 26,
    bio: "Journalist covering technology. Lurking and learning for now!",
    interests: ["AI News"],
  },
  {
    username: "noah_patel",
    firstName: "Noah",
    lastName: "Patel",
    displayName: "Noah Patel",
    email: "noah.patel@example.com",
    skillLevel: "beginner",
    joinedDaysAgo: 9,
    bio: "Just joined. Interested in using AI for music and video editing.",
    interests: ["Video Editing", "AI Music"],
  },
];

export const DEMO_POSTS: readonly DemoPost[] = [
  {
    title: "Welcome to Quads! Start here 👋",
    category: "General Discussion",
    by: "ada_admin",
    daysAgo: 58,
    isPinned: true,
    paragraphs: [
      "Welcome to **Quads**, a community for AI enthusiasts of every level. Our mission fits in five words: **Question, Understand, Adapt, Discover, Share.**",
      "A few things to get you started:\n\n- Introduce yourself in this thread: who you are, what you are curious about and your skill level\n- Join our **weekly live meeting** every Thursday (see the Meetings page)\n- Browse the **AI Resource Library** for curated tools, courses and videos\n- Check **My Badges** to see what you can earn as you take part",
      "There are no silly questions here. Beginners and experts learn from each other, so please be kind, be curious and share what you know.",
    ],
    likedBy: [
      "aisha_k", "daniel_kim", "elena_petrova", "grace_liu", "hannah_weber", "jordan_o", "lucas_moreau",
      "marcus_j", "maya_chen", "noah_patel", "priya_r", "sofia_alvarez", "tomas_silva",
    ],
    replies: [
      {
        by: "grace_liu",
        afterHours: 720,
        text: "Hi all! Tech journalist here, mostly reading for now but excited to learn from everyone.",
        replies: [
          {
            by: "ada_admin", afterHours: 3,
            text: "Welcome Grace! Feel free to ask anything, and the Thursday roundup is a great place to start.",
          },
        ],
      },
      {
        by: "tomas_silva",
        afterHours: 20,
        text: "Hello from Boston 👋 CS student, currently fighting with backpropagation. Glad to be here.",
        replies: [
          {
            by: "maya_chen", afterHours: 2,
            text: "Welcome Tomás! Karpathy's micrograd video in the resource library made backprop click for me.",
          },
        ],
      },
      {
        by: "noah_patel", afterHours: 1200,
        text: "Just joined this week. Mostly here for the AI music side of things!",
      },
    ],
  },
  {
    title: "Community guidelines and how badges work",
    category: "General Discussion",
    by: "ada_admin",
    daysAgo: 57,
    isPinned: true,
    paragraphs: [
      "To keep Quads a friendly place to learn, we ask everyone to follow a few simple guidelines:",
      "1. **Be respectful.** Disagree with ideas, never with people.\n2. **Share sources.** When you make a claim about a model or a paper, link it.\n3. **No spam or self-promotion** outside the Show & Tell category.\n4. **Protect privacy.** Don't post personal data, yours or anyone else's.",
      "Badges reward taking part: replying, sharing resources, attending meetings and supporting the community. The full list lives on the **How to Earn Badges** page. The rarest one is **Quads Master**, for those who excel across everything.",
    ],
    likedBy: [
      "daniel_kim", "elena_petrova", "jordan_o", "lucas_moreau", "marcus_j", "maya_chen", "noah_patel",
      "priya_r", "tomas_silva",
    ],
    replies: [
      {
        by: "sofia_alvarez", afterHours: 6,
        text: "Love that there's a badge for attending meetings. Great motivation to show up on Thursdays!",
      },
      {
        by: "hannah_weber",
        afterHours: 26,
        text: "Thanks for the privacy rule. Could we also add a note about crediting artists when sharing AI art?",
        replies: [
          {
            by: "ada_admin", afterHours: 4,
            text: "Good idea Hannah, I'll add a line about attribution in Show & Tell.",
          },
        ],
      },
    ],
  },
  {
    title: "Which local LLM runs best on a 16 GB laptop?",
    category: "AI Tools & Apps",
    by: "lucas_moreau",
    daysAgo: 55,
    paragraphs: [
      "I want to run a model locally for coding help and summarising notes, without sending anything to the cloud. My machine is a laptop with **16 GB RAM** and no dedicated GPU.",
      "So far I tried:\n\n- Llama 3 8B (Q4) via Ollama: usable, ~8 tokens/s\n- Mistral 7B (Q4): slightly faster, a bit worse at code\n- Phi-3 mini: very fast but loses the thread in long conversations",
      "What are you running? Any quantisation tips, or is there a sweet spot I'm missing?",
    ],
    likedBy: [
      "aisha_k", "elena_petrova", "grace_liu", "hannah_weber", "marcus_j", "maya_chen", "noah_patel",
      "priya_r",
    ],
    replies: [
      {
        by: "maya_chen", afterHours: 2,
        text: "For 16 GB I'd stick with 7–8B models at Q4_K_M. Also close your browser tabs, memory bandwidth is the real bottleneck on CPU.",
      },
      {
        by: "elena_petrova",
        afterHours: 9,
        text: "Qwen 2.5 7B has been surprisingly good at code for me, worth a try.",
        replies: [
          {
            by: "lucas_moreau", afterHours: 20,
            text: "Tried Qwen on your suggestion, it's noticeably better at TypeScript. Thanks!",
          },
        ],
      },
    ],
  },
  {
    title: "The Illustrated Transformer finally made attention click for me",
    category: "Machine Learning",
    by: "tomas_silva",
    daysAgo: 52,
    paragraphs: [
      "I've been stuck on the attention mechanism for weeks. Reading the original paper didn't help much. Then I found Jay Alammar's [The Illustrated Transformer](https://jalammar.github.io/illustrated-transformer/) and everything fell into place.",
      "The key insight for me: **queries, keys and values are just three different projections of the same embeddings**, and attention is a weighted average where the weights come from query·key similarity.",
      "Does anyone have a recommendation for what to read next? I'd like to understand positional encodings better.",
    ],
    likedBy: ["aisha_k", "elena_petrova", "maya_chen", "noah_patel", "priya_r", "sofia_alvarez"],
    replies: [
      {
        by: "priya_r", afterHours: 4,
        text: "Next I'd read about rotary position embeddings (RoPE). Most modern LLMs use them instead of the sinusoidal encoding from the paper.",
      },
      {
        by: "aisha_k", afterHours: 11,
        text: "Also try coding a tiny transformer yourself. Karpathy's \"Let's build GPT\" video is in our resource library.",
      },
    ],
  },
  {
    title: "My go-to prompt structure for reliable outputs",
    category: "Prompt Engineering",
    by: "sofia_alvarez",
    daysAgo: 50,
    paragraphs: [
      "After months of trial and error at work, this is the structure I use for almost every prompt:",
      "- **Role:** who the model should act as\n- **Context:** the background it needs, pasted in full\n- **Task:** one clear instruction\n- **Format:** exactly how the answer should look (bullets, JSON, word limit)\n- **Examples:** one or two if the format is unusual",
      "The biggest improvement came from the **Format** part. Telling the model \"answer in at most 5 bullets, no introduction\" removed most of the fluff. What does your structure look like?",
    ],
    likedBy: [
      "ada_admin", "aisha_k", "daniel_kim", "ethan_brooks", "grace_liu", "hannah_weber", "jordan_o",
      "marcus_j", "maya_chen", "noah_patel", "priya_r",
    ],
    replies: [
      {
        by: "jordan_o",
        afterHours: 3,
        text: "Very similar to mine! I add a \"what to do if unsure\" line, e.g. \"if the context doesn't say, answer 'unknown'\". Cuts hallucinations a lot.",
        replies: [{ by: "sofia_alvarez", afterHours: 2, text: "Stealing that, thank you!" }],
      },
      {
        by: "marcus_j", afterHours: 14,
        text: "Saved this. As a beginner, the examples part is what I was missing.",
      },
    ],
  },
  {
    title: "Should AI-generated images be labelled on social media?",
    category: "AI Ethics",
    by: "hannah_weber",
    daysAgo: 48,
    paragraphs: [
      "Several platforms now ask creators to label AI-generated content, but enforcement is patchy and the rules differ everywhere.",
      "As an illustrator I'm in favour of **mandatory labels**, both for transparency and because audiences deserve to know what they are looking at. But I also see the counter-arguments: where is the line when AI only did the background, or the colour grading?",
      "Curious where everyone stands. Labels for everything, only fully generated images, or nothing at all?",
    ],
    likedBy: [
      "ada_admin", "aisha_k", "daniel_kim", "elena_petrova", "jordan_o", "lucas_moreau", "marcus_j",
      "maya_chen", "noah_patel", "sofia_alvarez",
    ],
    replies: [
      {
        by: "priya_r", afterHours: 5,
        text: "I'd support labels for fully or mostly generated images. Content credentials (C2PA) seem like the most practical route since they travel with the file.",
      },
      {
        by: "daniel_kim", afterHours: 18,
        text: "From a teacher's perspective: my students can't tell the difference anymore. Labels would help media literacy a lot.",
      },
      {
        by: "jordan_o",
        afterHours: 22,
        text: "The line is hard to draw. Photoshop's generative fill is AI too. I'd rather label intent to deceive than tools.",
        replies: [
          {
            by: "hannah_weber", afterHours: 3,
            text: "Fair point, but intent is much harder to police than a metadata tag.",
          },
        ],
      },
    ],
  },
  {
    title: "Show & Tell: I built a meeting-notes summariser over a weekend",
    category: "Show & Tell",
    by: "marcus_j",
    daysAgo: 45,
    paragraphs: [
      "I run a small bakery and spend way too much time writing up supplier calls. So I built a little tool: it takes the transcript from my phone's recorder and produces **action items, prices mentioned and follow-up dates**.",
      "Stack: a no-code automation tool, a speech-to-text API and an LLM with a fixed prompt. Total cost so far is about $3 a month.",
      "It's not perfect (it sometimes confuses kilos and pounds 😅) but it saves me an hour a week. Happy to share the prompt if anyone wants it!",
    ],
    likedBy: ["ada_admin", "elena_petrova", "ethan_brooks", "grace_liu", "jordan_o", "lucas_moreau", "noah_patel"],
    replies: [
      {
        by: "lucas_moreau",
        afterHours: 2,
        text: "This is exactly the kind of practical use I love seeing. Please share the prompt!",
        replies: [{ by: "marcus_j", afterHours: 6, text: "Posted it in the Prompt Engineering category 🙂" }],
      },
      {
        by: "elena_petrova", afterHours: 10,
        text: "For the units problem, try asking it to quote the exact phrase from the transcript next to each number. Makes errors easy to spot.",
      },
    ],
  },
  {
    title: "Suno vs Udio for making backing tracks?",
    category: "AI Music",
    by: "ethan_brooks",
    daysAgo: 43,
    paragraphs: [
      "I've been using both to generate backing tracks that I then re-arrange in my DAW. Quick impressions:",
      "- **Suno:** catchier results, great for full songs, stems are improving\n- **Udio:** better audio fidelity, more control when extending a clip\n- Both: vocals are the weakest part, so I mostly mute them",
      "Anyone else using these in a real production workflow? I'd love to compare notes on licensing too, since the terms change often.",
    ],
    likedBy: ["ada_admin", "aisha_k", "daniel_kim", "elena_petrova", "marcus_j"],
    replies: [
      {
        by: "jordan_o", afterHours: 7,
        text: "Suno for sketching ideas, then I replay everything on real instruments. Keeps licensing simple.",
      },
      {
        by: "hannah_weber",
        afterHours: 16,
        text: "I'd be curious how you credit the tools when you publish. Do you mention them?",
        replies: [
          {
            by: "ethan_brooks", afterHours: 5,
            text: "I always mention them in the description. Feels more honest, and listeners seem to appreciate it.",
          },
        ],
      },
    ],
  },
  {
    title: "Beginner question: what exactly is a token?",
    category: "General Discussion",
    by: "daniel_kim",
    daysAgo: 41,
    paragraphs: [
      "Every AI tool talks about tokens (token limits, price per token...) but I've never seen a clear explanation I could pass on to my students.",
      "Is a token a word? A syllable? Why does the same sentence cost different amounts in different languages?",
    ],
    likedBy: ["aisha_k", "hannah_weber", "marcus_j", "priya_r"],
    replies: [
      {
        by: "maya_chen",
        afterHours: 1,
        text: "A token is a chunk of text the model's tokenizer knows about: often a whole common word, sometimes a piece of a rare word. Roughly 4 characters of English on average.",
        replies: [
          {
            by: "priya_r", afterHours: 3,
            text: "And languages that were less common in the training data get split into more, smaller tokens, which is why they cost more.",
          },
        ],
      },
      { by: "daniel_kim", afterHours: 8, text: "That's the explanation I needed. Thank you both!" },
    ],
  },
  {
    title: "Fine-tuning vs RAG: when do you choose which?",
    category: "Machine Learning",
    by: "maya_chen",
    daysAgo: 39,
    paragraphs: [
      "This question comes up in almost every project I work on, so here is my rule of thumb:",
      "- Use **RAG** when the model needs *knowledge* that changes or that must be cited: docs, tickets, policies.\n- Use **fine-tuning** when the model needs a *behaviour*: a tone, a format, a narrow classification task.\n- Use **both** when you need a behaviour *and* fresh knowledge.",
      "In practice, a good retrieval pipeline plus a well-written prompt solves 80% of cases before fine-tuning is even worth discussing. What has your experience been?",
    ],
    likedBy: [
      "ada_admin", "daniel_kim", "ethan_brooks", "grace_liu", "hannah_weber", "jordan_o", "lucas_moreau",
      "marcus_j", "noah_patel", "priya_r", "sofia_alvarez", "tomas_silva",
    ],
    replies: [
      {
        by: "lucas_moreau", afterHours: 4,
        text: "Agreed. We spent two weeks fine-tuning before realising our retrieval was returning the wrong chunks. Fixing chunking beat the fine-tune.",
      },
      {
        by: "aisha_k",
        afterHours: 9,
        text: "One more case for fine-tuning: latency and cost. A small fine-tuned model can replace a big general one for narrow tasks.",
        replies: [
          {
            by: "maya_chen", afterHours: 2,
            text: "Great point, distillation into a small model is underrated.",
          },
        ],
      },
    ],
  },
  {
    title: "Chain-of-thought prompting: still worth it with reasoning models?",
    category: "Prompt Engineering",
    by: "jordan_o",
    daysAgo: 36,
    paragraphs: [
      "With models that \"think\" before answering, I'm wondering if adding *let's think step by step* still helps, or if it just wastes tokens.",
      "My informal tests suggest it **helps with older chat models** and **does little or nothing with reasoning models**. Sometimes it even makes their answers longer without being better.",
      "Has anyone measured this more carefully?",
    ],
    likedBy: ["ada_admin", "aisha_k", "daniel_kim", "lucas_moreau", "marcus_j", "maya_chen"],
    replies: [
      {
        by: "elena_petrova",
        afterHours: 6,
        text: "I ran a small eval at work: no measurable gain on reasoning models, +8% on a smaller chat model for maths word problems.",
        replies: [
          {
            by: "jordan_o", afterHours: 4,
            text: "That matches what I saw. Thanks for actually measuring it!",
          },
        ],
      },
    ],
  },
  {
    title: "How are you using AI with students without encouraging cheating?",
    category: "AI Ethics",
    by: "daniel_kim",
    daysAgo: 34,
    paragraphs: [
      "I teach history to 15–17 year olds. Banning AI clearly doesn't work, so this term I'm trying something different:",
      "- Students **critique** an AI-written essay instead of writing one from scratch\n- They must find at least two factual errors and fix them with sources\n- Oral follow-up questions on anything they hand in",
      "Early results are encouraging: they're learning to fact-check, and a few were shocked at how confidently wrong the AI could be. Any other teachers here with ideas?",
    ],
    likedBy: [
      "ada_admin", "aisha_k", "ethan_brooks", "grace_liu", "lucas_moreau", "marcus_j", "noah_patel",
      "tomas_silva",
    ],
    replies: [
      {
        by: "priya_r", afterHours: 5,
        text: "I do something similar at university: students grade AI answers with a rubric. It teaches them what good looks like.",
      },
      {
        by: "sofia_alvarez", afterHours: 12,
        text: "As a parent, I love this approach. Much better than pretending the tools don't exist.",
      },
    ],
  },
  {
    title: "Made an ambient album with AI stems: feedback welcome",
    category: "Show & Tell",
    by: "ethan_brooks",
    daysAgo: 31,
    paragraphs: [
      "I just finished a six-track ambient EP called **Cloud Memory**. The pads and textures started as AI-generated stems, then I resampled, stretched and layered them with my own field recordings.",
      "What I learned:\n\n1. Generated stems are a great *starting point* but rarely a finished sound\n2. Heavy processing makes them feel much more personal\n3. Mastering AI audio needs extra care around 8–12 kHz, there's often a metallic shimmer",
      "Would love feedback from fellow music lovers, especially on the mix!",
    ],
    likedBy: [
      "ada_admin", "daniel_kim", "grace_liu", "hannah_weber", "lucas_moreau", "marcus_j", "maya_chen",
      "priya_r", "sofia_alvarez",
    ],
    replies: [
      {
        by: "noah_patel",
        afterHours: 72,
        text: "Track 3 is gorgeous. How did you get the field recordings to blend so well?",
        replies: [
          {
            by: "ethan_brooks", afterHours: 5,
            text: "Lots of reverb sends shared between the layers, so they sit in the same space. Happy to show it at the next music jam!",
          },
        ],
      },
      {
        by: "hannah_weber", afterHours: 20,
        text: "Really lovely. Thank you for being open about your process.",
      },
    ],
  },
  {
    title: "Cursor, Copilot or plain chat: what do you code with?",
    category: "AI Tools & Apps",
    by: "elena_petrova",
    daysAgo: 29,
    paragraphs: [
      "Our team is deciding which AI coding assistant to standardise on. I've used three setups for a month each:",
      "- **GitHub Copilot** in VS Code: great autocomplete, least disruptive\n- **Cursor**: the best for multi-file changes, but you must review every diff carefully\n- **Plain chat** in a browser tab: surprisingly good for design discussions, clunky for actual edits",
      "As a tester, I'm mostly worried about subtle bugs sneaking in. How do your teams review AI-written code?",
    ],
    likedBy: ["ada_admin", "aisha_k", "grace_liu", "lucas_moreau", "marcus_j", "maya_chen", "noah_patel"],
    replies: [
      {
        by: "lucas_moreau", afterHours: 3,
        text: "We treat AI code like a junior's PR: tests required, no exceptions. It catches most of the subtle stuff.",
      },
      {
        by: "maya_chen",
        afterHours: 7,
        text: "Also worth asking the assistant to write the tests *first*. Reviewing tests is easier than reviewing implementation.",
        replies: [
          {
            by: "elena_petrova", afterHours: 2,
            text: "Love the tests-first idea, going to propose that to the team.",
          },
        ],
      },
    ],
  },
  {
    title: "Papers you read this month (share your top pick)",
    category: "Machine Learning",
    by: "aisha_k",
    daysAgo: 26,
    paragraphs: [
      "Let's start a monthly thread! Share one paper you read and one sentence on why it matters.",
      "My pick: **\"Attention Is All You Need\"** re-read for a reading group ([arXiv](https://arxiv.org/abs/1706.03762)). Seven years on, it is striking how much of the design survived almost unchanged.",
    ],
    likedBy: ["daniel_kim", "marcus_j", "maya_chen", "priya_r", "sofia_alvarez"],
    replies: [
      {
        by: "priya_r", afterHours: 8,
        text: "\"Towards Monosemanticity\" from Anthropic: sparse autoencoders make model features interpretable in a way I didn't think was possible.",
      },
      {
        by: "tomas_silva",
        afterHours: 19,
        text: "Not a paper, but I finally read the backprop chapter of the Deep Learning book. Does that count? 😄",
        replies: [{ by: "aisha_k", afterHours: 1, text: "Absolutely counts! Fundamentals are the best reads." }],
      },
    ],
  },
  {
    title: "Prompt: turning messy meeting transcripts into action items",
    category: "Prompt Engineering",
    by: "marcus_j",
    daysAgo: 24,
    paragraphs: [
      "As promised in my Show & Tell post, here's the prompt I use:",
      "> You are an assistant for a small bakery. From the transcript below, list: **1)** action items with an owner, **2)** every price mentioned with the exact quote, **3)** follow-up dates. If something is unclear, write \"UNCLEAR\" instead of guessing.",
      "The *exact quote* part (thanks Elena!) fixed most of my unit mix-ups. Improvements welcome.",
    ],
    likedBy: ["elena_petrova", "ethan_brooks", "jordan_o", "priya_r", "sofia_alvarez", "tomas_silva"],
    replies: [
      {
        by: "sofia_alvarez", afterHours: 4,
        text: "The UNCLEAR instruction is such a good habit. I'm adding that to all my work prompts.",
      },
      {
        by: "jordan_o", afterHours: 10,
        text: "Try asking for JSON output if you ever want to push this into a spreadsheet automatically.",
      },
    ],
  },
  {
    title: "What's the most useful AI tool you discovered this year?",
    category: "AI Tools & Apps",
    by: "jordan_o",
    daysAgo: 21,
    paragraphs: [
      "Let's build a list of hidden gems. Rules: one tool per reply, and say what you actually use it for.",
      "I'll start: **NotebookLM**. I drop in long research PDFs and ask questions with citations. It has replaced a lot of skimming for me.",
    ],
    likedBy: [
      "ada_admin", "daniel_kim", "elena_petrova", "grace_liu", "hannah_weber", "lucas_moreau", "marcus_j",
      "maya_chen", "noah_patel", "sofia_alvarez",
    ],
    replies: [
      {
        by: "lucas_moreau", afterHours: 2,
        text: "Ollama. Local models with one command, perfect for private notes.",
      },
      {
        by: "hannah_weber", afterHours: 6,
        text: "Whisper-based transcription apps. I transcribe voice memos of sketch ideas while walking.",
      },
      {
        by: "grace_liu",
        afterHours: 11,
        text: "Perplexity for quick background research with sources. Very handy as a journalist.",
        replies: [
          {
            by: "jordan_o", afterHours: 3, text: "Good one, the citations are what make it usable for work.",
          },
        ],
      },
    ],
  },
  {
    title: "AI and jobs: should we be worried or excited?",
    category: "AI Ethics",
    by: "sofia_alvarez",
    daysAgo: 18,
    paragraphs: [
      "At my company the marketing team shrank this year, and AI tools were part of the explanation. At the same time I've never been more productive.",
      "I'm torn. It feels like the tasks are changing faster than people can retrain. Is the answer **regulation**, **education**, or will the market sort it out?",
      "I'd love to hear perspectives from different industries.",
    ],
    likedBy: ["aisha_k", "ethan_brooks", "grace_liu", "jordan_o", "marcus_j", "noah_patel", "priya_r"],
    replies: [
      {
        by: "priya_r", afterHours: 3,
        text: "Historically, technology has shifted jobs more than erased them, but the transition costs fall on real people. Retraining support matters a lot.",
      },
      {
        by: "marcus_j", afterHours: 9,
        text: "Small business view: AI let me avoid hiring for admin work, but I did hire another baker. Net effect for me was positive.",
      },
      {
        by: "daniel_kim", afterHours: 15,
        text: "Education has to change fast. We're still teaching for a world without these tools.",
      },
    ],
  },
  {
    title: "Generative music and copyright: what are the rules?",
    category: "AI Music",
    by: "hannah_weber",
    daysAgo: 15,
    paragraphs: [
      "If I release a track where AI generated the melody, who owns it? From what I've read, in many countries purely machine-generated works may not be protected by copyright at all.",
      "Meanwhile several labels are suing AI music companies over training data. **I'm not a lawyer**, so I'd appreciate pointers to reliable sources rather than opinions.",
    ],
    likedBy: ["aisha_k", "daniel_kim", "lucas_moreau", "noah_patel"],
    replies: [
      {
        by: "ethan_brooks", afterHours: 6,
        text: "The US Copyright Office has published guidance on AI-assisted works. Human creative contribution is the key factor.",
      },
      {
        by: "ada_admin", afterHours: 20,
        text: "Great topic for a future meeting. I'll try to invite someone with a legal background.",
      },
    ],
  },
  {
    title: "Tutorial: build a tiny neural network in 50 lines of Python",
    category: "Machine Learning",
    by: "priya_r",
    daysAgo: 12,
    paragraphs: [
      "For the beginners who asked: here's the outline of the exercise I give my students. No libraries except NumPy.",
      "1. Create a dataset: XOR is the classic\n2. Initialise two weight matrices with small random numbers\n3. Forward pass: `hidden = sigmoid(X @ W1)`, `out = sigmoid(hidden @ W2)`\n4. Compute the loss and its gradient\n5. Update the weights and repeat a few thousand times",
      "Once this works, swapping NumPy for PyTorch's autograd feels like magic, and you understand what the magic is doing. Post your versions below!",
    ],
    likedBy: [
      "ada_admin", "daniel_kim", "grace_liu", "hannah_weber", "jordan_o", "marcus_j", "maya_chen",
      "sofia_alvarez", "tomas_silva",
    ],
    replies: [
      {
        by: "tomas_silva",
        afterHours: 26,
        text: "Got it working! The loss went from 0.25 to 0.002. Feels amazing to see it learn XOR.",
        replies: [
          {
            by: "priya_r", afterHours: 2,
            text: "Congrats! Now try changing the hidden layer size and watch what happens.",
          },
        ],
      },
      {
        by: "noah_patel", afterHours: 96,
        text: "Saving this for the weekend. Thanks for writing it up for beginners.",
      },
    ],
  },
  {
    title: "Show & Tell: a Discord bot that answers questions from our docs",
    category: "Show & Tell",
    by: "lucas_moreau",
    daysAgo: 9,
    paragraphs: [
      "Built a small RAG bot for an open-source project I help maintain. It indexes the docs and answers questions in our Discord with links to the relevant pages.",
      "**Stack:** a local embedding model, SQLite with a vector extension, and a hosted LLM for generation. Maya's fine-tuning vs RAG thread convinced me not to fine-tune anything. 😄",
      "The hardest part was chunking: splitting by headings worked far better than fixed-size chunks.",
    ],
    likedBy: ["ada_admin", "aisha_k", "daniel_kim", "noah_patel", "priya_r", "tomas_silva"],
    replies: [
      {
        by: "maya_chen",
        afterHours: 3,
        text: "Heading-based chunking is the way! Do you evaluate the answers somehow?",
        replies: [
          {
            by: "lucas_moreau", afterHours: 2,
            text: "A list of 40 real questions with expected doc pages. I check retrieval hit rate after each change.",
          },
        ],
      },
      {
        by: "elena_petrova", afterHours: 8,
        text: "That's a proper eval set. Would you share how you built it at a meeting?",
      },
    ],
  },
  {
    title: "Image generators compared for product mockups",
    category: "AI Tools & Apps",
    by: "jordan_o",
    daysAgo: 6,
    paragraphs: [
      "I needed quick product mockups for a client pitch and tested the usual suspects with the same brief.",
      "- **Midjourney:** most polished look, weakest at following layout instructions\n- **DALL·E in ChatGPT:** best at text in images and specific layouts\n- **Stable Diffusion with ControlNet:** most control, most setup time",
      "For client work I ended up mixing them: layout from one, style from another, final touch-ups by hand.",
    ],
    likedBy: ["aisha_k", "elena_petrova", "hannah_weber", "lucas_moreau", "maya_chen"],
    replies: [
      {
        by: "hannah_weber",
        afterHours: 5,
        text: "Interesting that text rendering has improved so much. Did the client know the mockups were AI-assisted?",
        replies: [
          {
            by: "jordan_o", afterHours: 1,
            text: "Yes, I always say so up front. Nobody minded, they were just concepts.",
          },
        ],
      },
    ],
  },
  {
    title: "What should we cover in next month's meetings?",
    category: "General Discussion",
    by: "ada_admin",
    daysAgo: 4,
    paragraphs: [
      "We have four Thursday slots coming up. Some ideas so far:",
      "- A hands-on **RAG chatbot** build (Lucas and Maya volunteered!)\n- An **AI music jam** with Ethan\n- A **careers in ML** AMA\n- A legal Q&A about **AI and copyright**",
      "Reply with your votes or new suggestions, and don't forget to register on the Meetings page.",
    ],
    likedBy: [
      "daniel_kim", "elena_petrova", "ethan_brooks", "hannah_weber", "lucas_moreau", "marcus_j", "maya_chen",
      "tomas_silva",
    ],
    replies: [
      {
        by: "sofia_alvarez", afterHours: 2,
        text: "Careers AMA please! Lots of us are thinking about switching into AI roles.",
      },
      { by: "tomas_silva", afterHours: 5, text: "+1 for the RAG build, I'd love to follow along live." },
      {
        by: "ethan_brooks", afterHours: 9,
        text: "Music jam is ready to go, I'll bring stems for everyone to remix.",
      },
    ],
  },
  {
    title: "Open-weight models are catching up fast: thoughts?",
    category: "Machine Learning",
    by: "maya_chen",
    daysAgo: 2,
    paragraphs: [
      "The gap between the best open-weight models and the top closed APIs looks smaller every few months, at least on public benchmarks.",
      "For many tasks (summarising, classification, extraction) I now default to an open model I can run myself. For hard reasoning and long agentic tasks, the frontier APIs still win.",
      "Where do you draw the line in your own projects? And do you trust the benchmarks?",
    ],
    likedBy: ["ada_admin", "daniel_kim", "ethan_brooks", "noah_patel", "sofia_alvarez", "tomas_silva"],
    replies: [
      {
        by: "aisha_k", afterHours: 3,
        text: "I trust benchmarks less every month. Contamination is a real problem; our own task-specific evals are what matter.",
      },
      {
        by: "lucas_moreau", afterHours: 7,
        text: "Open models for anything involving private data, full stop. Everything else, whatever is cheapest that passes our evals.",
      },
    ],
  },
];

export const DEMO_MEETINGS: readonly DemoMeeting[] = [
  {
    title: "Image Generation Deep Dive: Diffusion Models Explained",
    weeksFromNow: -7,
    duration: 45,
    registrationRequired: true,
    description: "How diffusion models turn noise into images, and what that means for prompts, seeds and control tools.",
    registered: ["aisha_k", "daniel_kim", "ethan_brooks", "hannah_weber", "lucas_moreau"],
    attended: ["aisha_k", "ethan_brooks", "hannah_weber", "lucas_moreau"],
  },
  {
    title: "Intro to Neural Networks for Absolute Beginners",
    weeksFromNow: -6,
    duration: 60,
    registrationRequired: true,
    replayVideoId: "Lc3nE6wPz0s",
    description: "Neurons, weights, loss and gradient descent explained with pictures and a spreadsheet. No maths background required.",
    registered: [
      "aisha_k", "daniel_kim", "hannah_weber", "jordan_o", "lucas_moreau", "marcus_j", "maya_chen",
      "priya_r", "sofia_alvarez", "tomas_silva",
    ],
    attended: ["aisha_k", "daniel_kim", "hannah_weber", "lucas_moreau", "marcus_j", "sofia_alvarez", "tomas_silva"],
  },
  {
    title: "Show & Tell Night: Member Projects",
    weeksFromNow: -5,
    duration: 90,
    registrationRequired: false,
    replayVideoId: "Tb5mR1xJq8o",
    description: "Five members demoed what they built: a bakery notes summariser, an ambient EP, a docs bot, a classroom AI policy and a mockup workflow.",
    registered: [
      "aisha_k", "daniel_kim", "elena_petrova", "ethan_brooks", "jordan_o", "lucas_moreau", "marcus_j",
      "maya_chen", "priya_r", "tomas_silva",
    ],
    attended: [
      "aisha_k", "daniel_kim", "ethan_brooks", "jordan_o", "lucas_moreau", "marcus_j", "priya_r",
      "tomas_silva",
    ],
  },
  {
    title: "Weekly AI Roundup: Open-Source Model Showdown",
    weeksFromNow: -4,
    duration: 60,
    registrationRequired: false,
    description: "We compared the latest open-weight models on real member tasks, live, and voted on the winners.",
    registered: [
      "aisha_k", "elena_petrova", "ethan_brooks", "hannah_weber", "jordan_o", "lucas_moreau", "marcus_j",
      "maya_chen", "priya_r", "sofia_alvarez", "tomas_silva",
    ],
    attended: [
      "elena_petrova", "ethan_brooks", "hannah_weber", "jordan_o", "lucas_moreau", "marcus_j", "maya_chen",
      "priya_r", "sofia_alvarez", "tomas_silva",
    ],
  },
  {
    title: "AI Ethics Roundtable: Deepfakes and Consent",
    weeksFromNow: -3,
    duration: 60,
    registrationRequired: true,
    replayVideoId: "hK2sW9bQf4U",
    description: "An open discussion on synthetic media, consent, labelling and what platforms and lawmakers are doing about it.",
    registered: ["daniel_kim", "jordan_o", "lucas_moreau", "marcus_j", "priya_r", "sofia_alvarez", "tomas_silva"],
    attended: ["daniel_kim", "jordan_o", "priya_r", "sofia_alvarez", "tomas_silva"],
  },
  {
    title: "Local LLMs on Your Laptop with Ollama",
    weeksFromNow: -2,
    duration: 90,
    registrationRequired: true,
    replayVideoId: "Zr8vN3tYc1E",
    description: "Installing and running open models locally, choosing quantisations, and connecting them to your editor and notes app.",
    registered: ["aisha_k", "ethan_brooks", "hannah_weber", "jordan_o", "lucas_moreau", "marcus_j", "tomas_silva"],
    attended: ["hannah_weber", "jordan_o", "tomas_silva"],
  },
  {
    title: "Prompt Engineering Clinic",
    weeksFromNow: -1,
    duration: 60,
    registrationRequired: false,
    replayVideoId: "pQ7x4Kd2LmA",
    description: "Bring a prompt that isn't working and we fix it together live. Covered: structure, examples, output formats and handling uncertainty.",
    registered: ["aisha_k", "grace_liu", "maya_chen", "priya_r", "sofia_alvarez"],
    attended: ["grace_liu", "maya_chen", "priya_r", "sofia_alvarez"],
  },
  {
    title: "Weekly AI Roundup: What Shipped This Week",
    weeksFromNow: 0,
    duration: 60,
    registrationRequired: false,
    description: "Our regular Thursday roundup: new models, tool releases and research highlights, explained in plain language. Bring your questions and your favourite finds.",
    registered: ["grace_liu", "hannah_weber", "lucas_moreau", "noah_patel", "priya_r", "tomas_silva"],
  },
  {
    title: "Hands-on: Build a RAG Chatbot with Open Models",
    weeksFromNow: 1,
    duration: 90,
    registrationRequired: true,
    description: "Lucas and Maya walk through building a retrieval-augmented chatbot over your own documents, from chunking to evaluation. Laptop recommended; code shared before the session.",
    registered: ["elena_petrova", "hannah_weber"],
  },
  {
    title: "AI Music Jam: Remix Session with Ethan",
    weeksFromNow: 2,
    duration: 60,
    registrationRequired: true,
    description: "Ethan shares AI-generated stems and we remix them live. Learn how to turn generated audio into something that sounds like you.",
    registered: ["elena_petrova", "grace_liu", "jordan_o", "noah_patel", "priya_r"],
  },
  {
    title: "Ask Me Anything: Careers in Machine Learning",
    weeksFromNow: 3,
    duration: 45,
    registrationRequired: false,
    description: "Members working in ML and data science answer your questions about switching careers, portfolios, interviews and what the day-to-day job looks like.",
    registered: ["daniel_kim", "lucas_moreau", "noah_patel", "tomas_silva"],
  },
];

export const DEMO_RESOURCES: readonly DemoResource[] = [
  {
    title: "ChatGPT",
    description: "OpenAI's conversational assistant. Free tier available; great for drafting, brainstorming and learning.",
    url: "https://chatgpt.com",
    resourceType: "tool",
    difficulty: "beginner",
    pricingCategory: "low",
    tags: ["LLM", "Chatbot", "Writing"],
    by: "ada_admin",
    daysAgo: 88,
    ratings: {
      aisha_k: 5, daniel_kim: 4, elena_petrova: 5, ethan_brooks: 5, grace_liu: 4, hannah_weber: 5,
      jordan_o: 4, lucas_moreau: 5, marcus_j: 4, maya_chen: 4, noah_patel: 5, priya_r: 5, sofia_alvarez: 5,
      tomas_silva: 4,
    },
  },
  {
    title: "Ollama",
    description: "Run open-weight language models locally with a single command. Private, offline and free.",
    url: "https://ollama.com",
    resourceType: "tool",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Local LLM", "Open Source", "Privacy"],
    by: "ada_admin",
    daysAgo: 80,
    ratings: {
      ada_admin: 5, aisha_k: 5, daniel_kim: 4, elena_petrova: 4, ethan_brooks: 5, grace_liu: 5,
      hannah_weber: 5, jordan_o: 5, marcus_j: 5, maya_chen: 4, noah_patel: 5, priya_r: 5, sofia_alvarez: 5,
      tomas_silva: 5,
    },
  },
  {
    title: "GitHub Copilot",
    description: "AI pair programmer inside your editor: autocomplete, chat and multi-file edits.",
    url: "https://github.com/features/copilot",
    resourceType: "tool",
    difficulty: "intermediate",
    pricingCategory: "low",
    tags: ["Coding", "Developer Tools"],
    by: "ada_admin",
    daysAgo: 30,
    ratings: {
      ada_admin: 5, aisha_k: 4, daniel_kim: 4, ethan_brooks: 4, grace_liu: 4, hannah_weber: 5, jordan_o: 4,
      lucas_moreau: 4, marcus_j: 5, maya_chen: 4, noah_patel: 4, priya_r: 4, sofia_alvarez: 5,
      tomas_silva: 4,
    },
  },
  {
    title: "The Illustrated Transformer",
    description: "Jay Alammar's famous visual walkthrough of the transformer architecture and attention.",
    url: "https://jalammar.github.io/illustrated-transformer/",
    resourceType: "article",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Transformers", "Attention", "Visual"],
    by: "ada_admin",
    daysAgo: 52,
    ratings: {
      ada_admin: 5, aisha_k: 5, daniel_kim: 5, elena_petrova: 5, ethan_brooks: 5, grace_liu: 5,
      hannah_weber: 5, jordan_o: 5, lucas_moreau: 5, marcus_j: 5, maya_chen: 5, noah_patel: 4, priya_r: 5,
      sofia_alvarez: 5,
    },
  },
  {
    title: "Attention Is All You Need",
    description: "The 2017 paper that introduced the transformer, the architecture behind today's LLMs.",
    url: "https://arxiv.org/abs/1706.03762",
    resourceType: "article",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["Research Paper", "Transformers"],
    by: "ada_admin",
    daysAgo: 26,
    ratings: {
      ada_admin: 5, daniel_kim: 4, elena_petrova: 5, jordan_o: 5, lucas_moreau: 5, marcus_j: 4, maya_chen: 5,
      noah_patel: 5, priya_r: 4, sofia_alvarez: 5, tomas_silva: 5,
    },
  },
  {
    title: "Prompt Engineering (Lil'Log)",
    description: "Lilian Weng's thorough overview of prompting techniques, from few-shot to chain-of-thought.",
    url: "https://lilianweng.github.io/posts/2023-03-15-prompt-engineering/",
    resourceType: "article",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Prompting", "Techniques"],
    by: "ada_admin",
    daysAgo: 47,
    ratings: {
      daniel_kim: 5, elena_petrova: 4, ethan_brooks: 5, grace_liu: 4, lucas_moreau: 5, marcus_j: 5,
      noah_patel: 4, tomas_silva: 4,
    },
  },
  {
    title: "But what is a neural network?",
    description: "3Blue1Brown's beautifully animated introduction to neural networks. The best place to start.",
    url: "https://www.youtube.com/watch?v=aircAruvnKk",
    resourceType: "video",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["Neural Networks", "Beginner", "Math"],
    by: "ada_admin",
    daysAgo: 70,
    ratings: {
      ada_admin: 5, aisha_k: 5, daniel_kim: 5, elena_petrova: 4, ethan_brooks: 5, grace_liu: 5,
      hannah_weber: 5, jordan_o: 5, lucas_moreau: 5, marcus_j: 5, maya_chen: 5, noah_patel: 5,
      sofia_alvarez: 5, tomas_silva: 5,
    },
  },
  {
    title: "Let's build GPT: from scratch, in code, spelled out",
    description: "Andrej Karpathy builds a small GPT step by step in PyTorch. Two hours well spent.",
    url: "https://www.youtube.com/watch?v=kCc8FmEb1nY",
    resourceType: "video",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["GPT", "PyTorch", "From Scratch"],
    by: "ada_admin",
    daysAgo: 60,
    ratings: {
      ada_admin: 5, aisha_k: 5, daniel_kim: 5, elena_petrova: 5, ethan_brooks: 5, grace_liu: 5,
      hannah_weber: 4, jordan_o: 5, lucas_moreau: 5, marcus_j: 5, noah_patel: 5, priya_r: 5,
      sofia_alvarez: 5, tomas_silva: 5,
    },
  },
  {
    title: "Intro to Large Language Models",
    description: "A one-hour general-audience talk by Andrej Karpathy on what LLMs are and where they are heading.",
    url: "https://www.youtube.com/watch?v=zjkBMFhNj_g",
    resourceType: "video",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["LLM", "Overview"],
    by: "ada_admin",
    daysAgo: 40,
    ratings: {
      aisha_k: 5, daniel_kim: 5, elena_petrova: 4, ethan_brooks: 5, grace_liu: 5, hannah_weber: 5,
      jordan_o: 5, lucas_moreau: 5, marcus_j: 4, maya_chen: 5, noah_patel: 5, priya_r: 5, sofia_alvarez: 4,
      tomas_silva: 5,
    },
  },
  {
    title: "Practical Deep Learning for Coders",
    description: "fast.ai's free, top-down course: train state-of-the-art models from lesson one.",
    url: "https://course.fast.ai",
    resourceType: "course",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Deep Learning", "Course", "Python"],
    by: "ada_admin",
    daysAgo: 66,
    ratings: {
      ada_admin: 5, aisha_k: 5, daniel_kim: 4, elena_petrova: 5, ethan_brooks: 5, grace_liu: 5,
      hannah_weber: 5, jordan_o: 5, lucas_moreau: 5, marcus_j: 5, maya_chen: 4, noah_patel: 4,
      sofia_alvarez: 5, tomas_silva: 5,
    },
  },
  {
    title: "Machine Learning Specialization",
    description: "Andrew Ng's foundational ML course series on Coursera (DeepLearning.AI and Stanford).",
    url: "https://www.coursera.org/specializations/machine-learning-introduction",
    resourceType: "course",
    difficulty: "beginner",
    pricingCategory: "high",
    tags: ["Machine Learning", "Certificate"],
    by: "ada_admin",
    daysAgo: 35,
    ratings: {
      ada_admin: 5, aisha_k: 5, elena_petrova: 4, ethan_brooks: 5, grace_liu: 5, hannah_weber: 4,
      jordan_o: 5, lucas_moreau: 5, marcus_j: 5, maya_chen: 4, noah_patel: 5, priya_r: 5, sofia_alvarez: 5,
      tomas_silva: 4,
    },
  },
  {
    title: "Hugging Face",
    description: "The hub for open models, datasets and demo Spaces, with excellent free courses and docs.",
    url: "https://huggingface.co",
    resourceType: "website",
    difficulty: "intermediate",
    pricingCategory: "free",
    tags: ["Models", "Datasets", "Open Source", "Community"],
    by: "ada_admin",
    daysAgo: 75,
    ratings: {
      ada_admin: 4, aisha_k: 5, daniel_kim: 5, elena_petrova: 5, ethan_brooks: 4, grace_liu: 5,
      hannah_weber: 5, jordan_o: 5, lucas_moreau: 5, marcus_j: 4, noah_patel: 5, priya_r: 5,
      sofia_alvarez: 5, tomas_silva: 5,
    },
  },
  {
    title: "Two Minute Papers",
    description: "Short, enthusiastic explainers of the latest AI research papers. What a time to be alive!",
    url: "https://www.youtube.com/@TwoMinutePapers",
    resourceType: "channel",
    difficulty: "beginner",
    pricingCategory: "free",
    tags: ["Research", "YouTube"],
    by: "ada_admin",
    daysAgo: 20,
    ratings: {
      daniel_kim: 5, elena_petrova: 4, ethan_brooks: 5, grace_liu: 5, jordan_o: 5, marcus_j: 4, maya_chen: 4,
      noah_patel: 4, priya_r: 4,
    },
  },
  {
    title: "Deep Learning (Goodfellow, Bengio, Courville)",
    description: "The classic deep learning textbook, freely readable online. Heavy on theory, worth it.",
    url: "https://www.deeplearningbook.org",
    resourceType: "book",
    difficulty: "advanced",
    pricingCategory: "free",
    tags: ["Textbook", "Theory", "Math"],
    by: "ada_admin",
    daysAgo: 24,
    ratings: {
      ada_admin: 4, daniel_kim: 4, ethan_brooks: 4, hannah_weber: 5, marcus_j: 5, noah_patel: 5,
      sofia_alvarez: 5,
    },
  },
  {
    title: "Hands-On Machine Learning with Scikit-Learn, Keras and TensorFlow",
    description: "Aurélien Géron's practical, project-driven book. A favourite first ML book for programmers.",
    url: "https://www.oreilly.com/library/view/hands-on-machine-learning/9781098125967/",
    resourceType: "book",
    difficulty: "intermediate",
    pricingCategory: "high",
    tags: ["Scikit-Learn", "TensorFlow", "Projects"],
    by: "ada_admin",
    daysAgo: 5,
    ratings: {},
  },
];

export const DEMO_ARTISTS: readonly DemoArtist[] = [
  {
    name: "Neon Cortex",
    genre: "Synthwave",
    description: "Retro-futurist synthwave co-written with generative models, all neon skylines and midnight drives.",
    latestTrack: "Gradient Highway",
    playCount: 184250,
    featured: true,
    spotify: "https://open.spotify.com/artist/4Nq7cXr2LmT8pWz0aB3kYd",
    youtube: "https://www.youtube.com/@neoncortexmusic",
    appleMusic: "https://music.apple.com/us/artist/neon-cortex/1650032417",
    daysAgo: 85,
    ratings: { ethan_brooks: 4, hannah_weber: 3, jordan_o: 5, noah_patel: 5, priya_r: 3 },
    comments: [
      {
        by: "maya_chen", daysAgo: 40,
        comment: "Gradient Highway is on repeat during my coding sessions. That bassline!",
      },
      {
        by: "jordan_o", daysAgo: 22,
        comment: "Love the 80s aesthetic. Would be great to hear how much of this is AI vs hand-played.",
      },
    ],
  },
  {
    name: "Lofi Lattice",
    genre: "Lo-fi",
    description: "Dusty beats and warm keys to study and code to, sampled from AI-generated jazz sessions.",
    latestTrack: "Late Night Backprop",
    playCount: 96400,
    featured: true,
    spotify: "https://open.spotify.com/artist/7Rk2bVn9QeT1uXs5cM8pLa",
    youtube: "https://www.youtube.com/@lofilattice",
    daysAgo: 78,
    ratings: {
      aisha_k: 5, elena_petrova: 5, marcus_j: 5, maya_chen: 5, noah_patel: 4, sofia_alvarez: 5,
      tomas_silva: 5,
    },
    comments: [
      {
        by: "tomas_silva", daysAgo: 30,
        comment: "Perfect study music. Late Night Backprop got me through my exam week 😄",
      },
      { by: "hannah_weber", daysAgo: 12, comment: "Really warm sound, the vinyl crackle is a nice touch." },
    ],
  },
  {
    name: "Aurora Weights",
    genre: "Ambient",
    description: "Slow, spacious ambient pieces grown from a single seed melody and hours of gentle iteration.",
    latestTrack: "Latent Dawn",
    playCount: 41730,
    featured: true,
    youtube: "https://www.youtube.com/@auroraweights",
    appleMusic: "https://music.apple.com/us/artist/aurora-weights/1701184520",
    daysAgo: 64,
    ratings: { ada_admin: 4, daniel_kim: 4, elena_petrova: 5, jordan_o: 5, marcus_j: 5 },
    comments: [
      {
        by: "ethan_brooks", daysAgo: 28,
        comment: "Beautiful sound design. The long reverb tails are gorgeous.",
      },
    ],
  },
  {
    name: "Gradient Descent",
    genre: "Electronic",
    description: "Driving techno and glitchy electronics built from model-generated drum patterns.",
    latestTrack: "Local Minimum",
    playCount: 58020,
    spotify: "https://open.spotify.com/artist/2Hx8dQm4VtY6nLb1sR0cKe",
    daysAgo: 55,
    ratings: { maya_chen: 5, noah_patel: 4 },
    comments: [{ by: "lucas_moreau", daysAgo: 15, comment: "Local Minimum goes hard. Great title too." }],
  },
  {
    name: "MC Tensor",
    genre: "Hip-Hop",
    description: "Boom-bap production with AI-assisted beats and very human verses about living with technology.",
    latestTrack: "Overfit Flow",
    playCount: 33915,
    spotify: "https://open.spotify.com/artist/5Tz3wLp8KcN2aYe7fU9qHb",
    youtube: "https://www.youtube.com/@mctensor",
    appleMusic: "https://music.apple.com/us/artist/mc-tensor/1688420153",
    daysAgo: 41,
    ratings: { elena_petrova: 5, jordan_o: 4, lucas_moreau: 5, sofia_alvarez: 5 },
    comments: [
      {
        by: "marcus_j", daysAgo: 10,
        comment: "Didn't expect AI-assisted hip-hop to sound this good. The verses are sharp.",
      },
    ],
  },
  {
    name: "The Latent Symphony",
    genre: "Orchestral",
    description: "Cinematic orchestral scores composed with AI sketches and performed by a virtual orchestra.",
    latestTrack: "Overture for a New Model",
    playCount: 27480,
    youtube: "https://www.youtube.com/@thelatentsymphony",
    daysAgo: 33,
    ratings: { aisha_k: 4, elena_petrova: 5, ethan_brooks: 5, grace_liu: 3 },
    comments: [{ by: "priya_r", daysAgo: 8, comment: "This would fit perfectly in a documentary about AI history." }],
  },
  {
    name: "Echo Prompt",
    genre: "Electronic",
    description: "Dreamy electropop where every vocal line started as a text prompt.",
    latestTrack: "Temperature 0.9",
    playCount: 12640,
    spotify: "https://open.spotify.com/artist/8Wd1fPs6RnM3bQk9vT2xJc",
    daysAgo: 18,
    ratings: { ethan_brooks: 5, maya_chen: 3, noah_patel: 5, priya_r: 4, sofia_alvarez: 5 },
    comments: [{ by: "noah_patel", daysAgo: 4, comment: "Temperature 0.9 is such a nerdy title, I love it." }],
  },
  {
    name: "Quiet Circuits",
    genre: "Ambient",
    description: "A new project blending field recordings with generated drones. First EP coming soon.",
    latestTrack: "Standby Light",
    playCount: 0,
    daysAgo: 3,
    ratings: { daniel_kim: 4 },
    comments: [],
  },
];
