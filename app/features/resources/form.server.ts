/** The resource forms' server side: parse with Conform, call the feature, shape the reply. */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import { isAppError } from "~/utils/errors.server";
import { createResource, getResource, updateResource, type ResourceView } from "./resources.server";
import { resourceFormSchema } from "./schemas";
import type { ActorRef } from "~/utils/actor";

export type ResourceFormOutcome =
  | { ok: true; resource: ResourceView }
  | { ok: false; status: number; message: string; result: SubmissionResult<string[]> };

const fields = ["title", "description", "url", "resourceType", "difficulty", "tags", "pricingCategory", "embedUrl"] as const;

/** Validates a submitted resource form and creates or updates the resource; bad input comes back with the field messages and the input kept. */
export function submitResourceForm({ formData, actor, resourceId }: { formData: FormData; actor: ActorRef; resourceId?: number }): ResourceFormOutcome {
  const submission = parseWithZod(formData, { schema: resourceFormSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {}).flat()[0] ?? "Please check the form and try again.";
    return { ok: false, status: 400, message, result: submission.reply() };
  }
  try {
    if (resourceId === undefined) return { ok: true, resource: createResource({ actor, input: submission.value }) };
    // A field the form sent empty is cleared; a field the form did not show (with JavaScript, URL
    // for a video and Embed URL for anything else) keeps its value, except that a resource that
    // becomes a video takes its new video link as URL too.
    const existing = getResource(resourceId);
    const input: Record<string, unknown> = {};
    for (const field of fields) {
      if (formData.has(field) || (field !== "url" && field !== "embedUrl")) input[field] = submission.value[field] ?? null;
    }
    if (!formData.has("url") && submission.value.resourceType === "video" && existing.resourceType !== "video") input.url = null;
    return { ok: true, resource: updateResource({ actor, id: resourceId, input }) };
  } catch (error) {
    if (!isAppError(error)) throw error;
    return { ok: false, status: error.status, message: error.message, result: submission.reply({ formErrors: [error.message], fieldErrors: error.fieldErrors }) };
  }
}
