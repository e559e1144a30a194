import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { suspensionConstraints } from "./constraints";
import { suspensionSchema } from "./schemas";

describe("suspension form constraints (zod-free copy for the browser)", () => {
  it("the reason's equal getZodConstraint(suspensionSchema)", () => expect(suspensionConstraints.reason).toEqual(getZodConstraint(suspensionSchema).reason));
});
