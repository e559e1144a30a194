/** Helpers for the discussions feature tests. */
import { sql, type SQL } from "drizzle-orm";
import { toCurrentUser } from "~/features/auth/auth.server";
import { createMember } from "~/test/factories";
import { readDb } from "~/utils/db.server";
import { queryRows } from "~/utils/sql-dialect.server";
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

/** The first column of the first row of `text` (SQL with `?` for each of `params`), read through `readDb()`. */
export async function scalar<T = number>(text: string, ...params: unknown[]): Promise<T> {
  const chunks: SQL[] = [];
  text.split("?").forEach((part, index) => {
    if (index > 0) chunks.push(sql`${params[index - 1]}`);
    chunks.push(sql.raw(part));
  });
  const [row] = await queryRows<Record<string, T>>(readDb(), sql.join(chunks));
  return Object.values(row)[0];
}

export function pointsOf(userId: string): Promise<number> {
  return scalar(`SELECT points FROM users WHERE id = ?`, userId);
}
