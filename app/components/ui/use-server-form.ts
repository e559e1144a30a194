/**
 * Server-validated forms without zod or Conform in the browser (docs/performance.md: page JavaScript ≤ 100 KB).
 *
 * The page actions validate with the zod schemas (parseWithZod) and answer with Conform's
 * `submission.reply()`: the submitted values (`initialValue`) and the messages per field
 * (`error`, the form's own under ""). This hook reads that answer and gives each field the same
 * id, name, default value, errors and aria attributes Conform's `useForm` + `getInputProps` gave,
 * so the markup (and what tests and screen readers see) is unchanged:
 * - ids `${formId}-${name}`, error ids `${id}-error`, the form's `${formId}-error`;
 * - the HTML constraints (required, maxLength, ...) come from a zod-free data module next to each
 *   schema (`constraints.ts`, kept equal to `getZodConstraint(schema)` by a unit test);
 * - `noValidate` always, as Conform rendered it (server and browser): the server answers every
 *   submission, with JavaScript on or off, with the same messages;
 * - after an answer with errors, the first invalid field gets the focus (as Conform did).
 */
import { useEffect, useRef } from "react";

export type FieldConstraint = {
  required?: boolean;
  minLength?: number;
  maxLength?: number;
  min?: number | string;
  max?: number | string;
  step?: number | string;
  pattern?: string;
  multiple?: boolean;
};
export type FormConstraints = Record<string, FieldConstraint>;

export type { FormFailure, FormResult } from "./form-failure";
import type { FormResult } from "./form-failure";

export type FieldMetadata = {
  id: string;
  name: string;
  formId: string;
  errorId: string;
  errors: string[] | undefined;
  /** The submitted value after a failed submission, else the default value (strings, as in the form). */
  initialValue: unknown;
  /** Conform's remount key; these forms never reset from the server, so always undefined. */
  key: string | undefined;
  constraint: FieldConstraint;
};

export type FormMetadata = { id: string; errorId: string; errors: string[] | undefined };

/** A default value as a form field holds it (Conform's normalize + serialize: "" is "no value"). */
function serialize(value: unknown): unknown {
  if (value === "" || value === undefined || value === null) return undefined;
  if (typeof value === "string") return value;
  if (typeof value === "number" || typeof value === "bigint") return String(value);
  if (typeof value === "boolean") return value ? "on" : undefined;
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(serialize);
  return value;
}

const nonEmpty = (errors: string[] | null | undefined) => (errors && errors.length ? errors : undefined);

export function useServerForm({
  id,
  lastResult,
  defaultValue,
  constraint = {},
}: {
  id: string;
  lastResult?: FormResult | null;
  defaultValue?: Record<string, unknown>;
  constraint?: FormConstraints;
}): [FormMetadata, Record<string, FieldMetadata>] {
  const values = lastResult?.initialValue ?? defaultValue ?? {};
  const errors = lastResult?.error ?? {};

  // Focus the first invalid field of a new answer (not on the first render: the page just loaded).
  const seen = useRef(lastResult);
  useEffect(() => {
    if (seen.current === lastResult) return;
    seen.current = lastResult;
    if (lastResult?.status !== "error") return;
    const form = document.getElementById(id);
    if (!(form instanceof HTMLFormElement)) return;
    for (const element of Array.from(form.elements)) {
      const name = (element as HTMLInputElement).name;
      if (name && nonEmpty(lastResult.error?.[name]) && "focus" in element) {
        (element as HTMLElement).focus();
        break;
      }
    }
  }, [id, lastResult]);

  const fields = new Proxy({} as Record<string, FieldMetadata>, {
    get(cache, name) {
      if (typeof name !== "string") return undefined;
      if (!(name in cache)) {
        const fieldId = `${id}-${name}`;
        cache[name] = {
          id: fieldId,
          name,
          formId: id,
          errorId: `${fieldId}-error`,
          errors: nonEmpty(errors[name]),
          initialValue: serialize(values[name]),
          key: undefined,
          constraint: constraint[name] ?? {},
        };
      }
      return cache[name];
    },
  });
  return [{ id, errorId: `${id}-error`, errors: nonEmpty(errors[""]) }, fields];
}

/** Drops undefined props (as Conform's helpers did), so spreading them never overrides with undefined. */
function simplify<T extends Record<string, unknown>>(props: T): T {
  for (const key of Object.keys(props)) if (props[key] === undefined) delete props[key];
  return props;
}

export function getFormProps(form: FormMetadata) {
  return simplify({ id: form.id, noValidate: true as const, "aria-describedby": form.errors ? form.errorId : undefined });
}

function getControlProps(field: FieldMetadata) {
  const invalid = field.errors !== undefined;
  return {
    required: field.constraint.required || undefined,
    id: field.id,
    name: field.name,
    form: field.formId,
    "aria-invalid": invalid || undefined,
    "aria-describedby": invalid ? field.errorId : undefined,
  };
}

// The input types each constraint attribute applies to (HTML: an attribute on any other type is invalid).
const TEXT_TYPES = new Set(["text", "search", "url", "tel", "email", "password"]);
const RANGE_TYPES = new Set(["date", "month", "week", "time", "datetime-local", "number", "range"]);
const MULTIPLE_TYPES = new Set(["email", "file"]);

export function getInputProps(field: FieldMetadata, options: { type: string; value?: string }) {
  const { constraint } = field;
  const isText = TEXT_TYPES.has(options.type);
  const isRange = RANGE_TYPES.has(options.type);
  const props: Record<string, unknown> = {
    ...getControlProps(field),
    type: options.type,
    minLength: isText ? constraint.minLength : undefined,
    maxLength: isText ? constraint.maxLength : undefined,
    min: isRange ? constraint.min : undefined,
    max: isRange ? constraint.max : undefined,
    step: isRange ? constraint.step : undefined,
    pattern: isText ? constraint.pattern : undefined,
    multiple: MULTIPLE_TYPES.has(options.type) ? constraint.multiple : undefined,
  };
  if (options.type === "checkbox" || options.type === "radio") {
    props.value = options.value ?? "on";
    props.defaultChecked = Array.isArray(field.initialValue) ? field.initialValue.includes(props.value) : field.initialValue === props.value;
  } else if (typeof field.initialValue === "string") {
    props.defaultValue = field.initialValue;
  }
  return simplify(props) as ReturnType<typeof getControlProps> &
    Omit<FieldConstraint, "required"> & {
      type: string;
      value?: string;
      defaultValue?: string;
      defaultChecked?: boolean;
    };
}

export function getTextareaProps(field: FieldMetadata) {
  return simplify({
    ...getControlProps(field),
    minLength: field.constraint.minLength,
    maxLength: field.constraint.maxLength,
    defaultValue: field.initialValue == null ? undefined : String(field.initialValue),
  });
}

export function getSelectProps(field: FieldMetadata) {
  const value = field.initialValue;
  return simplify({
    ...getControlProps(field),
    multiple: field.constraint.multiple,
    defaultValue: Array.isArray(value) ? value.map((item) => String(item ?? "")) : value == null ? undefined : String(value),
  });
}
