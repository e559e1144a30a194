import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { changeEmailSchema, changePasswordFormSchema, deleteAccountSchema } from "~/features/auth/schemas";
import { changeEmailConstraints, changePasswordConstraints, deleteAccountConstraints } from "./constraints";

describe("account settings constraints", () => {
  it("equal the schemas' constraints", () => {
    expect(changePasswordConstraints).toEqual(getZodConstraint(changePasswordFormSchema));
    expect(changeEmailConstraints).toEqual(getZodConstraint(changeEmailSchema));
    expect(deleteAccountConstraints).toEqual(getZodConstraint(deleteAccountSchema));
  });
});
