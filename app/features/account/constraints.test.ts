import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { changeEmailSchema, changePasswordFormSchema, deleteAccountSchema, setPasswordFormSchema } from "~/features/auth/schemas";
import { changeEmailConstraints, changePasswordConstraints, deleteAccountConstraints, setPasswordConstraints } from "./constraints";

describe("account settings constraints", () => {
  it("equal the schemas' constraints", () => {
    expect(changePasswordConstraints).toEqual(getZodConstraint(changePasswordFormSchema));
    expect(setPasswordConstraints).toEqual(getZodConstraint(setPasswordFormSchema));
    expect(changeEmailConstraints).toEqual(getZodConstraint(changeEmailSchema));
    expect(deleteAccountConstraints).toEqual(getZodConstraint(deleteAccountSchema));
  });
});
