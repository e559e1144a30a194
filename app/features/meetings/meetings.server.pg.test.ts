/** Meetings' counts on PostgreSQL (attended is a boolean there: counted, never summed). */
import { afterAll, describe, expect, it } from "vitest";
import { insertPgMember, startAppOnPostgres } from "~/test/postgres-app";

const db = await startAppOnPostgres();
const { countAttendees } = await import("./meetings.server");

describe("countAttendees on PostgreSQL", () => {
  afterAll(() => db.closeDb());

  it("counts the registered and those who attended", async () => {
    const [first, second] = [await insertPgMember(), await insertPgMember()];
    const [meeting] = await db.write((tx) => tx.insert(db.schema.meetings).values({ title: "M", scheduledAt: new Date(5_000) }).returning());
    await db.write((tx) =>
      tx.insert(db.schema.meetingAttendees).values([
        { meetingId: meeting.id, userId: first, attended: true },
        { meetingId: meeting.id, userId: second, attended: false },
      ]),
    );
    expect(await countAttendees(meeting.id)).toEqual({ registered: 2, attended: 1 });
  });
});
