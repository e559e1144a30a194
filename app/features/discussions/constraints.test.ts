import { getZodConstraint } from "@conform-to/zod";
import { describe, expect, it } from "vitest";
import { postConstraints } from "./constraints";
import { createPostSchema, updatePostSchema } from "./schemas";

describe("post form constraints (zod-free copy for the browser)", () => {
  it("equals getZodConstraint(createPostSchema)", () => expect(postConstraints).toEqual(getZodConstraint(createPostSchema)));
  it("equals getZodConstraint(updatePostSchema)", () => expect(postConstraints).toEqual(getZodConstraint(updatePostSchema)));
});
