import { notFound } from "~/utils/errors.server";

/** A positive integer id from a URL segment, or a 404 (an unknown id and a malformed one look alike). */
export function parseIdParam(value: string | undefined, what = "Post"): number {
  const id = Number(value);
  if (!value || !/^\d+$/.test(value) || !Number.isSafeInteger(id) || id <= 0) throw notFound(`${what} not found`);
  return id;
}
