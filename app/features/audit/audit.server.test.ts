import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { sql } from "drizzle-orm";
import { schema, write } from "~/utils/db.server";
import { executeSql } from "~/utils/sql-dialect.server";
import { describeAuditAction, listAuditEntries, recordAudit } from "./audit.server";

describe("audit log", () => {
  it("lists entries newest first, a page at a time, keeping the actor's e-mail after the account is gone", async () => {
    const admin = await createMember({ role: "admin" });
    const base = Date.now();
    for (let index = 0; index < 30; index += 1) {
      await recordAudit({ actor: { id: admin.id, email: admin.email }, action: "meeting.created", targetType: "meeting", targetId: index, summary: `Meeting ${index}` });
    }
    // Make the order unambiguous: entry i happened i seconds after the base time.
    await write((tx) => executeSql(tx, sql`update audit_log set created_at = cast(${base} as bigint) + cast(target_id as integer) * 1000 where action = 'meeting.created'`));
    const first = await listAuditEntries({ page: 1, pageSize: 25 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.entries[0]).toMatchObject({ summary: "Meeting 29", actorEmail: admin.email, action: "meeting.created", targetId: "29" });
    expect((await listAuditEntries({ page: 2, pageSize: 25 })).entries.map((entry) => entry.summary)).toEqual(["Meeting 4", "Meeting 3", "Meeting 2", "Meeting 1", "Meeting 0"]);
    expect((await listAuditEntries({ page: 99, pageSize: 25 })).page).toBe(2);

    await write((tx) => tx.delete(schema.users));
    expect((await listAuditEntries()).entries[0].actorEmail).toBe(admin.email);
  });

  it("labels actions for people", () => {
    expect(describeAuditAction("user.role_changed")).toBe("Changed a user's role");
    expect(describeAuditAction("meeting.created")).toBe("Meeting created");
    expect(describeAuditAction("artist_comment.hidden")).toBe("Artist comment hidden");
  });
});
