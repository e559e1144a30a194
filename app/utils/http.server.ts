/**
 * Helpers shared by the /api resource routes: read a JSON body, answer JSON, and turn any
 * thrown error into the documented JSON error shape.
 */
import { data } from "@remix-run/node";
import { AppError, badRequest, isAppError, logServerError, toJsonBody } from "./errors.server";

/** Reads a JSON object body; an empty body counts as `{}`. */
export async function readJsonBody(request: Request): Promise<Record<string, unknown>> {
  const text = await request.text();
  if (text.trim() === "") return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // fall through
  }
  throw badRequest("The request body must be a JSON object.");
}

/** Runs an /api handler, answering AppErrors as `{ message }` JSON and anything else as a logged 500. */
export async function handleApi(request: Request, handler: () => Promise<Response> | Response): Promise<Response> {
  try {
    return await handler();
  } catch (error) {
    if (error instanceof Response) return error;
    return apiErrorResponse(error, request);
  }
}

export function apiErrorResponse(error: unknown, request: Request): Response {
  if (isAppError(error)) {
    return Response.json(toJsonBody(error), { status: error.status, headers: error.headers });
  }
  logServerError(error, request);
  return Response.json({ message: "Something went wrong on our side. Please try again." }, { status: 500 });
}

export function methodNotAllowed(allowed: string[]): AppError {
  return new AppError(405, `Method not allowed. Use ${allowed.join(" or ")}.`, { headers: { Allow: allowed.join(", ") } });
}

/** The 405 answer of an /api route's loader when the endpoint only takes writes. */
export function methodNotAllowedResponse(allowed: string[]): Response {
  const error = methodNotAllowed(allowed);
  return Response.json(toJsonBody(error), { status: error.status, headers: error.headers });
}

export { data };
