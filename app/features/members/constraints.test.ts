import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { profileConstraints } from "./constraints";
import { profileFormSchema } from "./schemas";

describe("profile form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint(profileFormSchema)", () => expect(profileConstraints).toEqual(getZodConstraint(profileFormSchema)));
});
