import { describe, expect, it } from "vitest";
import { createMember, signedInRequest } from "~/test/factories";
import { loadNextMeetingCard } from "./dashboard.server";
import { createMeetings, registerForMeeting } from "./meetings.server";
import { createMeetingFormSchema } from "./schemas";

describe("loadNextMeetingCard", () => {
  it("is empty without upcoming meetings, then shows the first upcoming one with the member's registration", async () => {
    const member = await createMember();
    expect((await loadNextMeetingCard(await signedInRequest(member.id))).meeting).toBeNull();

    const admin = await createMember({ role: "admin" });
    const actor = { id: admin.id, email: admin.email };
    const soon = new Date(Date.now() + 86_400_000);
    await createMeetings({ actor, input: createMeetingFormSchema.parse({ title: "Later", scheduledAt: new Date(soon.getTime() + 7 * 86_400_000).toISOString() }) });
    const [next] = await createMeetings({
      actor,
      input: createMeetingFormSchema.parse({ title: "Sooner", scheduledAt: soon.toISOString(), duration: "", registrationRequired: "on", joinZoomUrl: "https://zoom.us/j/1" }),
    });
    await createMeetings({ actor, input: createMeetingFormSchema.parse({ title: "Past", scheduledAt: new Date(Date.now() - 86_400_000).toISOString() }) });
    await registerForMeeting({ userId: member.id, meetingId: next.id });

    const request = await signedInRequest(member.id);
    request.headers.set("Cookie", `${request.headers.get("Cookie")}; tz=Asia%2FTokyo`);
    const { meeting, timeZone } = await loadNextMeetingCard(request);
    expect(timeZone).toBe("Asia/Tokyo");
    expect(meeting).toMatchObject({ title: "Sooner", duration: 60, registrationRequired: true, attendeesCount: 1, isRegistered: true, hasJoinLink: true, edit: null });
    expect(meeting?.time).toMatch(/\(Asia\/Tokyo\)$/);
  });
});
