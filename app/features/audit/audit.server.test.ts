import { describe, expect, it } from "vitest";
import { createMember } from "~/test/factories";
import { getDb, schema } from "~/utils/db.server";
import { describeAuditAction, listAuditEntries, recordAudit } from "./audit.server";

describe("audit log", () => {
  it("lists entries newest first, a page at a time, keeping the actor's e-mail after the account is gone", async () => {
    const admin = await createMember({ role: "admin" });
    const base = Date.now();
    for (let index = 0; index < 30; index += 1) {
      recordAudit({ actor: { id: admin.id, email: admin.email }, action: "meeting.created", targetType: "meeting", targetId: index, summary: `Meeting ${index}` });
    }
    // Make the order unambiguous: entry i happened i seconds after the base time.
    getDb().$client.prepare("update audit_log set created_at = ? + cast(target_id as integer) * 1000 where action = 'meeting.created'").run(base);
    const first = listAuditEntries({ page: 1, pageSize: 25 });
    expect(first.total).toBe(30);
    expect(first.pageCount).toBe(2);
    expect(first.entries[0]).toMatchObject({ summary: "Meeting 29", actorEmail: admin.email, action: "meeting.created", targetId: "29" });
    expect(listAuditEntries({ page: 2, pageSize: 25 }).entries.map((entry) => entry.summary)).toEqual(["Meeting 4", "Meeting 3", "Meeting 2", "Meeting 1", "Meeting 0"]);
    expect(listAuditEntries({ page: 99, pageSize: 25 }).page).toBe(2);

    getDb().delete(schema.users).run();
    expect(listAuditEntries().entries[0].actorEmail).toBe(admin.email);
  });

  it("labels actions for people", () => {
    expect(describeAuditAction("user.role_changed")).toBe("Changed a user's role");
    expect(describeAuditAction("meeting.created")).toBe("Meeting created");
    expect(describeAuditAction("artist_comment.hidden")).toBe("Artist comment hidden");
  });
});
