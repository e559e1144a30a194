import { describe, expect, it } from "vitest";
import { dispatchIntent, formFailure, formResult, UNKNOWN_ACTION_MESSAGE } from "./page-action.server";

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
