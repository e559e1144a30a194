/** URLs built in one place. */
export const routes = {
  home: "/",
  login: "/login",
  loginTab: (tab: "login" | "register") => `/login?tab=${tab}`,
  logout: "/logout",
  forgotPassword: "/forgot-password",
  verifyEmail: "/verify-email",
  discussions: "/discussions",
  post: (id: number | string) => `/post/${id}`,
  meetings: "/meetings",
  members: "/members",
  member: (id: string) => `/members/${id}`,
  resources: "/resources",
  musicArtists: "/music-artists",
  badges: "/badges",
  badgeGuide: "/badge-guide",
  profile: "/profile",
  notifications: "/notifications",
  admin: "/admin",
  adminTab: (tab: string) => `/admin/${tab}`,
  /** The report form of a post, reply, artist comment or member (docs/moderation.md). */
  report: (type: "post" | "reply" | "artist_comment" | "user", id: number | string) => `/report?type=${type}&id=${encodeURIComponent(String(id))}`,
} as const;
