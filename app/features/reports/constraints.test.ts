import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { reportFormConstraints, warnFormConstraints } from "./constraints";
import { reportFormSchema, warnFormSchema } from "./schemas";

describe("report form constraints (zod-free copies for the browser)", () => {
  it("equals getZodConstraint(reportFormSchema)", () => expect(reportFormConstraints).toEqual(getZodConstraint(reportFormSchema)));
  it("equals getZodConstraint(warnFormSchema)", () => expect(warnFormConstraints).toEqual(getZodConstraint(warnFormSchema)));
});
