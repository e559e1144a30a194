import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { postConstraints } from "./constraints";
import { createPostSchema } from "./schemas";

describe("post form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint(createPostSchema)", () => expect(postConstraints).toEqual(getZodConstraint(createPostSchema)));
});
