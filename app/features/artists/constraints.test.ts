import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { artistConstraints } from "./constraints";
import { artistFormSchema } from "./schemas";

describe("artist form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint(artistFormSchema)", () => expect(artistConstraints).toEqual(getZodConstraint(artistFormSchema)));
});
