import { describe, expect, it } from "vitest";
import { isPendingSubmission } from "./use-is-pending";

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};
const submitting = (fields: Record<string, string>, extra: { formAction?: string; formMethod?: string } = {}) => ({ state: "submitting" as const, formData: form(fields), formAction: "/post/1", formMethod: "POST", ...extra });
const loadingAfter = (fields: Record<string, string>) => ({ ...submitting(fields), state: "loading" as const });
const idle = { state: "idle" as const };
const pageLoad = { state: "loading" as const };

describe("isPendingSubmission (useIsPending's rule)", () => {
  it("is pending from the click until the next page has loaded, unless told only while submitting", () => {
    expect(isPendingSubmission(idle, {})).toBe(false);
    expect(isPendingSubmission(submitting({}), {})).toBe(true);
    expect(isPendingSubmission(loadingAfter({}), {})).toBe(true);
    expect(isPendingSubmission(loadingAfter({}), { state: "submitting" })).toBe(false);
    expect(isPendingSubmission(pageLoad, {})).toBe(true);
  });

  it("tells forms apart by their intent, or by posting none", () => {
    expect(isPendingSubmission(submitting({ intent: "footer" }), { intent: "footer" })).toBe(true);
    expect(isPendingSubmission(submitting({ intent: "platform" }), { intent: "footer" })).toBe(false);
    expect(isPendingSubmission(submitting({}), { intent: null })).toBe(true);
    expect(isPendingSubmission(submitting({ intent: "avatar" }), { intent: null })).toBe(false);
    expect(isPendingSubmission(pageLoad, { intent: "footer" })).toBe(false);
  });

  it("matches every given hidden field (undefined ones ignored), and needs form data to match any", () => {
    expect(isPendingSubmission(submitting({ intent: "reply", formId: "reply-7" }), { intent: "reply", fields: { formId: "reply-7" } })).toBe(true);
    expect(isPendingSubmission(submitting({ intent: "reply", formId: "reply-8" }), { intent: "reply", fields: { formId: "reply-7" } })).toBe(false);
    expect(isPendingSubmission(submitting({ userId: "u1" }), { fields: { userId: "u1", other: undefined } })).toBe(true);
    expect(isPendingSubmission(submitting({ reportId: "3" }), { fields: { reportId: 3 } })).toBe(true);
    expect(isPendingSubmission(pageLoad, { fields: {} })).toBe(false);
  });

  it("compares the action's path (not its query) and the method in any case", () => {
    expect(isPendingSubmission(submitting({}, { formAction: "/meetings/new?returnTo=%2F" }), { formAction: "/meetings/new" })).toBe(true);
    expect(isPendingSubmission(submitting({}, { formAction: "/meetings/2/edit" }), { formAction: "/meetings/new" })).toBe(false);
    expect(isPendingSubmission(submitting({}, { formMethod: "post" }), { formMethod: "POST" })).toBe(true);
    expect(isPendingSubmission({ state: "loading", formMethod: "GET" }, { formMethod: "POST" })).toBe(false);
  });

  it("reads a fetcher the same way", () => {
    expect(isPendingSubmission({ state: "submitting", formData: form({ comment: "hi" }) }, {})).toBe(true);
    expect(isPendingSubmission({ state: "idle" }, {})).toBe(false);
  });
});
