import { describe, expect, it } from "vitest";
import { z } from "zod";
import { tooManyRequests } from "./errors.server";
import { dispatchIntent, formFailure, formResult, submitSchemaFormAsync, UNKNOWN_ACTION_MESSAGE } from "./page-action.server";

const form = (fields: Record<string, string>) => {
  const formData = new FormData();
  for (const [name, value] of Object.entries(fields)) formData.set(name, value);
  return formData;
};

describe("dispatchIntent", () => {
  it("runs the handler of the form's intent, given the intent", async () => {
    const answer = await dispatchIntent(form({ intent: "pin" }), { pin: (intent) => `ran ${intent}`, unpin: () => "other" });
    expect(answer).toBe("ran pin");
  });

  it("answers an unknown, missing or inherited intent with a 400 the error page shows", async () => {
    const cases: Array<Record<string, string>> = [{ intent: "nope" }, {}, { intent: "constructor" }, { intent: "__proto__" }];
    for (const fields of cases) {
      const thrown = await dispatchIntent(form(fields), { pin: () => "pinned" }).catch((error: unknown) => error);
      expect(thrown).toBeInstanceOf(Response);
      expect((thrown as Response).status).toBe(400);
      expect(await (thrown as Response).text()).toBe(UNKNOWN_ACTION_MESSAGE);
    }
  });

  it("lets a form without an intent have the handler named \"\"", async () => {
    expect(await dispatchIntent(form({ name: "x" }), { "": () => "saved" })).toBe("saved");
  });
});

describe("formFailure", () => {
  it("answers the one failed-form shape with 400 unless told", () => {
    const answer = formFailure({ intent: "reply", formId: "reply-form", result: formResult({ content: "kept" }, { content: ["Too long"] }) });
    expect(answer.init?.status).toBe(400);
    expect(answer.data).toEqual({ intent: "reply", formId: "reply-form", result: { status: "error", initialValue: { content: "kept" }, error: { content: ["Too long"] } } });
  });
});

describe("submitSchemaFormAsync", () => {
  const schema = z.object({ email: z.string({ required_error: "E-mail is required" }).email("Enter an e-mail address") });

  it("hands the parsed input to an async save and answers what it saved", async () => {
    expect(await submitSchemaFormAsync(form({ email: "a@example.test" }), schema, async (input) => input.email.length)).toEqual({ ok: true, saved: 14 });
  });

  it("answers bad input as a 400 with its first message and the input kept", async () => {
    const outcome = await submitSchemaFormAsync(form({ email: "nope" }), schema, async () => 1);
    expect(outcome).toMatchObject({ ok: false, status: 400, message: "Enter an e-mail address" });
    expect(!outcome.ok && outcome.result.initialValue).toEqual({ email: "nope" });
  });

  it("answers a typed error of the save with its status, message and headers; anything else is thrown", async () => {
    const refused = await submitSchemaFormAsync(form({ email: "a@example.test" }), schema, async () => {
      throw tooManyRequests(60, "requests");
    });
    expect(refused).toMatchObject({ ok: false, status: 429, message: "Too many requests. Please try again in 1 minute." });
    expect(!refused.ok && refused.result.error).toEqual({ "": ["Too many requests. Please try again in 1 minute."] });
    expect(!refused.ok && new Headers(refused.headers).get("Retry-After")).toBe("60");
    await expect(submitSchemaFormAsync(form({ email: "a@example.test" }), schema, async () => Promise.reject(new Error("boom")))).rejects.toThrow("boom");
  });
});
