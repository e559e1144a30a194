import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { suspensionConstraints } from "./constraints";
import { suspensionSchema } from "./schemas";

describe("moderation form constraints (zod-free copies for the browser)", () => {
  it("the suspension reason's equal getZodConstraint(suspensionSchema)", () => expect(suspensionConstraints.reason).toEqual(getZodConstraint(suspensionSchema).reason));
});
