/**
 * The authorization matrix: every privileged page action and /api endpoint × visitor, member,
 * moderator, admin (role admin) and owner (a verified ADMIN_EMAIL account with role member), with the
 * exact answer each must get. Data-driven: a feature adds its rows to `matrix` below (the route
 * module, the method, a request body, and the five expected outcomes).
 *
 * Outcomes: a status number for /api and loaders that render (200), or "→ /path" for a page
 * redirect (visitors and non-admins are sent to / with 'Access Denied'; an admin's successful
 * form post redirects back to its tab with a 'Success' toast).
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "react-router";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { addComment, createArtist } from "~/features/artists/artists.server";
import { toCurrentUser } from "~/features/auth/auth.server";
import { createReply } from "~/features/discussions/replies.server";
import { createTestPost } from "~/features/discussions/test-helpers";
import { createMeetings } from "~/features/meetings/meetings.server";
import { suspendMember } from "~/features/moderation/suspensions.server";
import { createMeetingFormSchema } from "~/features/meetings/schemas";
import { createReport } from "~/features/reports/reports.server";
import { createResource } from "~/features/resources/resources.server";
import { createUpload } from "~/features/uploads/uploads.server";
import { updateProfile } from "~/features/members/profile.server";
import { createMember, signedInRequest, routeArgs } from "~/test/factories";
import { getToast } from "~/utils/toast.server";
import * as adminLayout from "./admin";
import * as adminAudit from "./admin.audit";
import * as adminMail from "./admin.mail";
import * as adminReports from "./admin.reports";
import * as adminSettings from "./admin.settings";
import * as adminUsers from "./admin.users";
import * as apiFooterSettings from "./api.admin.footer-settings";
import * as apiPlatformSettings from "./api.admin.platform-settings";
import * as apiAdminReports from "./api.admin.reports";
import * as apiResolveReport from "./api.admin.reports.$id.resolve";
import * as apiPlatformSetting from "./api.admin.platform-settings_.$platform";
import * as apiUsers from "./api.admin.users";
import * as apiUser from "./api.admin.users_.$id";
import * as apiUpload from "./api.uploads.$id";
import * as apiUploads from "./api.uploads";
import * as apiUserRole from "./api.admin.users_.$userId.role";
import * as apiUserSuspension from "./api.admin.users_.$userId.suspension";
import * as memberPage from "./members_.$id";
import * as adminAddArtists from "./admin.add-artists";
import * as adminAddResources from "./admin.add-resources";
import * as adminCreateMeetings from "./admin.create-meetings";
import * as adminManageArtists from "./admin.manage-artists";
import * as adminManageMeetings from "./admin.manage-meetings";
import * as adminManageResources from "./admin.manage-resources";
import * as apiAdminMeetings from "./api.admin.meetings";
import * as apiAdminArtist from "./api.admin.music-artists.$id";
import * as apiAdminArtists from "./api.admin.music-artists";
import * as apiAdminResource from "./api.admin.resources.$id";
import * as apiAdminResources from "./api.admin.resources";
import * as apiAccountBlocks from "./api.account.blocks";
import * as apiAccountFeeds from "./api.account.feeds";
import * as apiAccountFeedsRotate from "./api.account.feeds.rotate";
import * as apiMembersSuggest from "./api.members.suggest";
import * as apiPostRelated from "./api.posts.$id.related";
import * as apiPostsSimilar from "./api.posts.similar";
import * as apiBlock from "./api.users.$id.block";
import * as apiHideComment from "./api.artists.comments.$commentId.hide";
import * as apiMeeting from "./api.meetings.$id";
import * as apiMeetings from "./api.meetings";
import * as apiPost from "./api.posts.$id";
import * as apiReply from "./api.posts.$id.replies.$replyId";
import * as apiReports from "./api.reports";
import * as apiResources from "./api.resources";
import * as meetingsPage from "./meetings";
import * as meetingDelete from "./meetings_.$id.delete";
import * as meetingEdit from "./meetings_.$id.edit";
import * as meetingNew from "./meetings_.new";
import * as artistPage from "./music-artists_.$id";
import * as postPage from "./post.$id";
import * as profilePage from "./profile";
import * as apiAccount from "./api.account._index";
import * as apiAccountEmail from "./api.account.email";
import * as apiAccountExport from "./api.account.export";
import * as apiAccountPassword from "./api.account.password";
import * as apiAccountPreferences from "./api.account.notification-preferences";
import * as apiAccountSessions from "./api.account.sessions";
import * as accountSettingsPage from "./settings.account";
import * as accountSettingsExport from "./settings.account.export";
import * as reportPage from "./report";
import * as resourcesPage from "./resources";
import * as resourceNew from "./resources_.new";
import * as apiAuthProviders from "./api.auth.providers";
import * as apiAccountIdentities from "./api.account.identities";
import * as apiAccountIdentity from "./api.account.identities.$provider";
import * as authStart from "./auth.$provider";
import * as authCallback from "./auth.$provider_.callback";
import * as authEmail from "./auth.email";
import * as apiConversations from "./api.conversations";
import * as apiConversation from "./api.conversations.$id";
import * as apiConversationMessages from "./api.conversations.$id.messages";
import * as messagesPage from "./messages";
import * as newMessagePage from "./messages_.new";
import * as conversationPage from "./messages_.$id";
import { getConversation, startConversation } from "~/features/conversations/conversations.server";
import { row } from "~/test/db";

type Who = "visitor" | "member" | "moderator" | "admin" | "owner";
type Outcome = number | `→ ${string}`;
type RouteModule = { loader?: (args: LoaderFunctionArgs) => unknown; action?: (args: ActionFunctionArgs) => unknown };

export type MatrixRow = {
  /** What is being checked, e.g. "PUT /api/admin/users/{id}/role". */
  name: string;
  module: RouteModule;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** The URL path (params are filled in from it by `params`). */
  path: string | (() => Promise<string> | string);
  params?: (path: string) => Record<string, string>;
  /** A JSON body (/api), or a function making one (given the path), or form fields (pages: `form`). */
  json?: unknown;
  form?: Record<string, string> | ((path: string) => Promise<Record<string, string>> | Record<string, string>);
  /**
   * Pages whose failures also redirect (the post page): add the flash toast's title to the
   * outcome, e.g. "→ /post/{id} [Error]". Numeric path segments read as {id} in every outcome.
   */
  toast?: boolean;
  expected: Record<Who, Outcome>;
};

const everyone = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: outcome, member: outcome, moderator: outcome, admin: outcome, owner: outcome });
const adminsOnlyPage = (adminOutcome: Outcome): Record<Who, Outcome> => ({
  visitor: "→ /",
  member: "→ /",
  moderator: "→ /",
  admin: adminOutcome,
  owner: adminOutcome,
});
const adminsOnlyApi = (adminOutcome: Outcome): Record<Who, Outcome> => ({ visitor: 401, member: 403, moderator: 403, admin: adminOutcome, owner: adminOutcome });

/** A picture another member uploaded (each removal needs its own). */
const freshUpload = async (kind: "image" | "avatar" = "image", ownerId?: string) => {
  const bytes = await sharp({ create: { width: 8, height: 8, channels: 3, background: `#${Math.floor(Math.random() * 0xffffff).toString(16).padStart(6, "0")}` } }).png().toBuffer();
  return createUpload({ ownerId: ownerId ?? (await someMember()).id, bytes, kind });
};
const freshUploadId = async () => (await freshUpload()).id;

/** A fresh member to act on (each call to a destructive endpoint needs its own target). */
const freshMemberId = async () => (await createMember()).id;

/** Fixtures for the other features' rows: made by an admin (or a member) of their own. */
let fixtureAdmin: ReturnType<typeof toCurrentUser> | undefined;
let fixtureMember: ReturnType<typeof toCurrentUser> | undefined;
const author = async () => (fixtureAdmin ??= toCurrentUser(await createMember({ role: "admin" })));
const someMember = async () => (fixtureMember ??= toCurrentUser(await createMember()));
const inTwoDays = () => new Date(Date.now() + 2 * 86_400_000);
/** A `datetime-local` value (read in UTC by the form). */
const localInTwoDays = () => inTwoDays().toISOString().slice(0, 16);
const freshMeetingId = async () =>
  (await createMeetings({ actor: await author(), input: createMeetingFormSchema.parse({ title: "Matrix meeting", scheduledAt: inTwoDays().toISOString(), duration: 60 }) }))[0].id;
const meetingForm = { title: "Matrix meeting", scheduledAt: "", timeZone: "UTC", duration: "60" };
const freshResourceId = async () => (await createResource({ actor: await author(), input: { title: "Matrix resource", url: "https://example.com/matrix" } })).id;
const freshArtistId = async () => (await createArtist({ actor: await author(), input: { name: "Matrix artist" } })).id;
/** A member's comment on a fresh artist: "/music-artists/{artistId}?comment={commentId}". */
const freshCommentPath = async () => {
  const artistId = await freshArtistId();
  const comment = await addComment({ userId: (await someMember()).id, artistId, input: { comment: "Matrix comment" } });
  return `/music-artists/${artistId}?comment=${comment.id}`;
};
/** Another member's post (and a reply on it by that member); a new author each time, below the posting rate limit. */
const freshPost = async () => {
  const postAuthor = toCurrentUser(await createMember());
  return { postAuthor, postId: (await createTestPost(postAuthor, { title: "Matrix post" })).id };
};
const freshPostId = async () => (await freshPost()).postId;
const freshReplyPath = async () => {
  const { postAuthor, postId } = await freshPost();
  const reply = await createReply({ actor: postAuthor, postId, input: { content: "Matrix reply" } });
  return `/api/posts/${postId}/replies/${reply.id}`;
};
/** A fresh member with an active suspension (made by an admin) to lift. */
const freshSuspendedMemberId = async () => {
  const userId = await freshMemberId();
  await suspendMember({ actor: await author(), userId, kind: "suspend", days: 7, reason: "Matrix" });
  return userId;
};
/** A member with a fixed id (no digits, so redirects to their page read the same every time); made once. */
const namedMemberId = async (id: string) => {
  const exists = await row(`SELECT 1 FROM users WHERE id = ?`, id);
  if (!exists) await createMember({ id });
  return id;
};
const segment = (index: number) => (path: string) => new URL(path, "http://localhost").pathname.split("/")[index];
const query = (path: string, name: string) => new URL(path, "http://localhost").searchParams.get(name) ?? "";
/** A member to block from the profile page: a fixed id without digits, so the redirect reads the same for every role. */
let blockTargetId: string | undefined;
const blockTarget = async () => (blockTargetId ??= (await createMember({ id: "matrix-block-target" })).id);
let staffTargetId: string | undefined;
const staffTarget = async () => (staffTargetId ??= (await createMember({ id: "matrix-block-moderator", role: "moderator" })).id);
/** Every signed-in role may do it (blocking is a member's own choice, not a permission). */
const membersApi = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: 401, member: outcome, moderator: outcome, admin: outcome, owner: outcome });
const membersPage = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: "→ /login [Please sign in]", member: outcome, moderator: outcome, admin: outcome, owner: outcome });

/** Content moderation (content:moderate): moderators too. */
const moderatorsApi = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: 401, member: 403, moderator: outcome, admin: outcome, owner: outcome });
const moderatorsPage = (outcome: Outcome): Record<Who, Outcome> => ({ visitor: "→ /", member: "→ /", moderator: outcome, admin: outcome, owner: outcome });
/** A conversation between two other members (nobody else may know it exists). */
const freshConversation = async () => {
  const sender = toCurrentUser(await createMember());
  const recipient = toCurrentUser(await createMember());
  const { id } = await startConversation({ actor: sender, input: { to: [recipient.username], content: "Matrix message" } });
  return { id, recipient, messageId: (await getConversation({ userId: recipient.id, conversationId: id })).messages[0].id };
};
const freshConversationId = async () => (await freshConversation()).id;
const freshMessageId = async () => (await freshConversation()).messageId;
/** The recipient's open report on a message of their conversation. */
const freshMessageReportId = async () => {
  const { recipient, messageId } = await freshConversation();
  return (await createReport({ actor: recipient, input: { targetType: "message", targetId: messageId, reason: "harassment" } })).id;
};
/** A member's open report on another member's fresh post. */
const freshReportId = async () => (await createReport({ actor: await someMember(), input: { targetType: "post", targetId: await freshPostId(), reason: "spam" } })).id;

export const matrix: MatrixRow[] = [
  // ---- admin panel pages ----
  // The frame opens for moderators too (the Reports tab only: docs/decisions/0072-reports-tab-for-moderators.md).
  { name: "GET /admin (panel frame)", module: adminLayout, method: "GET", path: "/admin", expected: moderatorsPage(200) },
  { name: "GET /admin/users", module: adminUsers, method: "GET", path: "/admin/users", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/users (change role)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "change-role", userId: await freshMemberId(), role: "moderator" }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/users (delete)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "delete", userId: await freshMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/users (grant-supporter)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "grant-supporter", userId: await freshMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/users (revoke-supporter)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "revoke-supporter", userId: await freshMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  { name: "GET /admin/settings", module: adminSettings, method: "GET", path: "/admin/settings", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/settings (platform link)",
    module: adminSettings,
    method: "POST",
    path: "/admin/settings",
    form: { intent: "platform", platform: "youtube", url: "https://youtube.com/@matrix", isActive: "on" },
    expected: adminsOnlyPage("→ /admin/settings"),
  },
  {
    name: "POST /admin/settings (footer)",
    module: adminSettings,
    method: "POST",
    path: "/admin/settings",
    form: { intent: "footer", companyName: "Quads", tagline: "AI Community Platform", copyrightTemplate: "© 2025 Quads", description: "", isActive: "on" },
    expected: adminsOnlyPage("→ /admin/settings"),
  },
  { name: "GET /admin/audit", module: adminAudit, method: "GET", path: "/admin/audit", expected: adminsOnlyPage(200) },

  // ---- /api/admin ----
  { name: "GET /api/admin/users", module: apiUsers, method: "GET", path: "/api/admin/users", expected: adminsOnlyApi(200) },
  {
    name: "PUT /api/admin/users/{userId}/role",
    module: apiUserRole,
    method: "PUT",
    path: async () => `/api/admin/users/${await freshMemberId()}/role`,
    params: (path) => ({ userId: path.split("/")[4] }),
    json: { role: "moderator" },
    expected: adminsOnlyApi(200),
  },
  {
    name: "DELETE /api/admin/users/{id}",
    module: apiUser,
    method: "DELETE",
    path: async () => `/api/admin/users/${await freshMemberId()}`,
    params: (path) => ({ id: path.split("/")[4] }),
    expected: adminsOnlyApi(200),
  },
  { name: "GET /api/admin/platform-settings (public)", module: apiPlatformSettings, method: "GET", path: "/api/admin/platform-settings", expected: everyone(200) },
  {
    name: "PUT /api/admin/platform-settings/{platform}",
    module: apiPlatformSetting,
    method: "PUT",
    path: "/api/admin/platform-settings/instagram",
    params: () => ({ platform: "instagram" }),
    json: { url: "https://instagram.com/quads", isActive: true },
    expected: adminsOnlyApi(200),
  },
  { name: "GET /api/admin/footer-settings (public)", module: apiFooterSettings, method: "GET", path: "/api/admin/footer-settings", expected: everyone(200) },
  {
    name: "PUT /api/admin/footer-settings",
    module: apiFooterSettings,
    method: "PUT",
    path: "/api/admin/footer-settings",
    json: { tagline: "AI Community Platform" },
    expected: adminsOnlyApi(200),
  },

  // ---- meetings: meetings:manage, admins only ----
  {
    name: "POST /api/meetings",
    module: apiMeetings,
    method: "POST",
    path: "/api/meetings",
    json: { title: "Matrix meeting", scheduledAt: inTwoDays().toISOString() },
    expected: adminsOnlyApi(201),
  },
  {
    name: "POST /api/admin/meetings",
    module: apiAdminMeetings,
    method: "POST",
    path: "/api/admin/meetings",
    json: { title: "Matrix meeting", scheduledAt: inTwoDays().toISOString() },
    expected: adminsOnlyApi(201),
  },
  {
    name: "PUT /api/meetings/{id}",
    module: apiMeeting,
    method: "PUT",
    path: async () => `/api/meetings/${await freshMeetingId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    json: { title: "Renamed" },
    expected: adminsOnlyApi(200),
  },
  {
    name: "DELETE /api/meetings/{id}",
    module: apiMeeting,
    method: "DELETE",
    path: async () => `/api/meetings/${await freshMeetingId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: adminsOnlyApi(200),
  },
  {
    name: "POST /meetings (create)",
    module: meetingsPage,
    method: "POST",
    path: "/meetings",
    form: () => ({ intent: "create", ...meetingForm, scheduledAt: localInTwoDays() }),
    expected: adminsOnlyPage("→ /meetings"),
  },
  {
    name: "POST /meetings (update)",
    module: meetingsPage,
    method: "POST",
    path: "/meetings",
    form: async () => ({ intent: "update", meetingId: String(await freshMeetingId()), ...meetingForm, scheduledAt: localInTwoDays() }),
    expected: adminsOnlyPage("→ /meetings"),
  },
  {
    name: "POST /meetings (delete)",
    module: meetingsPage,
    method: "POST",
    path: "/meetings",
    form: async () => ({ intent: "delete", meetingId: String(await freshMeetingId()) }),
    expected: adminsOnlyPage("→ /meetings"),
  },
  { name: "GET /meetings/new", module: meetingNew, method: "GET", path: "/meetings/new", expected: adminsOnlyPage(200) },
  {
    name: "POST /meetings/new",
    module: meetingNew,
    method: "POST",
    path: "/meetings/new",
    form: () => ({ ...meetingForm, scheduledAt: localInTwoDays() }),
    expected: adminsOnlyPage("→ /meetings"),
  },
  {
    name: "GET /meetings/{id}/edit",
    module: meetingEdit,
    method: "GET",
    path: async () => `/meetings/${await freshMeetingId()}/edit`,
    params: (path) => ({ id: segment(2)(path) }),
    expected: adminsOnlyPage(200),
  },
  {
    name: "POST /meetings/{id}/edit",
    module: meetingEdit,
    method: "POST",
    path: async () => `/meetings/${await freshMeetingId()}/edit`,
    params: (path) => ({ id: segment(2)(path) }),
    form: () => ({ ...meetingForm, scheduledAt: localInTwoDays() }),
    expected: adminsOnlyPage("→ /meetings"),
  },
  {
    name: "GET /meetings/{id}/delete",
    module: meetingDelete,
    method: "GET",
    path: async () => `/meetings/${await freshMeetingId()}/delete`,
    params: (path) => ({ id: segment(2)(path) }),
    expected: adminsOnlyPage(200),
  },
  {
    name: "POST /meetings/{id}/delete",
    module: meetingDelete,
    method: "POST",
    path: async () => `/meetings/${await freshMeetingId()}/delete`,
    params: (path) => ({ id: segment(2)(path) }),
    form: {},
    expected: adminsOnlyPage("→ /meetings"),
  },
  { name: "GET /admin/create-meetings", module: adminCreateMeetings, method: "GET", path: "/admin/create-meetings", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/create-meetings",
    module: adminCreateMeetings,
    method: "POST",
    path: "/admin/create-meetings",
    form: () => ({ ...meetingForm, scheduledAt: localInTwoDays() }),
    expected: adminsOnlyPage("→ /admin/manage-meetings"),
  },
  { name: "GET /admin/manage-meetings", module: adminManageMeetings, method: "GET", path: "/admin/manage-meetings", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/manage-meetings (delete)",
    module: adminManageMeetings,
    method: "POST",
    path: "/admin/manage-meetings",
    form: async () => ({ intent: "delete", meetingId: String(await freshMeetingId()) }),
    expected: adminsOnlyPage("→ /admin/manage-meetings"),
  },

  // ---- resources and artists: resources:manage / artists:manage, admins only; hiding comments is moderation ----
  {
    name: "POST /api/resources",
    module: apiResources,
    method: "POST",
    path: "/api/resources",
    json: { title: "Matrix resource", url: "https://example.com/matrix", resourceType: "tool" },
    expected: adminsOnlyApi(201),
  },
  { name: "GET /api/admin/resources", module: apiAdminResources, method: "GET", path: "/api/admin/resources", expected: adminsOnlyApi(200) },
  {
    name: "POST /api/admin/resources",
    module: apiAdminResources,
    method: "POST",
    path: "/api/admin/resources",
    json: { title: "Matrix resource", url: "https://example.com/matrix", resourceType: "tool" },
    expected: adminsOnlyApi(201),
  },
  {
    name: "GET /api/admin/resources/{id}",
    module: apiAdminResource,
    method: "GET",
    path: async () => `/api/admin/resources/${await freshResourceId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    expected: adminsOnlyApi(200),
  },
  {
    name: "PUT /api/admin/resources/{id}",
    module: apiAdminResource,
    method: "PUT",
    path: async () => `/api/admin/resources/${await freshResourceId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    json: { title: "Renamed" },
    expected: adminsOnlyApi(200),
  },
  {
    name: "DELETE /api/admin/resources/{id}",
    module: apiAdminResource,
    method: "DELETE",
    path: async () => `/api/admin/resources/${await freshResourceId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    expected: adminsOnlyApi(200),
  },
  { name: "GET /api/admin/music-artists", module: apiAdminArtists, method: "GET", path: "/api/admin/music-artists", expected: adminsOnlyApi(200) },
  {
    name: "POST /api/admin/music-artists",
    module: apiAdminArtists,
    method: "POST",
    path: "/api/admin/music-artists",
    json: { name: "Matrix artist" },
    expected: adminsOnlyApi(201),
  },
  {
    name: "GET /api/admin/music-artists/{id}",
    module: apiAdminArtist,
    method: "GET",
    path: async () => `/api/admin/music-artists/${await freshArtistId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    expected: adminsOnlyApi(200),
  },
  {
    name: "PUT /api/admin/music-artists/{id}",
    module: apiAdminArtist,
    method: "PUT",
    path: async () => `/api/admin/music-artists/${await freshArtistId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    json: { name: "Renamed" },
    expected: adminsOnlyApi(200),
  },
  {
    name: "DELETE /api/admin/music-artists/{id}",
    module: apiAdminArtist,
    method: "DELETE",
    path: async () => `/api/admin/music-artists/${await freshArtistId()}`,
    params: (path) => ({ id: segment(4)(path) }),
    expected: adminsOnlyApi(200),
  },
  {
    name: "POST /api/artists/comments/{commentId}/hide",
    module: apiHideComment,
    method: "POST",
    path: async () => `/api/artists/comments/${query(await freshCommentPath(), "comment")}/hide`,
    params: (path) => ({ commentId: segment(4)(path) }),
    json: {},
    expected: moderatorsApi(200),
  },
  {
    name: "POST /music-artists/{id} (hide-comment)",
    module: artistPage,
    method: "POST",
    path: freshCommentPath,
    params: (path) => ({ id: segment(2)(path) }),
    form: (path) => ({ intent: "hide-comment", commentId: query(path, "comment") }),
    expected: { visitor: "→ /login", member: 403, moderator: "→ /music-artists/{id}#artist-{id}", admin: "→ /music-artists/{id}#artist-{id}", owner: "→ /music-artists/{id}#artist-{id}" },
  },
  {
    name: "POST /resources (submit)",
    module: resourcesPage,
    method: "POST",
    path: "/resources",
    form: { intent: "create", title: "Matrix resource", url: "https://example.com/matrix" },
    expected: adminsOnlyPage("→ /resources"),
  },
  { name: "GET /resources/new", module: resourceNew, method: "GET", path: "/resources/new", expected: adminsOnlyPage(200) },
  {
    name: "POST /resources/new",
    module: resourceNew,
    method: "POST",
    path: "/resources/new",
    form: { title: "Matrix resource", url: "https://example.com/matrix" },
    expected: adminsOnlyPage("→ /resources"),
  },
  { name: "GET /admin/add-resources", module: adminAddResources, method: "GET", path: "/admin/add-resources", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/add-resources",
    module: adminAddResources,
    method: "POST",
    path: "/admin/add-resources",
    form: { title: "Matrix resource", url: "https://example.com/matrix" },
    expected: adminsOnlyPage("→ /admin/add-resources"),
  },
  { name: "GET /admin/manage-resources", module: adminManageResources, method: "GET", path: "/admin/manage-resources", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/manage-resources (update)",
    module: adminManageResources,
    method: "POST",
    path: "/admin/manage-resources",
    form: async () => ({ intent: "update", resourceId: String(await freshResourceId()), title: "Renamed", url: "https://example.com/renamed" }),
    expected: adminsOnlyPage("→ /admin/manage-resources"),
  },
  {
    name: "POST /admin/manage-resources (delete)",
    module: adminManageResources,
    method: "POST",
    path: "/admin/manage-resources",
    form: async () => ({ intent: "delete", resourceId: String(await freshResourceId()) }),
    expected: adminsOnlyPage("→ /admin/manage-resources"),
  },
  { name: "GET /admin/add-artists", module: adminAddArtists, method: "GET", path: "/admin/add-artists", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/add-artists",
    module: adminAddArtists,
    method: "POST",
    path: "/admin/add-artists",
    form: { name: "Matrix artist" },
    expected: adminsOnlyPage("→ /admin/add-artists"),
  },
  { name: "GET /admin/manage-artists", module: adminManageArtists, method: "GET", path: "/admin/manage-artists", expected: adminsOnlyPage(200) },
  {
    name: "POST /admin/manage-artists (update)",
    module: adminManageArtists,
    method: "POST",
    path: "/admin/manage-artists",
    form: async () => ({ intent: "update", artistId: String(await freshArtistId()), name: "Renamed" }),
    expected: adminsOnlyPage("→ /admin/manage-artists"),
  },
  {
    name: "POST /admin/manage-artists (delete)",
    module: adminManageArtists,
    method: "POST",
    path: "/admin/manage-artists",
    form: async () => ({ intent: "delete", artistId: String(await freshArtistId()) }),
    expected: adminsOnlyPage("→ /admin/manage-artists"),
  },

  // ---- discussions moderation: content:moderate on ANOTHER member's post or reply ----
  {
    name: "PATCH /api/posts/{id} (pin)",
    module: apiPost,
    method: "PATCH",
    path: async () => `/api/posts/${await freshPostId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    json: { isPinned: true },
    expected: moderatorsApi(200),
  },
  {
    name: "DELETE /api/posts/{id} (someone else's)",
    module: apiPost,
    method: "DELETE",
    path: async () => `/api/posts/${await freshPostId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: moderatorsApi(204),
  },
  {
    name: "PUT /api/posts/{id} (someone else's: the author only)",
    module: apiPost,
    method: "PUT",
    path: async () => `/api/posts/${await freshPostId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    json: { title: "Hijacked", content: "Hijacked", categoryId: 1 },
    expected: { visitor: 401, member: 403, moderator: 403, admin: 403, owner: 403 },
  },
  {
    name: "DELETE /api/posts/{id}/replies/{replyId} (someone else's)",
    module: apiReply,
    method: "DELETE",
    path: freshReplyPath,
    params: (path) => ({ id: segment(3)(path), replyId: segment(5)(path) }),
    expected: moderatorsApi(200),
  },
  {
    name: "POST /post/{id} (pin)",
    module: postPage,
    method: "POST",
    path: async () => `/post/${await freshPostId()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "pin" },
    toast: true,
    expected: { visitor: "→ /login [Please sign in]", member: "→ /post/{id} [Error]", moderator: "→ /post/{id} [Success]", admin: "→ /post/{id} [Success]", owner: "→ /post/{id} [Success]" },
  },
  {
    name: "POST /post/{id} (delete-post, someone else's)",
    module: postPage,
    method: "POST",
    path: async () => `/post/${await freshPostId()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "delete-post" },
    toast: true,
    expected: { visitor: "→ /login [Please sign in]", member: "→ /post/{id} [Error]", moderator: "→ /discussions [Success]", admin: "→ /discussions [Success]", owner: "→ /discussions [Success]" },
  },
  {
    name: "POST /post/{id} (delete-reply, someone else's)",
    module: postPage,
    method: "POST",
    path: async () => {
      const [, , , postId, , replyId] = (await freshReplyPath()).split("/");
      return `/post/${postId}?reply=${replyId}`;
    },
    params: (path) => ({ id: segment(2)(path) }),
    form: (path) => ({ intent: "delete-reply", replyId: query(path, "reply") }),
    toast: true,
    expected: {
      visitor: "→ /login [Please sign in]",
      member: "→ /post/{id} [Error]",
      moderator: "→ /post/{id}#replies [Success]",
      admin: "→ /post/{id}#replies [Success]",
      owner: "→ /post/{id}#replies [Success]",
    },
  },
  // ---- blocking (docs/moderation.md, "Blocking"): any signed-in member, for themselves ----
  {
    name: "POST /api/users/{id}/block",
    module: apiBlock,
    method: "POST",
    path: async () => `/api/users/${await freshMemberId()}/block`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(201),
  },
  {
    name: "DELETE /api/users/{id}/block",
    module: apiBlock,
    method: "DELETE",
    path: async () => `/api/users/${await freshMemberId()}/block`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(200),
  },
  {
    name: "POST /api/users/{id}/block (a moderator: staff cannot be blocked)",
    module: apiBlock,
    method: "POST",
    path: async () => `/api/users/${await staffTarget()}/block`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(400),
  },
  { name: "GET /api/account/blocks", module: apiAccountBlocks, method: "GET", path: "/api/account/blocks", expected: membersApi(200) },
  {
    name: "POST /members/{id} (block)",
    module: memberPage,
    method: "POST",
    path: async () => `/members/${await blockTarget()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "block" },
    toast: true,
    expected: membersPage("→ /members/matrix-block-target [Success]"),
  },
  {
    name: "POST /members/{id} (block a moderator)",
    module: memberPage,
    method: "POST",
    path: async () => `/members/${await staffTarget()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "block" },
    toast: true,
    expected: membersPage("→ /members/matrix-block-moderator [Error]"),
  },
  {
    name: "POST /settings/account (unblock)",
    module: accountSettingsPage,
    method: "POST",
    path: "/settings/account",
    form: async () => ({ intent: "unblock", memberId: await blockTarget() }),
    toast: true,
    expected: membersPage("→ /settings/account#blocked-members [Success]"),
  },
  // ---- external sign-in (docs/accounts.md, "Sign-in with external identities"; none configured here) ----
  { name: "GET /api/auth/providers", module: apiAuthProviders, method: "GET", path: "/api/auth/providers", expected: everyone(200) },
  { name: "GET /api/account/identities", module: apiAccountIdentities, method: "GET", path: "/api/account/identities", expected: membersApi(200) },
  {
    name: "DELETE /api/account/identities/{provider} (not connected)",
    module: apiAccountIdentity,
    method: "DELETE",
    path: "/api/account/identities/github",
    params: (path) => ({ provider: segment(4)(path) }),
    expected: membersApi(404),
  },
  {
    name: "POST /settings/account (disconnect, not connected)",
    module: accountSettingsPage,
    method: "POST",
    path: "/settings/account",
    form: { intent: "disconnect", provider: "github" },
    toast: true,
    expected: membersPage("→ /settings/account#connected-accounts [Not disconnected]"),
  },
  { name: "POST /auth/{provider} (not configured)", module: authStart, method: "POST", path: "/auth/github", params: (path) => ({ provider: segment(2)(path) }), form: {}, expected: everyone(404) },
  { name: "GET /auth/{provider}/callback (not configured)", module: authCallback, method: "GET", path: "/auth/oidc/callback?code=x&state=y", params: (path) => ({ provider: segment(2)(path) }), expected: everyone(404) },
  { name: "POST /auth/email (no sign-in waiting for an address)", module: authEmail, method: "POST", path: "/auth/email", form: { email: "someone@example.com" }, toast: true, expected: everyone("→ /login [Error]") },
  // ---- private feeds and mention suggestions (docs/discussions.md): every member, for themselves ----
  { name: "GET /api/account/feeds", module: apiAccountFeeds, method: "GET", path: "/api/account/feeds", expected: membersApi(200) },
  { name: "POST /api/account/feeds/rotate", module: apiAccountFeedsRotate, method: "POST", path: "/api/account/feeds/rotate", expected: membersApi(200) },
  { name: "POST /profile (rotate-feed)", module: profilePage, method: "POST", path: "/profile", form: { intent: "rotate-feed" }, toast: true, expected: membersPage("→ /profile#feeds [Success]") },
  { name: "GET /api/members/suggest", module: apiMembersSuggest, method: "GET", path: "/api/members/suggest?q=ma", expected: membersApi(200) },
  {
    name: "GET /api/posts/{id}/related",
    module: apiPostRelated,
    method: "GET",
    path: async () => `/api/posts/${await freshPostId()}/related`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(200),
  },
  { name: "GET /api/posts/similar", module: apiPostsSimilar, method: "GET", path: "/api/posts/similar?title=matrix", expected: membersApi(200) },
  // ---- suspensions and silencing (docs/moderation.md): members:suspend, moderators too ----
  {
    name: "POST /api/admin/users/{userId}/suspension",
    module: apiUserSuspension,
    method: "POST",
    path: async () => `/api/admin/users/${await freshMemberId()}/suspension`,
    params: (path) => ({ userId: segment(4)(path) }),
    json: { kind: "silence", days: 7, reason: "Matrix" },
    expected: moderatorsApi(201),
  },
  {
    name: "DELETE /api/admin/users/{userId}/suspension",
    module: apiUserSuspension,
    method: "DELETE",
    path: async () => `/api/admin/users/${await freshSuspendedMemberId()}/suspension`,
    params: (path) => ({ userId: segment(4)(path) }),
    expected: moderatorsApi(200),
  },
  {
    name: "POST /members/{id} (suspend)",
    module: memberPage,
    method: "POST",
    path: async () => `/members/${await namedMemberId("matrix-suspend-target")}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "suspend", kind: "suspend", days: "1", reason: "Matrix" },
    expected: { visitor: "→ /login", member: 403, moderator: "→ /members/matrix-suspend-target#moderation", admin: "→ /members/matrix-suspend-target#moderation", owner: "→ /members/matrix-suspend-target#moderation" },
  },
  {
    name: "POST /members/{id} (lift)",
    module: memberPage,
    method: "POST",
    path: async () => {
      const userId = await namedMemberId("matrix-lift-target");
      await suspendMember({ actor: await author(), userId, kind: "silence", days: null, reason: "Matrix" });
      return `/members/${userId}`;
    },
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "lift" },
    expected: { visitor: "→ /login", member: 403, moderator: "→ /members/matrix-lift-target#moderation", admin: "→ /members/matrix-lift-target#moderation", owner: "→ /members/matrix-lift-target#moderation" },
  },
  {
    name: "POST /admin/users (suspend)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "suspend", userId: await freshMemberId(), kind: "suspend", days: "30", reason: "Matrix" }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/users (lift)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "lift", userId: await freshSuspendedMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  // ---- mail, password reset and verification (docs/accounts.md) ----
  { name: "GET /admin/mail", module: adminMail, method: "GET", path: "/admin/mail", expected: adminsOnlyPage(200) },
  { name: "POST /admin/mail (send test e-mail)", module: adminMail, method: "POST", path: "/admin/mail", form: {}, expected: adminsOnlyPage("→ /admin/mail") },
  {
    name: "POST /admin/users (send-reset-link)",
    module: adminUsers,
    method: "POST",
    path: "/admin/users",
    form: async () => ({ intent: "send-reset-link", userId: await freshMemberId() }),
    expected: adminsOnlyPage("→ /admin/users"),
  },
  {
    name: "POST /admin/settings (require-verified-email)",
    module: adminSettings,
    method: "POST",
    path: "/admin/settings",
    form: { intent: "require-verified-email" },
    expected: adminsOnlyPage("→ /admin/settings"),
  },
  // ---- reports and the moderation queue (docs/moderation.md): reporting is for members, the queue for content:moderate ----
  {
    name: "POST /api/reports",
    module: apiReports,
    method: "POST",
    path: "/api/reports",
    json: async () => ({ targetType: "post", targetId: await freshPostId(), reason: "spam", note: "Matrix" }),
    expected: { visitor: 401, member: 201, moderator: 201, admin: 201, owner: 201 },
  },
  {
    name: "POST /report (the report page's form)",
    module: reportPage,
    method: "POST",
    path: async () => `/report?type=post&id=${await freshPostId()}`,
    form: { reason: "spam", note: "" },
    expected: { visitor: "→ /login", member: "→ /post/{id}", moderator: "→ /post/{id}", admin: "→ /post/{id}", owner: "→ /post/{id}" },
  },
  { name: "GET /api/admin/reports", module: apiAdminReports, method: "GET", path: "/api/admin/reports", expected: moderatorsApi(200) },
  {
    name: "POST /api/admin/reports/{id}/resolve (dismiss)",
    module: apiResolveReport,
    method: "POST",
    path: async () => `/api/admin/reports/${await freshReportId()}/resolve`,
    params: (path) => ({ id: segment(4)(path) }),
    json: { action: "dismiss" },
    expected: moderatorsApi(200),
  },
  {
    name: "POST /api/admin/reports/{id}/resolve (hide)",
    module: apiResolveReport,
    method: "POST",
    path: async () => `/api/admin/reports/${await freshReportId()}/resolve`,
    params: (path) => ({ id: segment(4)(path) }),
    json: { action: "hide" },
    expected: moderatorsApi(200),
  },
  { name: "GET /admin/reports", module: adminReports, method: "GET", path: "/admin/reports", expected: moderatorsPage(200) },
  ...(["dismiss", "hide", "delete", "warn"] as const).map(
    (intent): MatrixRow => ({
      name: `POST /admin/reports (${intent})`,
      module: adminReports,
      method: "POST",
      path: "/admin/reports",
      form: async () => ({ intent, reportId: String(await freshReportId()), message: "Please keep it civil." }),
      expected: moderatorsPage("→ /admin/reports"),
    }),
  ),
  // ---- uploads (docs/uploads.md) ----
  {
    name: "POST /api/uploads (signed in; a form body without a file is a 400)",
    module: apiUploads,
    method: "POST",
    path: "/api/uploads",
    form: { kind: "image" },
    expected: { visitor: 401, member: 400, moderator: 400, admin: 400, owner: 400 },
  },
  {
    name: "DELETE /api/uploads/{id} (someone else's picture)",
    module: apiUpload,
    method: "DELETE",
    path: async () => `/api/uploads/${await freshUploadId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: moderatorsApi(200),
  },
  {
    name: "POST /post/{id} (remove-picture, someone else's)",
    module: postPage,
    method: "POST",
    path: async () => `/post/${await freshPostId()}?hash=${(await freshUpload()).hash}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: (path) => ({ intent: "remove-picture", hash: query(path, "hash") }),
    toast: true,
    expected: { visitor: "→ /login [Please sign in]", member: "→ /post/{id} [Error]", moderator: "→ /post/{id} [Success]", admin: "→ /post/{id} [Success]", owner: "→ /post/{id} [Success]" },
  },
  {
    name: "POST /members/{id} (remove-avatar)",
    module: memberPage,
    method: "POST",
    path: async () => {
      const userId = await namedMemberId("matrix-avatar-target");
      await updateProfile(userId, { avatarUploadId: (await freshUpload("avatar", userId)).id });
      return `/members/${userId}`;
    },
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "remove-avatar" },
    toast: true,
    expected: {
      visitor: "→ /login [Please sign in]",
      member: "→ /members/matrix-avatar-target#moderation [Error]",
      moderator: "→ /members/matrix-avatar-target#moderation [Success]",
      admin: "→ /members/matrix-avatar-target#moderation [Success]",
      owner: "→ /members/matrix-avatar-target#moderation [Success]",
    },
  },
  // ---- account settings (docs/accounts.md): every member, for themselves; wrong passwords keep the roles' accounts as they are ----
  { name: "GET /settings/account", module: accountSettingsPage, method: "GET", path: "/settings/account", toast: true, expected: { ...membersPage(200), visitor: "→ /login?redirectTo=%2Fsettings%2Faccount [Please sign in]" } },
  {
    name: "GET /settings/account/export",
    module: accountSettingsExport,
    method: "GET",
    path: "/settings/account/export",
    toast: true,
    expected: { ...membersPage(200), visitor: "→ /login?redirectTo=%2Fsettings%2Faccount%2Fexport [Please sign in]" },
  },
  {
    name: "POST /settings/account (password, wrong current password)",
    module: accountSettingsPage,
    method: "POST",
    path: "/settings/account",
    form: { intent: "password", currentPassword: "not-the-password", newPassword: "a-new-long-passphrase", confirmPassword: "a-new-long-passphrase" },
    toast: true,
    expected: membersPage(400),
  },
  {
    name: "POST /settings/account (email)",
    module: accountSettingsPage,
    method: "POST",
    path: "/settings/account",
    form: { intent: "email", email: "matrix-new-address@example.com", currentPassword: "correct-horse-battery" },
    toast: true,
    expected: membersPage("→ /settings/account#email [Check your inbox]"),
  },
  { name: "POST /settings/account (sign-out-others)", module: accountSettingsPage, method: "POST", path: "/settings/account", form: { intent: "sign-out-others" }, toast: true, expected: membersPage("→ /settings/account#sessions [Success]") },
  { name: "POST /settings/account (preferences)", module: accountSettingsPage, method: "POST", path: "/settings/account", form: { intent: "preferences", replies: "on" }, toast: true, expected: membersPage("→ /settings/account#notifications [Success]") },
  {
    name: "POST /settings/account (delete-account, wrong password)",
    module: accountSettingsPage,
    method: "POST",
    path: "/settings/account",
    form: { intent: "delete-account", password: "not-the-password" },
    toast: true,
    expected: membersPage(400),
  },
  { name: "POST /api/account/password (wrong current password)", module: apiAccountPassword, method: "POST", path: "/api/account/password", json: { currentPassword: "not-the-password", newPassword: "a-new-long-passphrase" }, expected: membersApi(400) },
  { name: "POST /api/account/email", module: apiAccountEmail, method: "POST", path: "/api/account/email", json: { currentPassword: "correct-horse-battery", email: "matrix-api-address@example.com" }, expected: membersApi(202) },
  { name: "GET /api/account/notification-preferences", module: apiAccountPreferences, method: "GET", path: "/api/account/notification-preferences", expected: membersApi(200) },
  { name: "PUT /api/account/notification-preferences", module: apiAccountPreferences, method: "PUT", path: "/api/account/notification-preferences", json: { weeklyDigest: true }, expected: membersApi(200) },
  { name: "GET /api/account/sessions", module: apiAccountSessions, method: "GET", path: "/api/account/sessions", expected: membersApi(200) },
  { name: "DELETE /api/account/sessions", module: apiAccountSessions, method: "DELETE", path: "/api/account/sessions", expected: membersApi(200) },
  { name: "GET /api/account/export", module: apiAccountExport, method: "GET", path: "/api/account/export", expected: membersApi(200) },
  { name: "DELETE /api/account (wrong password)", module: apiAccount, method: "DELETE", path: "/api/account", json: { password: "not-the-password" }, expected: membersApi(400) },
  // ---- private conversations (docs/messages.md): every member may; nobody reads another's (404, staff too) ----
  { name: "GET /api/conversations", module: apiConversations, method: "GET", path: "/api/conversations", expected: membersApi(200) },
  {
    name: "POST /api/conversations",
    module: apiConversations,
    method: "POST",
    path: "/api/conversations",
    json: async () => ({ to: [(await someMember()).username], content: "Matrix message" }),
    expected: membersApi(201),
  },
  {
    name: "GET /api/conversations/{id} (someone else's)",
    module: apiConversation,
    method: "GET",
    path: async () => `/api/conversations/${await freshConversationId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(404),
  },
  {
    name: "DELETE /api/conversations/{id} (someone else's)",
    module: apiConversation,
    method: "DELETE",
    path: async () => `/api/conversations/${await freshConversationId()}`,
    params: (path) => ({ id: segment(3)(path) }),
    expected: membersApi(404),
  },
  {
    name: "POST /api/conversations/{id}/messages (someone else's)",
    module: apiConversationMessages,
    method: "POST",
    path: async () => `/api/conversations/${await freshConversationId()}/messages`,
    params: (path) => ({ id: segment(3)(path) }),
    json: { content: "Let me in" },
    expected: membersApi(404),
  },
  {
    name: "POST /api/reports (a message of someone else's conversation)",
    module: apiReports,
    method: "POST",
    path: "/api/reports",
    json: async () => ({ targetType: "message", targetId: await freshMessageId(), reason: "spam" }),
    expected: membersApi(404),
  },
  { name: "GET /messages", module: messagesPage, method: "GET", path: "/messages", toast: true, expected: membersPage(200) },
  { name: "GET /messages/new", module: newMessagePage, method: "GET", path: "/messages/new?to=someone", toast: true, expected: membersPage(200) },
  {
    name: "POST /messages/new",
    module: newMessagePage,
    method: "POST",
    path: "/messages/new",
    form: async () => ({ to: (await someMember()).username, content: "Matrix message" }),
    toast: true,
    expected: membersPage("→ /messages/{id} [Success]"),
  },
  {
    name: "GET /messages/{id} (someone else's)",
    module: conversationPage,
    method: "GET",
    path: async () => `/messages/${await freshConversationId()}`,
    params: (path) => ({ id: segment(2)(path) }),
    toast: true,
    expected: membersPage(404),
  },
  {
    name: "POST /messages/{id} (reply in someone else's)",
    module: conversationPage,
    method: "POST",
    path: async () => `/messages/${await freshConversationId()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "reply", content: "Let me in" },
    toast: true,
    expected: membersPage(404),
  },
  {
    name: "POST /messages/{id} (leave someone else's)",
    module: conversationPage,
    method: "POST",
    path: async () => `/messages/${await freshConversationId()}`,
    params: (path) => ({ id: segment(2)(path) }),
    form: { intent: "leave" },
    toast: true,
    expected: membersPage(404),
  },
  // A reported message is read only through its report, by moderators, and each opening is audited.
  { name: "GET /admin/reports?open={report} (a reported message)", module: adminReports, method: "GET", path: async () => `/admin/reports?open=${await freshMessageReportId()}`, expected: moderatorsPage(200) },
  // ---- other features append their rows here ----
];

const users: Partial<Record<Exclude<Who, "visitor">, string>> = {};

beforeAll(async () => {
  users.member = (await createMember()).id;
  users.moderator = (await createMember({ role: "moderator" })).id;
  users.admin = (await createMember({ role: "admin" })).id;
  // The owner: an ADMIN_EMAIL account whose address is verified (unverified, it holds no rights).
  users.owner = (await createMember({ email: "owner@example.com", emailVerifiedAt: new Date() })).id;
});

async function requestAs(who: Who, url: string, init: RequestInit): Promise<Request> {
  if (who === "visitor") return new Request(url, init);
  return signedInRequest(users[who]!, url, init);
}

/** Normalises what a loader or action returned or threw into an Outcome. */
async function outcomeOf(run: () => unknown, { toast = false } = {}): Promise<Outcome> {
  let result: unknown;
  try {
    result = await run();
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    if (result.status >= 300 && result.status < 400) {
      const location = (result.headers.get("Location") ?? "").replace(/\b\d+\b/g, "{id}");
      if (!toast) return `→ ${location}`;
      const cookie = result.headers.get("Set-Cookie")?.split(";")[0] ?? "";
      const { toast: shown } = await getToast(new Request("http://localhost/", { headers: { Cookie: cookie } }));
      return `→ ${location} [${shown?.title ?? "no toast"}]`;
    }
    return result.status;
  }
  if (result && typeof result === "object" && "type" in result && (result as { type: string }).type === "DataWithResponseInit") {
    return (result as { init?: { status?: number } | null }).init?.status ?? 200;
  }
  return 200;
}

async function run(row: MatrixRow, who: Who): Promise<Outcome> {
  const path = typeof row.path === "function" ? await row.path() : row.path;
  const url = `http://localhost${path}`;
  const params = row.params?.(path) ?? {};
  const init: RequestInit = { method: row.method };
  if (row.json !== undefined) {
    init.headers = { "Content-Type": "application/json" };
    init.body = JSON.stringify(typeof row.json === "function" ? await (row.json as (path: string) => unknown)(path) : row.json);
  } else if (row.form) {
    const fields = typeof row.form === "function" ? await row.form(path) : row.form;
    init.body = new URLSearchParams(fields);
  }
  const request = await requestAs(who, url, init);
  const handler = row.method === "GET" ? row.module.loader : row.module.action;
  if (!handler) throw new Error(`${row.name}: the module has no ${row.method === "GET" ? "loader" : "action"}`);
  return outcomeOf(() => handler(routeArgs(request, params) as LoaderFunctionArgs & ActionFunctionArgs), { toast: row.toast });
}

const whos: Who[] = ["visitor", "member", "moderator", "admin", "owner"];

describe("authorization matrix", () => {
  describe.each(matrix)("$name", (row) => {
    it.each(whos)("%s", async (who) => {
      expect(await run(row, who)).toBe(row.expected[who]);
    });
  });
});

describe("admin endpoints: the admin's own error answers", () => {
  const cases: { name: string; row: Omit<MatrixRow, "expected">; expected: Outcome }[] = [
    {
      name: "unknown platform → 404",
      row: { name: "", module: apiPlatformSetting, method: "PUT", path: "/api/admin/platform-settings/myspace", params: () => ({ platform: "myspace" }), json: { url: "https://myspace.com" } },
      expected: 404,
    },
    {
      name: "bad URL → 400",
      row: { name: "", module: apiPlatformSetting, method: "PUT", path: "/api/admin/platform-settings/youtube", params: () => ({ platform: "youtube" }), json: { url: "javascript:alert(1)" } },
      expected: 400,
    },
    {
      name: "bad URL on the page → 400 (the tab re-renders with the reason)",
      row: { name: "", module: adminSettings, method: "POST", path: "/admin/settings", form: { intent: "platform", platform: "youtube", url: "not a url" } },
      expected: 400,
    },
    {
      name: "unknown role → 400",
      row: {
        name: "",
        module: apiUserRole,
        method: "PUT",
        path: async () => `/api/admin/users/${await freshMemberId()}/role`,
        params: (path) => ({ userId: path.split("/")[4] }),
        json: { role: "king" },
      },
      expected: 400,
    },
    {
      name: "unknown user → 404",
      row: { name: "", module: apiUser, method: "DELETE", path: "/api/admin/users/nobody", params: () => ({ id: "nobody" }) },
      expected: 404,
    },
    {
      name: "deleting oneself → 403",
      row: { name: "", module: apiUser, method: "DELETE", path: () => `/api/admin/users/${users.admin}`, params: (path) => ({ id: path.split("/")[4] }) },
      expected: 403,
    },
    {
      name: "demoting the ADMIN_EMAIL account → 403",
      row: {
        name: "",
        module: apiUserRole,
        method: "PUT",
        path: () => `/api/admin/users/${users.owner}/role`,
        params: (path) => ({ userId: path.split("/")[4] }),
        json: { role: "member" },
      },
      expected: 403,
    },
    {
      name: "footer with an empty company name → 400",
      row: { name: "", module: apiFooterSettings, method: "PUT", path: "/api/admin/footer-settings", json: { companyName: "" } },
      expected: 400,
    },
  ];
  it.each(cases)("$name", async ({ row, expected }) => {
    expect(await run({ ...row, expected: everyone(expected) }, "admin")).toBe(expected);
  });
});
