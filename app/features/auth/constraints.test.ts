import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { forgotPasswordConstraints, loginConstraints, registerConstraints, resetPasswordConstraints } from "./constraints";
import { forgotPasswordSchema, loginSchema, registerSchema, resetPasswordFormSchema } from "./schemas";

describe("auth form constraints (zod-free copies for the browser)", () => {
  it("login equals getZodConstraint(loginSchema)", () => expect(loginConstraints).toEqual(getZodConstraint(loginSchema)));
  it("forgot password equals getZodConstraint(forgotPasswordSchema)", () => expect(forgotPasswordConstraints).toEqual(getZodConstraint(forgotPasswordSchema)));
  it("reset password equals getZodConstraint(resetPasswordFormSchema)", () => expect(resetPasswordConstraints).toEqual(getZodConstraint(resetPasswordFormSchema)));
  it("register equals getZodConstraint(registerSchema)", () => expect(registerConstraints).toEqual(getZodConstraint(registerSchema)));
});
