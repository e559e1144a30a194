import { FieldErrors } from "~/components/ui/form-field";
import { ItemForm, type ItemFormProps } from "~/components/ui/item-form";
import { useEffect, useState } from "react";
import { fieldBorderClass, fieldControlClass, InputField, LabelledField, TextareaField } from "~/components/ui/labelled-field";
import { getSelectProps, useServerForm } from "~/components/ui/use-server-form";
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


/**
 * The resource form (the fields and defaults: type tool, difficulty beginner, pricing free, no tags).
 * With JavaScript the URL field hides for videos and the Embed URL shows only for videos; without it
 * both show with a hint.
 */
export function ResourceForm({
  id,
  resourceId,
  lastResult,
  defaultValue,
  ...frame
}: ItemFormProps & { resourceId?: number; defaultValue?: ResourceFormDefaults }) {
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

  return (
    <ItemForm form={form} idField={resourceId === undefined ? undefined : { name: "resourceId", value: resourceId }} {...frame}>
      <InputField field={fields.title} label="Title" />

      <div className="grid gap-4 sm:grid-cols-2">
        <LabelledField field={fields.resourceType} label="Type">
          <select
            {...getSelectProps(fields.resourceType)}
            key={fields.resourceType.key}
            onChange={(event) => setType(event.target.value)}
            className={`${fieldControlClass} bg-white ${fieldBorderClass(fields.resourceType.errors)}`}
          >
            {resourceTypes.map((value: ResourceType) => (
              <option key={value} value={value}>
                {resourceTypeLabels[value]}
              </option>
            ))}
          </select>
        </LabelledField>
        <LabelledField field={fields.difficulty} label="Difficulty">
          <select {...getSelectProps(fields.difficulty)} key={fields.difficulty.key} className={`${fieldControlClass} bg-white ${fieldBorderClass(fields.difficulty.errors)}`}>
            {difficulties.map((value) => (
              <option key={value} value={value}>
                {difficultyLabels[value]}
              </option>
            ))}
          </select>
        </LabelledField>
      </div>

      {showUrl ? (
        <InputField
          field={fields.url}
          label="URL"
          type="url"
          placeholder="https://..."
          hint={isHydrated ? null : "The link to the resource. For a video, you may leave it empty and fill in the Embed URL."}
        />
      ) : null}

      {showEmbed ? (
        <InputField
          field={fields.embedUrl}
          label="Embed URL"
          type="url"
          placeholder="https://www.youtube.com/watch?v=..."
          hint={<>{isHydrated ? "" : "Only for videos. "}A YouTube, youtu.be or Vimeo link; it is shown as a player.</>}
        />
      ) : null}

      <TextareaField field={fields.description} label="Description" />

      <InputField field={fields.tags} label="Tags" placeholder="LLM, Writing, Free tier" hint="Separate tags with commas." />

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
        <FieldErrors id={fields.pricingCategory.errorId} errors={fields.pricingCategory.errors} className="mt-1 text-sm text-red-700" />
      </fieldset>

    </ItemForm>
  );
}
