/** Helpers for the discussions feature tests. */
import { toCurrentUser } from "~/features/auth/auth.server";
import { createMember } from "~/test/factories";
import { scalar } from "~/test/db";
import type { User } from "../../../db/schema";
import { createPost, listCategories } from "./posts.server";

export async function createActor(overrides: Partial<User> = {}) {
  const user = await createMember(overrides);
  return toCurrentUser(user);
}

export async function firstCategoryId(): Promise<number> {
  return (await listCategories())[0].id;
}

export async function createTestPost(actor: ReturnType<typeof toCurrentUser>, overrides: { title?: string; content?: string; categoryId?: number } = {}) {
  return createPost({
    actor,
    input: { title: overrides.title ?? "A test post", content: overrides.content ?? "Some **content**.", categoryId: overrides.categoryId ?? (await firstCategoryId()) },
  });
}

export { scalar } from "~/test/db";

export function pointsOf(userId: string): Promise<number> {
  return scalar(`SELECT points FROM users WHERE id = ?`, userId);
}
