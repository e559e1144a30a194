import { describe, expect, it } from "vitest";
import { errorToast, successToast } from "./toast";

describe("toast builders", () => {
  it("a success is the plain toast titled Success unless told", () => {
    expect(successToast("Saved.")).toMatchObject({ title: "Success", description: "Saved.", variant: "default" });
    expect(successToast("Check your mail.", "Check your inbox")).toMatchObject({ title: "Check your inbox", description: "Check your mail.", variant: "default" });
  });

  it("a refusal is the red toast titled Error unless told", () => {
    expect(errorToast("No.")).toMatchObject({ title: "Error", description: "No.", variant: "destructive" });
    expect(errorToast("Mail is down.", "Could not send the e-mail")).toMatchObject({ title: "Could not send the e-mail", variant: "destructive" });
  });

  it("gives every toast a fresh id, so the same message twice shows twice", () => {
    expect(successToast("Saved.").id).not.toBe(successToast("Saved.").id);
  });
});
