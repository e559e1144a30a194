import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addComment, createArtist, rateArtist } from "~/features/artists/artists.server";
import { createReply } from "~/features/discussions/replies.server";
import { createTestPost } from "~/features/discussions/test-helpers";
import { deliverAllTo, startTestSmtpServerForFile, tokenFromMail } from "~/features/mail/test-helpers";
import { updateProfile } from "~/features/members/profile.server";
import { createResource, rateResource } from "~/features/resources/resources.server";
import { setVerifiedEmailRequiredToPost } from "~/features/settings/community-settings.server";
import { action as verifyEmailApi } from "~/routes/api.auth.verify-email";
import { action as verifyEmailPageAction, loader as verifyEmailPage } from "~/routes/verify-email";
import { createMember, signedInRequest, routeArgs, uniqueEmail } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { registerUser, toCurrentUser } from "./auth.server";
import { issueToken } from "./email-tokens.server";
import { VERIFICATION_REQUIRED } from "~/features/moderation/contribution-guard.server";
import { resendVerificationEmail, VERIFY_LINK_INVALID } from "./email-verification.server";
import { statusOfAsync } from "~/test/errors";

const smtp = startTestSmtpServerForFile();

const deliverAll = () => deliverAllTo(smtp);
const registration = (email = uniqueEmail("new")) => ({ email, password: "long-enough-password", firstName: "Ada", lastName: "Lovelace", displayName: "Ada" });
const userRow = async (id: string) => (await readDb().select().from(schema.users).where(eq(schema.users.id, id)))[0]!;
const verifyByApi = (token: string) =>
  verifyEmailApi(
    routeArgs(new Request("http://localhost/api/auth/verify-email", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ token }) })),
  );
describe("e-mail verification", () => {
  it("registration sends a 7-day link; following it verifies the address, once", async () => {
    await write((tx) => tx.update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.status, "pending")));
    const user = await registerUser(registration(), { clientIp: "10.5.0.1" });
    expect(user.emailVerifiedAt).toBeNull();
    await deliverAll();
    const mail = await smtp.nextMessage();
    expect(mail.subject).toBe("Confirm your e-mail for Quads");
    const token = tokenFromMail(mail);
    const stored = (await readDb().select().from(schema.authTokens).where(and(eq(schema.authTokens.userId, user.id), eq(schema.authTokens.purpose, "email_verification"))))[0]!;
    expect(Math.round((stored.expiresAt.getTime() - stored.createdAt.getTime()) / 86_400_000)).toBe(7);
    const page = await verifyEmailPage(routeArgs(new Request(`http://localhost/verify-email?token=${token}`)));
    expect(page).toMatchObject({ isVerified: true, email: user.email });
    expect((await userRow(user.id)).emailVerifiedAt).toBeInstanceOf(Date);
    const again = await verifyByApi(token);
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(VERIFY_LINK_INVALID);
  });

  it("POST /api/auth/verify-email: 200 for a good link, 400 for an expired or unknown one", async () => {
    const member = await createMember({ emailVerifiedAt: null });
    const expired = await issueToken({ userId: member.id, email: member.email, purpose: "email_verification", now: new Date(Date.now() - 8 * 86_400_000) });
    expect((await verifyByApi(expired)).status).toBe(400);
    expect((await verifyByApi("")).status).toBe(400);
    const fresh = await issueToken({ userId: member.id, email: member.email, purpose: "email_verification" });
    const response = await verifyByApi(fresh);
    expect(response.status).toBe(200);
    expect((await userRow(member.id)).emailVerifiedAt).toBeInstanceOf(Date);
  });

  it("'Resend verification e-mail' is rate-limited and refused once verified", async () => {
    const member = await createMember({ emailVerifiedAt: null });
    for (let index = 0; index < 3; index += 1) expect(await resendVerificationEmail(member)).toEqual({ email: member.email });
    expect(await statusOfAsync(() => resendVerificationEmail(member))).toBe(429);
    const verified = await createMember();
    expect(await statusOfAsync(() => resendVerificationEmail(verified))).toBe(400);
    // The banner's form (no JavaScript): back to the page with a toast.
    const other = await createMember({ emailVerifiedAt: null });
    const request = await signedInRequest(other.id, "http://localhost/verify-email", { method: "POST", body: new URLSearchParams({ redirectTo: "/discussions" }) });
    const response = (await verifyEmailPageAction(routeArgs(request))) as Response;
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/discussions");
  });

  it("a new e-mail address is used only once its own link is followed, which verifies it; older links stop working", async () => {
    const member = await createMember({ plainPassword: "correct-horse-battery", emailVerifiedAt: null });
    const oldLink = await issueToken({ userId: member.id, email: member.email, purpose: "email_verification" });
    const newEmail = uniqueEmail("moved");
    await updateProfile(member.id, { email: newEmail, currentPassword: "correct-horse-battery" });
    expect((await userRow(member.id)).email).toBe(member.email);
    const [queued] = await readDb().select().from(schema.mailOutbox).where(and(eq(schema.mailOutbox.to, newEmail), eq(schema.mailOutbox.kind, "email_change")));
    const token = /token=([\w-]+)/.exec(queued.text)![1];
    expect((await verifyByApi(token)).status).toBe(200);
    expect(await userRow(member.id)).toMatchObject({ email: newEmail, emailVerifiedAt: expect.any(Date) });
    expect((await verifyByApi(oldLink)).status).toBe(400);
  });

  it("ADMIN_EMAIL rights need a verified address", async () => {
    const owner = await registerUser(registration("owner@example.com"), { clientIp: "10.5.0.2" });
    expect(toCurrentUser(owner).isAdmin).toBe(false);
    const token = await issueToken({ userId: owner.id, email: owner.email, purpose: "email_verification" });
    await verifyByApi(token);
    expect(toCurrentUser(await userRow(owner.id)).isAdmin).toBe(true);
  });
});

describe("'Require a verified e-mail to post'", () => {
  it("off (the default): unverified members contribute as before; on: posting, replying, rating and commenting are refused with 403", async () => {
    const admin = toCurrentUser(await createMember({ role: "admin" }));
    const unverified = toCurrentUser(await createMember({ emailVerifiedAt: null }));
    const verified = toCurrentUser(await createMember());
    const resourceId = (await createResource({ actor: admin, input: { title: "Rule resource", url: "https://example.com/rule" } })).id;
    const artistId = (await createArtist({ actor: admin, input: { name: "Rule artist" } })).id;
    const post = await createTestPost(unverified);
    expect(post.id).toBeGreaterThan(0);

    await setVerifiedEmailRequiredToPost({ actor: admin, isRequired: true });
    const attempts = async (user: typeof unverified) => [
      await statusOfAsync(() => createTestPost(user)),
      await statusOfAsync(() => createReply({ actor: user, postId: post.id, input: { content: "A reply" } })),
      await statusOfAsync(() => rateResource({ userId: user.id, resourceId, input: { rating: 4 } })),
      await statusOfAsync(() => rateArtist({ userId: user.id, artistId, input: { rating: 5 } })),
      await statusOfAsync(() => addComment({ userId: user.id, artistId, input: { comment: "Nice" } })),
    ];
    expect(await attempts(unverified)).toEqual([403, 403, 403, 403, 403]);
    await expect(createTestPost(unverified)).rejects.toThrow(VERIFICATION_REQUIRED);
    expect(await attempts(verified)).toEqual(["ok", "ok", "ok", "ok", "ok"]);

    await setVerifiedEmailRequiredToPost({ actor: admin, isRequired: false });
    expect(await statusOfAsync(() => createReply({ actor: unverified, postId: post.id, input: { content: "Back again" } }))).toBe("ok");
  });
});
