/** The resource forms' server side: parse with Conform, call the feature, shape the reply. */
import type { ActorRef } from "~/utils/actor";
import { requirePagePermission } from "~/features/auth/index.server";
import { readFormData } from "~/utils/http.server";
import { answerFormOutcome, submitSchemaFormAsync, type SchemaFormOutcome } from "~/utils/page-action.server";
import { createResource, getResource, updateResource, type ResourceView } from "./resources.server";
import { resourceFormSchema } from "./schemas";
import { resourceUrls } from "./urls";

export type ResourceFormOutcome = { ok: true; resource: ResourceView } | Extract<SchemaFormOutcome<ResourceView>, { ok: false }>;

const fields = ["title", "description", "url", "resourceType", "difficulty", "tags", "pricingCategory", "embedUrl"] as const;

/** Validates a submitted resource form and creates or updates the resource; bad input comes back with the field messages and the input kept. */
export async function submitResourceForm({ formData, actor, resourceId }: { formData: FormData; actor: ActorRef; resourceId?: number }): Promise<ResourceFormOutcome> {
  const outcome = await submitSchemaFormAsync(formData, resourceFormSchema, async (value) => {
    if (resourceId === undefined) return createResource({ actor, input: value });
    // A field the form sent empty is cleared; a field the form did not show (with JavaScript, URL
    // for a video and Embed URL for anything else) keeps its value, except that a resource that
    // becomes a video takes its new video link as URL too.
    const existing = await getResource(resourceId);
    const input: Record<string, unknown> = {};
    for (const field of fields) {
      if (formData.has(field) || (field !== "url" && field !== "embedUrl")) input[field] = value[field] ?? null;
    }
    if (!formData.has("url") && value.resourceType === "video" && existing.resourceType !== "video") input.url = null;
    return updateResource({ actor, id: resourceId, input });
  });
  return outcome.ok ? { ok: true, resource: outcome.saved } : outcome;
}

/** The 'Submit Resource' form's page action (the /resources dialog and /resources/new): admins only. */
export async function submitNewResource(request: Request) {
  const actor = await requirePagePermission(request, "resources:manage");
  return answerFormOutcome(await submitResourceForm({ formData: await readFormData(request), actor }), {
    redirectTo: resourceUrls.list,
    success: "Resource submitted successfully!",
    failure: "Failed to submit resource. Please try again.",
    intent: "create",
  });
}
