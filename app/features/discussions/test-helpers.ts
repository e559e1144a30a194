/** Helpers for the discussions feature tests. */
import { toCurrentUser } from "~/features/auth/auth.server";
import { createMember } from "~/test/factories";
import { getDb } from "~/utils/db.server";
import type { User } from "../../../db/schema";
import { createPost, listCategories } from "./posts.server";

export async function createActor(overrides: Partial<User> = {}) {
  const user = await createMember(overrides);
  return toCurrentUser(user);
}

export function firstCategoryId(): number {
  return listCategories()[0].id;
}

export function createTestPost(actor: ReturnType<typeof toCurrentUser>, overrides: { title?: string; content?: string; categoryId?: number } = {}) {
  return createPost({
    actor,
    input: { title: overrides.title ?? "A test post", content: overrides.content ?? "Some **content**.", categoryId: overrides.categoryId ?? firstCategoryId() },
  });
}

export function scalar<T = number>(sql: string, ...params: unknown[]): T {
  const row = getDb().$client.prepare(sql).get(...params) as Record<string, T>;
  return Object.values(row)[0];
}

export function pointsOf(userId: string): number {
  return scalar(`SELECT points FROM users WHERE id = ?`, userId);
}
