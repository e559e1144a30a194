/** Weekly meetings in a real browser, JavaScript on and off: schedule, edit, delete, register, join, calendar. */
import { describe, expect, inject, it } from "vitest";
import { parseCalendar } from "../app/features/meetings/ics";
import { browserPerFile, goto, isJavaScriptEnabled, jsModes, makeUser, pagePerTest, registerViaApi, visible, waitForToast } from "./support/browser";
import { setRole, withDatabase } from "./support/db";
import { createMeetingViaApi, ensureSignedIn, localDateTimeInDays, signInViaApi, useSession } from "./support/meetings";

const browser = browserPerFile();
// Our own admin (role set in the database), so the ADMIN_EMAIL account stays for admin.e2e.ts to register.
const admin = makeUser({ firstName: "Grace", lastName: "Hopper" });
const CONFIRMATION = "Are you sure you want to delete this meeting? This action cannot be undone.";

let adminCookie: string | undefined;
async function adminSession(): Promise<string> {
  if (!adminCookie) {
    await registerViaApi(inject("baseURL"), admin);
    setRole(admin.email, "admin");
    adminCookie = await signInViaApi(inject("baseURL"), admin);
  }
  return adminCookie;
}

describe.each(jsModes)("weekly meetings ($mode)", ({ js, mode }) => {
  const { page, context } = pagePerTest(browser, js);
  const tag = js ? "js" : "nojs";

  it("lets an admin schedule, edit and delete a meeting (with the confirmation)", async () => {
    const baseURL = inject("baseURL");
    await useSession(context(), baseURL, await adminSession());
    const title = `Prompt clinic ${tag} ${Date.now().toString(36)}`;
    await goto(page(), "/meetings");
    await visible(page().getByRole("heading", { name: "Weekly Meetings", level: 1 }));

    await page().getByRole("button", { name: "Schedule Meeting" }).click();
    if (js) await visible(page().getByRole("dialog", { name: "Schedule Meeting" }));
    else await visible(page().getByRole("heading", { name: "Schedule Meeting", level: 1 }));
    const form = page().locator("form#create-meeting-form");
    expect(await form.getByLabel("Duration (minutes)").getAttribute("placeholder")).toBe("60");
    expect(await form.getByLabel("Registration Required").isChecked()).toBe(true);
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Description").fill("Bring a prompt; we fix it, together.");
    // Duration left empty: it falls back to 60.
    await form.getByLabel("Join Link").fill(`${baseURL}/badge-guide`);
    // No date yet: 'Please select a date and time', the input kept.
    await form.getByRole("button", { name: "Schedule Meeting" }).click();
    await visible(page().getByText("Please select a date and time"));
    expect(await page().locator("form#create-meeting-form").getByLabel("Title").inputValue()).toBe(title);

    const scheduled = localDateTimeInDays(3);
    await page().locator("form#create-meeting-form").getByLabel("Scheduled Date & Time").fill(scheduled);
    await page().locator("form#create-meeting-form").getByRole("button", { name: "Schedule Meeting" }).click();
    await waitForToast(page(), "Success", "Meeting created successfully!");
    const card = page().getByRole("article").filter({ has: page().getByRole("heading", { name: title }) });
    await visible(card);
    expect(await card.textContent()).toContain("60 min");
    expect(await card.textContent()).toContain("Members Only");
    expect(await card.textContent()).toMatch(/UTC/);

    // Edit: the date is shown to the minute.
    await card.getByRole("button", { name: `Edit meeting ${title}` }).click();
    const editForm = page().locator("form[id^='edit-meeting-form-']");
    await visible(editForm.getByLabel("Title"));
    expect(await editForm.getByLabel("Scheduled Date & Time").inputValue()).toBe(scheduled);
    await editForm.getByLabel("Title").fill(`${title} (edited)`);
    await editForm.getByLabel("Duration (minutes)").fill("90");
    await editForm.getByRole("button", { name: "Update Meeting" }).click();
    await waitForToast(page(), "Success", "Meeting updated successfully!");
    const edited = page().getByRole("article").filter({ has: page().getByRole("heading", { name: `${title} (edited)` }) });
    await visible(edited);
    expect(await edited.textContent()).toContain("90 min");

    // Delete: a dialog with JavaScript, a confirmation step without.
    await edited.getByRole("button", { name: `Delete meeting ${title} (edited)` }).click();
    if (js) await visible(page().getByRole("alertdialog").getByText(CONFIRMATION));
    else await visible(page().getByText(CONFIRMATION));
    await page().getByRole("button", { name: "Delete", exact: true }).click();
    await waitForToast(page(), "Success", "Meeting deleted successfully!");
    await visible(page().getByRole("heading", { name: "Upcoming Meetings" }));
    expect(await page().getByRole("heading", { name: `${title} (edited)` }).count()).toBe(0);
  });

  it("lets an admin create a weekly series in the admin panel and delete one meeting from Manage Meetings", async () => {
    const baseURL = inject("baseURL");
    await useSession(context(), baseURL, await adminSession());
    const title = `Series ${tag} ${Date.now().toString(36)}`;
    await goto(page(), "/admin/create-meetings");
    await visible(page().getByRole("heading", { name: "Create Meetings", level: 2 }));
    const form = page().locator("form#admin-create-meeting-form");
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Scheduled Date & Time").fill(localDateTimeInDays(2, 17, 0));
    await form.getByLabel("Duration (minutes)").fill("10");
    await form.getByLabel("Repeat weekly for (weeks)").fill("3");
    await form.getByRole("button", { name: "Schedule Meeting" }).click();
    await visible(page().getByText("Duration must be at least 15 minutes"));
    // The server validates (zod stays off the browser, decision 0066): 400 with the toast, JavaScript on or off.
    await waitForToast(page(), "Error", "Failed to create meeting");
    await page().locator("form#admin-create-meeting-form").getByLabel("Duration (minutes)").fill("45");
    await page().locator("form#admin-create-meeting-form").getByRole("button", { name: "Schedule Meeting" }).click();
    await waitForToast(page(), "Success", "Meeting created successfully");
    await visible(page().getByRole("heading", { name: "Manage Meetings", level: 2 }));
    const rows = page().getByTestId("admin-meeting-row").filter({ hasText: title });
    await visible(rows);
    expect(await rows.count()).toBe(3);
    expect(await rows.first().textContent()).toContain("Weekly");

    await rows.first().getByRole("button", { name: `Delete meeting ${title}` }).click();
    await visible(page().getByText(CONFIRMATION));
    await page().getByRole("button", { name: "Delete", exact: true }).click();
    await waitForToast(page(), "Success", "Meeting deleted successfully");
    await visible(page().getByRole("heading", { name: "Manage Meetings", level: 2 }));
    await page().getByTestId("admin-meeting-row").filter({ hasText: title }).nth(1).waitFor();
    expect(await page().getByTestId("admin-meeting-row").filter({ hasText: title }).count()).toBe(2);
  });

  it("lets a member register once and join, which records attendance", async () => {
    const baseURL = inject("baseURL");
    const title = `Open models night ${tag} ${Date.now().toString(36)}`;
    const meeting = await createMeetingViaApi(baseURL, await adminSession(), {
      title,
      description: "Members only.",
      // Attendance counts from 15 minutes before the start (docs/meetings.md): it starts in 10.
      scheduledAt: new Date(Date.now() + 10 * 60_000).toISOString(),
      joinZoomUrl: `${baseURL}/badge-guide`,
      registrationZoomUrl: `${baseURL}/badges`,
      registrationRequired: true,
    });
    const member = makeUser();
    await useSession(context(), baseURL, await ensureSignedIn(baseURL, member));
    await goto(page(), "/meetings");
    const card = page().getByRole("article").filter({ has: page().getByRole("heading", { name: title }) });
    await visible(card);
    expect(await card.textContent()).toContain("0 attending");

    await card.getByRole("button", { name: "Register" }).click();
    await waitForToast(page(), "Success", "Successfully registered for the meeting!");
    await visible(card.getByText("1 attending"));
    await visible(card.getByText("✓ Registered"));
    expect(await card.getByRole("button", { name: "Register" }).count()).toBe(0);
    // Cancel, then register again: still one registration.
    await card.getByRole("button", { name: "Cancel registration" }).click();
    await waitForToast(page(), "Registration cancelled", "Your registration has been cancelled.");
    await visible(card.getByText("0 attending"));
    await card.getByRole("button", { name: "Register" }).click();
    await visible(card.getByText("1 attending"));

    // Join opens a new tab through /meetings/:id/join and lands on the join link.
    const join = card.getByRole("link", { name: /^Join/ });
    expect(await join.getAttribute("target")).toBe("_blank");
    const [popup] = await Promise.all([context().waitForEvent("page"), join.click()]);
    await popup.waitForURL(/\/badge-guide$/);
    await popup.close();
    const row = withDatabase((db) =>
      db
        .prepare("select a.attended as attended, m.attendees_count as count from meeting_attendees a join meetings m on m.id = a.meeting_id join users u on u.id = a.user_id where m.id = ? and u.email = ?")
        .get(meeting.id, member.email),
    ) as { attended: number; count: number };
    expect(row).toEqual({ attended: 1, count: 1 });
    const ledger = withDatabase((db) =>
      db.prepare("select count(*) as total from contributions c join users u on u.id = c.user_id where u.email = ? and c.kind = 'meeting_attended' and c.subject_id = ?").get(member.email, String(meeting.id)),
    ) as { total: number };
    expect(ledger.total).toBe(1);
    expect(isJavaScriptEnabled(page())).toBe(js);
  });

  it(`serves a calendar feed that parses (${mode})`, async () => {
    const baseURL = inject("baseURL");
    const meeting = await createMeetingViaApi(baseURL, await adminSession(), {
      title: `Calendar, check; ${tag}`,
      description: "Line one\nLine two",
      scheduledAt: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      duration: 45,
    });
    const response = await page().request.get(`${baseURL}/meetings.ics`);
    expect(response.status()).toBe(200);
    expect(response.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = parseCalendar(await response.text());
    const event = calendar.events.find((candidate) => candidate.summary === `Calendar, check; ${tag}`);
    expect(event?.description).toBe("Line one\nLine two");
    expect(event!.end.getTime() - event!.start.getTime()).toBe(45 * 60_000);
    const single = await page().request.get(`${baseURL}/meetings/${meeting.id}/calendar.ics`);
    expect(parseCalendar(await single.text()).events).toHaveLength(1);
  });
});
