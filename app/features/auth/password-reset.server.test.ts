import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { deliverAllTo, startTestSmtpServerForFile, tokenFromMail } from "~/features/mail/test-helpers";
import { action as forgotPasswordApi } from "~/routes/api.auth.forgot-password";
import { action as resetPasswordApi } from "~/routes/api.auth.reset-password";
import { action as forgotPasswordPage } from "~/routes/forgot-password";
import { loader as resetPasswordLoader } from "~/routes/reset-password";
import { createMember, signedInRequest, routeArgs, testContextFor, uniqueEmail } from "~/test/factories";
import { readDb, schema, write } from "~/utils/db.server";
import { AppError } from "~/utils/errors.server";
import { loginWithPassword } from "./auth.server";
import { hashToken, issueToken } from "./email-tokens.server";
import { FORGOT_PASSWORD_ANSWER, RESET_LINK_INVALID, requestPasswordReset, resetPassword, sendResetLinkAsAdmin } from "./password-reset.server";
import { appErrorOfAsync } from "~/test/errors";

const smtp = startTestSmtpServerForFile();

const deliverAll = () => deliverAllTo(smtp);
const args = (request: Request, clientIp = "10.1.0.1") => routeArgs(request, {}, testContextFor({ clientIp }));
const postJson = (path: string, body: unknown) =>
  new Request(`http://localhost${path}`, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
const outboxFor = async (email: string, kind: string) =>
  await readDb().select().from(schema.mailOutbox).where(and(eq(schema.mailOutbox.to, email), eq(schema.mailOutbox.kind, kind)));
describe("forgot password", () => {
  it("answers known and unknown addresses with the same status, text and about the same time", async () => {
    const member = await createMember();
    const timed = async (email: string) => {
      const started = performance.now();
      const response = await forgotPasswordApi(args(postJson("/api/auth/forgot-password", { email }), "10.1.0.2"));
      return { status: response.status, body: await response.json(), ms: performance.now() - started };
    };
    const known = await timed(member.email);
    const unknown = await timed(uniqueEmail("nobody"));
    expect(known.status).toBe(202);
    expect(unknown.status).toBe(202);
    expect(known.body).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    expect(unknown.body).toEqual(known.body);
    expect(Math.abs(known.ms - unknown.ms)).toBeLessThan(100);
    expect(await outboxFor(member.email, "password_reset")).toHaveLength(1);
    // The page says the same.
    const form = new Request("http://localhost/forgot-password", { method: "POST", body: new URLSearchParams({ email: uniqueEmail("nobody") }) });
    expect(await forgotPasswordPage(args(form, "10.1.0.2"))).toMatchObject({ sent: FORGOT_PASSWORD_ANSWER });
  });

  it("refuses a malformed address with 400 and limits requests per IP (429) and per address (nothing more sent)", async () => {
    const bad = await forgotPasswordApi(args(postJson("/api/auth/forgot-password", { email: "nope" }), "10.1.0.3"));
    expect(bad.status).toBe(400);
    const member = await createMember();
    for (let index = 0; index < 5; index += 1) {
      expect(await requestPasswordReset({ email: member.email }, { clientIp: `10.2.0.${index}` })).toEqual({ message: FORGOT_PASSWORD_ANSWER });
    }
    expect(await outboxFor(member.email, "password_reset")).toHaveLength(3); // FORGOT_PASSWORD_RATE_LIMIT_PER_ADDRESS
    const statuses: number[] = [];
    for (let index = 0; index < 21; index += 1) {
      const response = await forgotPasswordApi(args(postJson("/api/auth/forgot-password", { email: uniqueEmail("flood") }), "10.3.0.1"));
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 20).every((status) => status === 202)).toBe(true);
    expect(statuses[20]).toBe(429);
  });
});

describe("reset password end to end over SMTP", () => {
  it("sets the new password, signs the member out everywhere, signs in here and sends a notice", async () => {
    const member = await createMember({ plainPassword: "old-password-123", emailVerifiedAt: null });
    await write((tx) => tx.update(schema.mailOutbox).set({ status: "sent" }).where(eq(schema.mailOutbox.status, "pending"))); // earlier tests' mail
    const otherDevice = await signedInRequest(member.id);
    expect(await readDb().select().from(schema.sessions).where(eq(schema.sessions.userId, member.id))).toHaveLength(1);
    await requestPasswordReset({ email: member.email.toUpperCase() }, { clientIp: "10.4.0.1" });
    await deliverAll();
    const mail = await smtp.nextMessage();
    expect(mail.to && "text" in mail.to ? mail.to.text : "").toContain(member.email);
    expect(mail.text).toContain("/reset-password?token=");
    expect(mail.html).toContain("/reset-password?token=");
    const token = tokenFromMail(mail);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    // Only the hash is stored.
    expect((await readDb().select().from(schema.authTokens).where(eq(schema.authTokens.tokenHash, hashToken(token))))[0]).toBeDefined();
    expect((await readDb().select().from(schema.authTokens).where(eq(schema.authTokens.tokenHash, token)))[0]).toBeUndefined();

    expect(await resetPasswordLoader(routeArgs(new Request(`http://localhost/reset-password?token=${token}`)))).toEqual({ token, isUsable: true, invalidMessage: null });
    const weak = await resetPasswordApi(args(postJson("/api/auth/reset-password", { token, password: "password" })));
    expect(weak.status).toBe(400);
    expect((await weak.json()).errors).toHaveProperty("password");

    const response = await resetPasswordApi(args(postJson("/api/auth/reset-password", { token, password: "a-brand-new-secret" })));
    expect(response.status).toBe(200);
    expect(response.headers.get("Set-Cookie")).toContain("quads_session=");
    const sessions = await readDb().select().from(schema.sessions).where(eq(schema.sessions.userId, member.id));
    expect(sessions).toHaveLength(1); // the old device's session is gone, this one is new
    expect(sessions[0].sid).not.toBe(otherDevice.headers.get("Cookie"));
    await expect(loginWithPassword({ email: member.email, password: "a-brand-new-secret" }, { clientIp: "10.4.0.2" })).resolves.toMatchObject({ id: member.id });
    expect((await appErrorOfAsync(() => loginWithPassword({ email: member.email, password: "old-password-123" }, { clientIp: "10.4.0.2" }))).status).toBe(401);
    // Following a link sent to the address verifies it.
    expect((await readDb().select().from(schema.users).where(eq(schema.users.id, member.id)))[0]?.emailVerifiedAt).toBeInstanceOf(Date);

    await deliverAll();
    const notice = await smtp.nextMessage();
    expect(notice.subject).toBe("Your Quads password was changed");

    // Single use.
    const reused = await resetPasswordApi(args(postJson("/api/auth/reset-password", { token, password: "yet-another-secret" })));
    expect(reused.status).toBe(400);
    expect((await reused.json()).message).toBe(RESET_LINK_INVALID);
  });

  it("refuses an expired link, an unknown one, and an older link once a newer one was sent", async () => {
    const member = await createMember();
    const expired = await issueToken({ userId: member.id, email: member.email, purpose: "password_reset", now: new Date(Date.now() - 61 * 60 * 1000) });
    expect((await appErrorOfAsync(() => resetPasswordApiCall(expired))).status).toBe(400);
    expect((await appErrorOfAsync(() => resetPasswordApiCall("x".repeat(43)))).status).toBe(400);
    const older = await issueToken({ userId: member.id, email: member.email, purpose: "password_reset" });
    const newer = await issueToken({ userId: member.id, email: member.email, purpose: "password_reset" });
    expect((await appErrorOfAsync(() => resetPasswordApiCall(older))).message).toBe(RESET_LINK_INVALID);
    await expect(resetPasswordApiCall(newer)).resolves.toBe(200);
  });

  it("lets a link be used once when two requests use it at the same time", async () => {
    const member = await createMember();
    const token = await issueToken({ userId: member.id, email: member.email, purpose: "password_reset" });
    const outcomes = await Promise.all([resetPassword({ token, password: "first-fresh-phrase" }), resetPassword({ token, password: "second-fresh-phrase" })].map((reset) => reset.then(() => "ok", (error: AppError) => error.message)));
    expect(outcomes.sort()).toEqual(["ok", RESET_LINK_INVALID].sort());
    expect(await outboxFor(member.email, "password_changed")).toHaveLength(1);
  });

  it("lets an admin send a member a reset link (audited)", async () => {
    const admin = await createMember({ role: "admin" });
    const member = await createMember();
    await sendResetLinkAsAdmin({ actor: admin, userId: member.id });
    const [queued] = await outboxFor(member.email, "password_reset");
    expect(queued.text).toContain("An administrator");
    expect(await readDb().select().from(schema.auditLog).where(eq(schema.auditLog.action, "user.password_reset_sent"))).toHaveLength(1);
    await expect(sendResetLinkAsAdmin({ actor: admin, userId: "nobody" })).rejects.toThrow(/not found/i);
  });
});

async function resetPasswordApiCall(token: string): Promise<number> {
  const response = await resetPasswordApi(args(postJson("/api/auth/reset-password", { token, password: "fresh-secret-phrase" })));
  if (response.status !== 200) throw new AppError(response.status, ((await response.json()) as { message: string }).message);
  return response.status;
}
