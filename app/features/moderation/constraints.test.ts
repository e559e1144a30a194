import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { reportFormConstraints, suspensionConstraints, warnFormConstraints } from "./constraints";
import { reportFormSchema, suspensionSchema, warnFormSchema } from "./schemas";

describe("moderation form constraints (zod-free copies for the browser)", () => {
  it("the suspension reason's equal getZodConstraint(suspensionSchema)", () => expect(suspensionConstraints.reason).toEqual(getZodConstraint(suspensionSchema).reason));
  it("equals getZodConstraint(reportFormSchema)", () => expect(reportFormConstraints).toEqual(getZodConstraint(reportFormSchema)));
  it("equals getZodConstraint(warnFormSchema)", () => expect(warnFormConstraints).toEqual(getZodConstraint(warnFormSchema)));
});
