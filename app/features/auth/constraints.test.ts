import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { loginConstraints, registerConstraints } from "./constraints";
import { loginSchema, registerSchema } from "./schemas";

describe("auth form constraints (zod-free copies for the browser)", () => {
  it("login equals getZodConstraint(loginSchema)", () => expect(loginConstraints).toEqual(getZodConstraint(loginSchema)));
  it("register equals getZodConstraint(registerSchema)", () => expect(registerConstraints).toEqual(getZodConstraint(registerSchema)));
});
