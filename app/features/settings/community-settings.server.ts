/**
 * Community-wide switches an admin sets on the Platform Settings tab (the `community_settings`
 * table, key → JSON value). Read on every guarded write: one primary-key lookup, so every worker
 * sees a change on its next request.
 */
import { eq } from "drizzle-orm";
import { recordAudit } from "~/features/audit/index.server";
import { readDb, schema, write, type AppDatabase } from "~/utils/db.server";
import { literalLimit } from "~/utils/sql-dialect.server";

const REQUIRE_VERIFIED_EMAIL_TO_POST = "requireVerifiedEmailToPost";

const requireVerifiedEmailQuery = (db: AppDatabase) =>
  db
    .select({ value: schema.communitySettings.value })
    .from(schema.communitySettings)
    .where(eq(schema.communitySettings.key, REQUIRE_VERIFIED_EMAIL_TO_POST))
    .limit(literalLimit(1));

/** 'Require a verified e-mail to post' (default off): unverified members may read but not post, reply, rate or comment. */
export async function isVerifiedEmailRequiredToPost(): Promise<boolean> {
  const [row] = await requireVerifiedEmailQuery(readDb());
  return row?.value === true;
}

/** Turns 'Require a verified e-mail to post' on or off (audited). */
export async function setVerifiedEmailRequiredToPost({ actor, isRequired }: { actor: { id: string; email: string }; isRequired: boolean }): Promise<void> {
  await write(async (tx) => {
    if ((await isVerifiedEmailRequiredToPost()) === isRequired) return;
    const now = new Date();
    await tx
      .insert(schema.communitySettings)
      .values({ key: REQUIRE_VERIFIED_EMAIL_TO_POST, value: isRequired, updatedAt: now, updatedBy: actor.id })
      .onConflictDoUpdate({ target: schema.communitySettings.key, set: { value: isRequired, updatedAt: now, updatedBy: actor.id } });
    await recordAudit({
      actor,
      action: "community_setting.updated",
      targetType: "community_setting",
      targetId: REQUIRE_VERIFIED_EMAIL_TO_POST,
      summary: `Require a verified e-mail to post: ${isRequired ? "on" : "off"}`,
    });
  });
}
