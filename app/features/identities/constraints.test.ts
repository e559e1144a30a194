import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { identityEmailConstraints } from "./constraints";
import { identityEmailSchema } from "./schemas";

describe("identities constraints", () => {
  it("equal the schema's constraints", () => {
    expect(identityEmailConstraints).toEqual(getZodConstraint(identityEmailSchema));
  });
});
