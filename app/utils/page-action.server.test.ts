import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { badRequest, forbidden, notFound, tooManyRequests } from "./errors.server";
import {
  answerFormOutcome,
  dispatchIntent,
  fieldMessagesFirst,
  formFailure,
  formResult,
  handleRefusal,
  refuseSchemaForm,
  submitSchemaForm,
  submitSchemaFormAsync,
  UNKNOWN_ACTION_MESSAGE,
} from "./page-action.server";

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

describe("submitSchemaForm options", () => {
  const schema = z.object({ email: z.string().email("Enter an e-mail address"), password: z.string().min(1, "Password is required") });

  it("keeps hidden fields out of the reply, for bad input and for a refusal", () => {
    const invalid = submitSchemaForm(form({ email: "nope", password: "secret" }), schema, () => 1, { hideFields: ["password"] });
    expect(!invalid.ok && invalid.result.initialValue).toEqual({ email: "nope" });
    const refused = submitSchemaForm(form({ email: "a@example.test", password: "secret" }), schema, () => {
      throw badRequest("Wrong password", { password: ["Wrong password"] });
    }, { hideFields: ["password"] });
    expect(!refused.ok && refused.result.initialValue).toEqual({ email: "a@example.test" });
    expect(!refused.ok && refused.error?.status).toBe(400);
  });

  it("puts the messages messagesOf says: fieldMessagesFirst leaves the form's own out when a field says why", () => {
    const refused = submitSchemaForm(form({ email: "a@example.test", password: "x" }), schema, () => {
      throw badRequest("Wrong password", { password: ["Wrong password"] });
    }, { messagesOf: fieldMessagesFirst });
    expect(!refused.ok && refused.result.error).toEqual({ password: ["Wrong password"] });
    const plain = submitSchemaForm(form({ email: "a@example.test", password: "x" }), schema, () => {
      throw forbidden();
    }, { messagesOf: fieldMessagesFirst });
    expect(!plain.ok && plain.result.error).toEqual({ "": [forbidden().message] });
  });

  it("answers an unexpected error as a logged 500 with the given message only when told", () => {
    const boom = () => {
      throw new Error("boom");
    };
    expect(() => submitSchemaForm(form({ email: "a@example.test", password: "x" }), schema, boom)).toThrow("boom");
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const outcome = submitSchemaForm(form({ email: "a@example.test", password: "x" }), schema, boom, { unexpected: { request: new Request("http://localhost/profile"), message: "Failed to save." } });
    expect(outcome).toMatchObject({ ok: false, status: 500, message: "Failed to save." });
    expect(!outcome.ok && outcome.result.error).toEqual({ "": ["Failed to save."] });
    expect(logged).toHaveBeenCalledOnce();
    logged.mockRestore();
  });

  it("refuseSchemaForm answers a refusal made before the save, the input kept", () => {
    const refusal = refuseSchemaForm(form({ email: "a@example.test", password: "x" }), schema, forbidden());
    expect(refusal).toMatchObject({ ok: false, status: 403, message: forbidden().message });
    expect(refusal.result.initialValue).toEqual({ email: "a@example.test", password: "x" });
  });
});

describe("handleRefusal", () => {
  it("answers the work's value, a typed error through `refused`, and rethrows anything else", async () => {
    expect(await handleRefusal(() => "done", () => "refused")).toBe("done");
    expect(await handleRefusal(async () => Promise.reject(notFound("Post not found")), (error) => `${error.status} ${error.message}`)).toBe("404 Post not found");
    await expect(handleRefusal(() => {
      throw new Error("boom");
    }, () => "refused")).rejects.toThrow("boom");
  });
});

describe("answerFormOutcome", () => {
  it("passes the refusal's headers and leaves the toast out unless a failure is given", () => {
    const answer = answerFormOutcome({ ok: false, status: 429, result: formResult({}, { "": ["Slow down"] }), headers: { "Retry-After": "60" } }, { redirectTo: "/", success: "Saved", intent: "" });
    expect(answer).not.toBeInstanceOf(Promise);
    const failed = answer as Exclude<typeof answer, Promise<Response>>;
    expect(failed.init?.status).toBe(429);
    expect(new Headers(failed.init?.headers).get("Retry-After")).toBe("60");
    expect(failed.data.toast).toBeUndefined();
  });
});
