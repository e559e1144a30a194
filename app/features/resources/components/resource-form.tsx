import { Form, useNavigation } from "@remix-run/react";
import { FieldErrors, FormActions } from "~/components/ui/form-field";
import { useEffect, useState } from "react";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm, type FormResult } from "~/components/ui/use-server-form";
import { difficulties, difficultyLabels, pricingCategories, resourceTypeLabels, resourceTypes, type ResourceType } from "../constants";
import { resourceConstraints } from "../constraints";

export type ResourceFormDefaults = {
  title?: string;
  description?: string;
  url?: string;
  resourceType?: string;
  difficulty?: string;
  tags?: string[] | string;
  pricingCategory?: string;
  embedUrl?: string | null;
};

const pricingHints: Record<(typeof pricingCategories)[number], string> = {
  free: "Free",
  low: "Low: $20 or less",
  high: "High: more than $20",
};

const messageClass = "mt-1 text-sm text-red-700";
const inputClass = "mt-1 block w-full rounded-md border px-3 py-2 text-sm shadow-sm focus:outline-none focus:ring-2 focus:ring-indigo-500";

/**
 * The resource form (the fields and defaults: type tool, difficulty beginner, pricing free, no tags).
 * With JavaScript the URL field hides for videos and the Embed URL shows only for videos; without it
 * both show with a hint.
 */
export function ResourceForm({
  id,
  action,
  intent,
  resourceId,
  lastResult,
  defaultValue,
  submitLabel,
  pendingLabel,
  onCancel,
}: {
  id: string;
  action: string;
  intent: string;
  resourceId?: number;
  lastResult?: FormResult | null;
  defaultValue?: ResourceFormDefaults;
  submitLabel: string;
  pendingLabel: string;
  onCancel?: () => void;
}) {
  const navigation = useNavigation();
  const isPending = navigation.state === "submitting" && navigation.formData?.get("formId") === id;
  const [isHydrated, setIsHydrated] = useState(false);
  useEffect(() => setIsHydrated(true), []);
  const initial = {
    resourceType: "tool",
    difficulty: "beginner",
    pricingCategory: "free",
    ...defaultValue,
    tags: Array.isArray(defaultValue?.tags) ? defaultValue.tags.join(", ") : (defaultValue?.tags ?? ""),
    embedUrl: defaultValue?.embedUrl ?? "",
  };
  const [form, fields] = useServerForm({ id, lastResult, defaultValue: initial, constraint: resourceConstraints });
  const [type, setType] = useState<string>(String(fields.resourceType.initialValue ?? initial.resourceType));
  const isVideo = type === "video";
  const showUrl = !isHydrated || !isVideo;
  const showEmbed = !isHydrated || isVideo;
  const errorClass = (errors?: string[]) => (errors?.length ? "border-red-500" : "border-slate-300");

  return (
    <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="formId" value={id} />
      {resourceId !== undefined ? <input type="hidden" name="resourceId" value={resourceId} /> : null}

      <div>
        <label htmlFor={fields.title.id} className="block text-sm font-medium text-slate-800">
          Title
        </label>
        <input {...getInputProps(fields.title, { type: "text" })} key={fields.title.key} className={`${inputClass} ${errorClass(fields.title.errors)}`} />
        <FieldErrors id={fields.title.errorId} errors={fields.title.errors} className={messageClass} />
      </div>

      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <label htmlFor={fields.resourceType.id} className="block text-sm font-medium text-slate-800">
            Type
          </label>
          <select
            {...getSelectProps(fields.resourceType)}
            key={fields.resourceType.key}
            onChange={(event) => setType(event.target.value)}
            className={`${inputClass} bg-white ${errorClass(fields.resourceType.errors)}`}
          >
            {resourceTypes.map((value: ResourceType) => (
              <option key={value} value={value}>
                {resourceTypeLabels[value]}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.resourceType.errorId} errors={fields.resourceType.errors} className={messageClass} />
        </div>
        <div>
          <label htmlFor={fields.difficulty.id} className="block text-sm font-medium text-slate-800">
            Difficulty
          </label>
          <select {...getSelectProps(fields.difficulty)} key={fields.difficulty.key} className={`${inputClass} bg-white ${errorClass(fields.difficulty.errors)}`}>
            {difficulties.map((value) => (
              <option key={value} value={value}>
                {difficultyLabels[value]}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.difficulty.errorId} errors={fields.difficulty.errors} className={messageClass} />
        </div>
      </div>

      {showUrl ? (
        <div>
          <label htmlFor={fields.url.id} className="block text-sm font-medium text-slate-800">
            URL
          </label>
          <input
            {...getInputProps(fields.url, { type: "url" })}
            key={fields.url.key}
            placeholder="https://..."
            className={`${inputClass} ${errorClass(fields.url.errors)}`}
          />
          {!isHydrated ? <p className="mt-1 text-xs text-slate-500">The link to the resource. For a video, you may leave it empty and fill in the Embed URL.</p> : null}
          <FieldErrors id={fields.url.errorId} errors={fields.url.errors} className={messageClass} />
        </div>
      ) : null}

      {showEmbed ? (
        <div>
          <label htmlFor={fields.embedUrl.id} className="block text-sm font-medium text-slate-800">
            Embed URL
          </label>
          <input
            {...getInputProps(fields.embedUrl, { type: "url" })}
            key={fields.embedUrl.key}
            placeholder="https://www.youtube.com/watch?v=..."
            className={`${inputClass} ${errorClass(fields.embedUrl.errors)}`}
          />
          <p className="mt-1 text-xs text-slate-500">
            {isHydrated ? "" : "Only for videos. "}A YouTube, youtu.be or Vimeo link; it is shown as a player.
          </p>
          <FieldErrors id={fields.embedUrl.errorId} errors={fields.embedUrl.errors} className={messageClass} />
        </div>
      ) : null}

      <div>
        <label htmlFor={fields.description.id} className="block text-sm font-medium text-slate-800">
          Description
        </label>
        <textarea {...getTextareaProps(fields.description)} key={fields.description.key} rows={3} className={`${inputClass} ${errorClass(fields.description.errors)}`} />
        <FieldErrors id={fields.description.errorId} errors={fields.description.errors} className={messageClass} />
      </div>

      <div>
        <label htmlFor={fields.tags.id} className="block text-sm font-medium text-slate-800">
          Tags
        </label>
        <input
          {...getInputProps(fields.tags, { type: "text" })}
          key={fields.tags.key}
          placeholder="LLM, Writing, Free tier"
          className={`${inputClass} ${errorClass(fields.tags.errors)}`}
        />
        <p className="mt-1 text-xs text-slate-500">Separate tags with commas.</p>
        <FieldErrors id={fields.tags.errorId} errors={fields.tags.errors} className={messageClass} />
      </div>

      <fieldset>
        <legend className="block text-sm font-medium text-slate-800">Pricing</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          {pricingCategories.map((value) => (
            <label key={value} className="flex items-center gap-2 text-sm text-slate-700">
              <input
                type="radio"
                name={fields.pricingCategory.name}
                value={value}
                defaultChecked={(fields.pricingCategory.initialValue ?? "free") === value}
                className="h-4 w-4"
              />
              <span>{pricingHints[value]}</span>
            </label>
          ))}
        </div>
        <FieldErrors id={fields.pricingCategory.errorId} errors={fields.pricingCategory.errors} className={messageClass} />
      </fieldset>

      <FormActions errors={form.errors} onCancel={onCancel} isPending={isPending} submitLabel={submitLabel} pendingLabel={pendingLabel} />
    </Form>
  );
}
