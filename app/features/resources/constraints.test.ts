import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { resourceConstraints } from "./constraints";
import { resourceFormSchema } from "./schemas";

describe("resource form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint(resourceFormSchema)", () => expect(resourceConstraints).toEqual(getZodConstraint(resourceFormSchema)));
});
