/**
 * Reports and the moderation queue (docs/moderation.md): members report a post, a reply, an
 * artist comment or a member profile; moderators see open reports grouped by item and act on
 * them. The report page, the dialog, /admin/reports and the /api routes all call these.
 * The only code touching the reports table.
 */
import { deleteComment, findComment, hideComment, unhideComment } from "~/features/artists/index.server";
import { artistUrls } from "~/features/artists";
import { recordAudit } from "~/features/audit/index.server";
import { type CurrentUser, findUserById, userCan } from "~/features/auth/index.server";
import { excerptOf } from "~/features/content/index.server";
import { deleteMessage, findMessageForModeration, isParticipantOfMessage, messageWithContext, setMessageHidden } from "~/features/conversations/index.server";
import { setPostHidden, setReplyHidden, deletePost, findPost, deleteReply, findReply, replyLink } from "~/features/discussions/index.server";
import type { Actor } from "~/utils/actor";
import { notify } from "~/features/notifications/index.server";
import { displayNameOf, profileNameOf } from "~/utils/display-name";
import { and, count, desc, eq, max, or } from "drizzle-orm";
import { readDb, schema, write } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { badRequest, conflict, forbidden, notFound } from "~/utils/errors.server";
import { routes } from "~/utils/routes";
import { parseOrThrow } from "~/utils/validation.server";
import {
  QUEUE_GROUPS_MAX,
  reportMessages,
  reportReasonLabels,
  targetNouns,
  type ReportReason,
  type ReportTargetType,
  type ResolveAction,
} from "./constants";
import { suspensionSchema, suspendMember } from "~/features/moderation/index.server";
import { reportSchema, resolveSchema, warnFormSchema } from "./schemas";
import { literalLimit } from "~/utils/sql-dialect.server";

/** What a reported item is, as the report page and the queue show it. */
export type ReportTarget = {
  type: ReportTargetType;
  id: string;
  /** False once the item was deleted (its reports can still be dismissed). */
  exists: boolean;
  /** "Post “Prompt tips”", "Reply on “Prompt tips”", "Comment on Nova", "Member Ada". */
  label: string;
  excerpt: string;
  authorId: string | null;
  authorName: string;
  /** Where the item lives (null once deleted). */
  link: string | null;
  isHidden: boolean;
  hiddenReason: "moderator" | "reports" | null;
};

const moderatorReader = { id: "", canModerate: true };

function positiveId(value: string): number | null {
  if (!/^\d+$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

/**
 * The item a report is about, as a moderator sees it, read through the owning features' finders.
 */
async function findReportTarget(type: ReportTargetType, id: string): Promise<ReportTarget> {
  const missing: ReportTarget = { type, id, exists: false, label: `A deleted ${targetNouns[type]}`, excerpt: "", authorId: null, authorName: "", link: null, isHidden: false, hiddenReason: null };
  if (type === "user") {
    const user = await findUserById(id);
    if (!user) return missing;
    const name = profileNameOf(user);
    return { type, id, exists: true, label: `Member ${name}`, excerpt: user.bio ? excerptOf(user.bio) : "", authorId: user.id, authorName: name, link: routes.member(user.id), isHidden: false, hiddenReason: null };
  }
  const numericId = positiveId(id);
  if (numericId === null) return missing;
  if (type === "message") {
    const message = await findMessageForModeration(numericId);
    if (!message) return missing;
    // Private: the queue shows its text only when a moderator opens it (openReportedMessage) and does not
    // link the conversation (only its members can open it: the reporter and the author are led back there).
    return {
      type,
      id,
      exists: true,
      label: "Private message",
      excerpt: "",
      authorId: message.authorId,
      authorName: message.authorName,
      link: routes.conversation(message.conversationId),
      isHidden: message.isHidden,
      hiddenReason: message.isHidden ? "moderator" : null,
    };
  }
  if (type === "post") {
    const post = await findPost(numericId, moderatorReader);
    if (!post) return missing;
    return {
      type,
      id,
      exists: true,
      label: `Post “${post.title}”`,
      excerpt: post.excerpt,
      authorId: post.authorId,
      authorName: displayNameOf(post.author),
      link: routes.post(post.id),
      isHidden: post.isHidden,
      hiddenReason: post.hiddenReason,
    };
  }
  if (type === "reply") {
    const reply = await findReply(numericId);
    if (!reply) return missing;
    const post = await findPost(reply.postId, moderatorReader);
    return {
      type,
      id,
      exists: true,
      label: `Reply on “${post?.title ?? "a discussion"}”`,
      excerpt: excerptOf(reply.content),
      authorId: reply.authorId,
      authorName: displayNameOf(reply.author),
      link: replyLink(reply.postId, reply.id),
      isHidden: reply.isHidden,
      hiddenReason: reply.hiddenReason,
    };
  }
  const comment = await findComment(numericId);
  if (!comment) return missing;
  return {
    type,
    id,
    exists: true,
    label: "Comment on an artist",
    excerpt: excerptOf(comment.comment),
    authorId: comment.userId,
    authorName: displayNameOf(comment.user),
    link: artistUrls.detail(comment.artistId),
    isHidden: comment.isHidden,
    hiddenReason: comment.isHidden ? "moderator" : null,
  };
}

/** The item a member is about to report: 404 when it does not exist (or is a message of a conversation they are not in), 400 when it is their own. */
export async function getReportableTarget({ actor, targetType, targetId }: { actor: Actor; targetType: ReportTargetType; targetId: string }): Promise<ReportTarget> {
  const target = await findReportTarget(targetType, targetId);
  const isHiddenFromReporter = target.exists && targetType === "message" && !(await isParticipantOfMessage({ userId: actor.id, messageId: Number(targetId) }));
  if (!target.exists || isHiddenFromReporter) throw notFound(`That ${targetNouns[targetType]} does not exist (any more).`);
  if (target.authorId === actor.id) {
    throw badRequest(targetType === "user" ? "You cannot report yourself." : `You cannot report your own ${targetNouns[targetType]}.`);
  }
  return target;
}

/** Hides an item automatically (reports) or for a moderator; shows it again with `hiding` null. */
async function setTargetHidden(target: ReportTarget, actor: Actor | null, isHidden: boolean): Promise<void> {
  const id = Number(target.id);
  const hiding = isHidden ? { by: actor?.id ?? null, reason: actor ? ("moderator" as const) : ("reports" as const) } : null;
  if (target.type === "post") await setPostHidden(id, hiding);
  else if (target.type === "reply") await setReplyHidden(id, hiding);
  else if (target.type === "message") await setMessageHidden(id, hiding);
  else if (target.type === "artist_comment") {
    if (isHidden) await hideComment({ actor, commentId: id });
    else if (actor) await unhideComment({ actor, commentId: id });
  }
}

const { reports, users } = schema;

/** The open reports on one item. */
const openOn = (targetType: ReportTargetType, targetId: string) =>
  and(eq(reports.status, "open"), eq(reports.targetType, targetType), eq(reports.targetId, targetId));

async function openReporterIds(targetType: ReportTargetType, targetId: string): Promise<string[]> {
  const rows = await readDb().selectDistinct({ reporterId: reports.reporterId }).from(reports).where(openOn(targetType, targetId));
  return rows.map((row) => row.reporterId);
}

/**
 * A member reports an item: 201-style `{ id, message }`; 400 bad input or their own item, 404
 * unknown item, 409 when they already have an open report on it. The REPORTS_TO_HIDE-th distinct
 * reporter hides a post, reply or comment until a moderator decides.
 */
export async function createReport({ actor, input }: { actor: Actor; input: unknown }): Promise<{ id: number; message: string; isHidden: boolean }> {
  const data = parseOrThrow(reportSchema, input);
  const target = await getReportableTarget({ actor, targetType: data.targetType, targetId: data.targetId });
  const targetId = target.type === "user" ? target.id : String(Number(target.id));
  const alreadyReported = () => conflict(`You have already reported this ${targetNouns[target.type]}. A moderator will look at it.`);
  return write(async (tx) => {
    const [existing] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(openOn(target.type, targetId), eq(reports.reporterId, actor.id)))
      .limit(literalLimit(1));
    if (existing) throw alreadyReported();
    const [inserted] = await tx
      .insert(reports)
      .values({ reporterId: actor.id, targetType: target.type, targetId, reason: data.reason, note: data.note })
      .returning({ id: reports.id });
    let isHidden = target.isHidden;
    // Hiding a post or reply and notify are savepoints of this unit.
    if (!isHidden && target.type !== "user" && (await openReporterIds(target.type, targetId)).length >= getEnv().REPORTS_TO_HIDE) {
      await setTargetHidden(target, null, true);
      isHidden = true;
      if (target.authorId) {
        await notify({ userId: target.authorId, kind: "moderation", message: `Your ${targetNouns[target.type]} was hidden after several reports, until a moderator looks at it: ${target.label}.`, link: target.link });
      }
    }
    return { id: inserted.id, message: reportMessages.thanks, isHidden };
  });
}

export type QueueReport = { id: number; reason: ReportReason; reasonLabel: string; note: string; createdAt: Date; reporter: { id: string; name: string } };

/** One item of the queue: the item, its open reports (newest first) and the reasons counted. */
export type QueueGroup = {
  /** The newest open report's id: the queue's forms and POST /api/admin/reports/{id}/resolve act through it. */
  reportId: number;
  target: ReportTarget;
  count: number;
  reasons: { reason: ReportReason; label: string; count: number }[];
  reports: QueueReport[];
  latestAt: Date;
};

/** Open reports grouped by item, the most recently reported item first (at most QUEUE_GROUPS_MAX items); `total` counts every item waiting. */
export async function listOpenReports({ actor }: { actor: Actor }): Promise<{ groups: QueueGroup[]; total: number }> {
  assertModerator(actor);
  const db = readDb();
  const isOpen = eq(reports.status, "open");
  // A new builder each time: the builder's orderBy/limit change the query they are called on.
  const items = () =>
    db.select({ targetType: reports.targetType, targetId: reports.targetId }).from(reports).where(isOpen).groupBy(reports.targetType, reports.targetId);
  const keys = await items().orderBy(desc(max(reports.createdAt)), desc(max(reports.id))).limit(literalLimit(QUEUE_GROUPS_MAX));
  const [totalRow] = await db.select({ total: count() }).from(items().as("items"));
  const total = totalRow?.total ?? 0;
  if (keys.length === 0) return { groups: [], total };
  const rows = await db
    .select({
      id: reports.id,
      targetType: reports.targetType,
      targetId: reports.targetId,
      reason: reports.reason,
      note: reports.note,
      createdAt: reports.createdAt,
      reporterId: reports.reporterId,
      displayName: users.displayName,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(isOpen, or(...keys.map((key) => and(eq(reports.targetType, key.targetType), eq(reports.targetId, key.targetId))))))
    .orderBy(desc(reports.createdAt), desc(reports.id));
  const targets = await Promise.all(keys.map(({ targetType, targetId }) => findReportTarget(targetType, targetId)));
  return {
    total,
    groups: keys.map(({ targetType, targetId }, index) => {
      const mine = rows.filter((row) => row.targetType === targetType && row.targetId === targetId);
      const counts = new Map<ReportReason, number>();
      for (const row of mine) counts.set(row.reason, (counts.get(row.reason) ?? 0) + 1);
      return {
        reportId: mine[0].id,
        target: targets[index],
        count: mine.length,
        reasons: [...counts].sort((a, b) => b[1] - a[1]).map(([reason, count]) => ({ reason, label: reportReasonLabels[reason], count })),
        reports: mine.map((row) => ({
          id: row.id,
          reason: row.reason,
          reasonLabel: reportReasonLabels[row.reason],
          note: row.note,
          createdAt: row.createdAt,
          reporter: { id: row.reporterId, name: displayNameOf(row) },
        })),
        latestAt: mine[0].createdAt,
      };
    }),
  };
}

function assertModerator(actor: Actor) {
  if (!userCan(actor as CurrentUser, "content:moderate")) throw forbidden();
}

const outcomeMessages: Record<ResolveAction, string> = {
  dismiss: "Reports dismissed.",
  hide: "Hidden. The reporters have been told.",
  delete: "Deleted. The reporters have been told.",
  warn: "Warning sent. The reporters have been told.",
  suspend: "Author suspended. The reporters have been told.",
};

const auditVerbs: Record<ResolveAction, string> = { dismiss: "dismissed", hide: "hidden", delete: "deleted", warn: "warned", suspend: "author_suspended" };

/**
 * A moderator acts on an item's open reports (through any of them): dismiss (shows the item
 * again if it was hidden), hide, delete, warn the author (`message`), suspend. Closes every open
 * report on the item, writes the audit entry and notifies the reporters (not on dismiss), in one
 * transaction. 400 bad action or an action the item does not allow, 403 not a moderator, 404
 * unknown report or a deleted item, 409 already handled.
 */
export async function resolveReport({ actor, reportId, input }: { actor: Actor; reportId: number; input: unknown }): Promise<{ id: number; action: ResolveAction; resolved: number; message: string }> {
  assertModerator(actor);
  const data = parseOrThrow(resolveSchema, input);
  const [report] = Number.isSafeInteger(reportId)
    ? await readDb()
        .select({ id: reports.id, targetType: reports.targetType, targetId: reports.targetId, status: reports.status })
        .from(reports)
        .where(eq(reports.id, reportId))
        .limit(literalLimit(1))
    : [];
  if (!report) throw notFound("Report not found");
  if (report.status !== "open") throw conflict("This report was already handled.");
  const action = data.action;
  const target = await findReportTarget(report.targetType, report.targetId);
  const noun = targetNouns[target.type];
  // Suspending the author: the same rules and validation as the profile's moderation section.
  const suspension =
    action === "suspend"
      ? parseOrThrow(suspensionSchema.pick({ days: true, reason: true }), { days: data.days === undefined ? null : data.days, reason: data.reason ?? data.message })
      : undefined;
  if (action === "suspend" && !target.authorId) throw badRequest(`This ${noun} has no author to suspend.`);
  if (!target.exists && action !== "dismiss") throw notFound(`This ${noun} no longer exists: dismiss its reports.`);
  if (action === "hide" && target.type === "user") throw badRequest("A member profile cannot be hidden: warn or suspend the member instead.");
  if (action === "delete" && target.type === "user") throw badRequest("Members are deleted from Manage Users, not from the queue.");
  const warning = action === "warn" ? parseOrThrow(warnFormSchema, { message: data.message }).message : "";

  return write(async (tx) => {
    const reporterIds = await openReporterIds(target.type, target.id);
    const id = Number(target.id);
    switch (action) {
      case "dismiss":
        if (target.isHidden) await setTargetHidden(target, actor, false);
        break;
      case "hide":
        await setTargetHidden(target, actor, true);
        if (target.authorId) {
          await notify({ userId: target.authorId, actorId: actor.id, kind: "moderation", message: `A moderator hid your ${noun}: ${target.label}.`, link: target.link });
        }
        break;
      case "delete":
        if (target.type === "post") await deletePost({ actor, postId: id });
        else if (target.type === "reply") await deleteReply({ actor, postId: Number((await findReply(id))?.postId), replyId: id });
        else if (target.type === "message") await deleteMessage(id);
        else await deleteComment({ actor, commentId: id });
        break;
      case "suspend":
        await suspendMember({ actor, userId: target.authorId!, kind: "suspend", days: suspension!.days, reason: suspension!.reason });
        break;
      case "warn":
        if (target.authorId) {
          await notify({ userId: target.authorId, actorId: actor.id, kind: "moderation", message: `A moderator warned you about your ${noun} (${target.label}): ${warning}`, link: target.link });
        }
        break;
    }
    const closed = (
      await tx
        .update(reports)
        .set({ status: action === "dismiss" ? "dismissed" : "resolved", resolution: action, resolvedBy: actor.id, resolvedAt: new Date() })
        .where(openOn(target.type, target.id))
        .returning({ id: reports.id })
    ).length;
    if (action !== "dismiss") {
      const link = action === "delete" ? null : target.link;
      for (const reporterId of reporterIds) {
        if (reporterId === target.authorId) continue;
        await notify({ userId: reporterId, actorId: actor.id, kind: "moderation", message: `Thanks for your report: a moderator took action on the ${noun} you reported.`, link });
      }
    }
    await recordAudit({
      actor,
      action: `report.${auditVerbs[action]}`,
      targetType: target.type,
      targetId: target.id,
      summary: `${target.label} — ${closed} report${closed === 1 ? "" : "s"}${warning ? `; warning: ${warning}` : ""}`,
    });
    return { id: report.id, action, resolved: closed, message: outcomeMessages[action] };
  });
}

/** A reported private message as the queue shows it once opened: the message and the ones just before it. */
export type OpenedMessage = { reportId: number; messages: Awaited<ReturnType<typeof messageWithContext>> };

/**
 * A moderator opens the private message an open report is about (docs/messages.md: moderators
 * read private messages only this way). Every opening is written to the audit log. 403 not a
 * moderator, 404 no such open report on a message.
 */
export async function openReportedMessage({ actor, reportId }: { actor: Actor; reportId: number }): Promise<OpenedMessage> {
  assertModerator(actor);
  const [report] = await readDb()
    .select({ targetId: reports.targetId })
    .from(reports)
    .where(and(eq(reports.id, reportId), eq(reports.targetType, "message"), eq(reports.status, "open")))
    .limit(literalLimit(1));
  const messageId = report ? positiveId(report.targetId) : null;
  const shown = messageId === null ? [] : await messageWithContext(messageId);
  if (messageId === null || shown.length === 0) throw notFound("That reported message does not exist (any more).");
  await recordAudit({ actor, action: "report.message_opened", targetType: "message", targetId: String(messageId), summary: `Opened a reported private message (report ${reportId})` });
  return { reportId, messages: shown };
}
