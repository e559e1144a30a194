/**
 * useServerForm renders the same markup Conform's useForm + get*Props rendered (ids, names,
 * default values, constraints, aria attributes, novalidate), for a fresh form and for a server
 * answer with errors. Conform stays a dev/server dependency, so it is the reference here.
 */
import * as conform from "@conform-to/react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useServerForm, type FormConstraints, type FormResult } from "./use-server-form";

const constraint: FormConstraints = {
  title: { required: true, minLength: 1, maxLength: 200 },
  body: { required: false, maxLength: 5000 },
  kind: { required: true, pattern: "a|b" },
  count: { required: true, min: 15, max: 480 },
  tags: { required: true, multiple: true },
  featured: { required: false },
};
const defaultValue = { title: "Hello", body: "", kind: "b", count: 60, tags: "x, y", featured: true };

type Props = { lastResult?: FormResult; defaults?: Record<string, unknown> };

/** What a form component reads from either library. */
type Kit = {
  formProps: object;
  form: { errorId: string; errors?: string[] };
  title: { errorId: string; errors?: string[] };
  input: (name: string, type: string) => object;
  textarea: (name: string) => object;
  select: (name: string) => object;
};

function Markup({ kit }: { kit: Kit }) {
  return (
    <form {...kit.formProps}>
      {kit.form.errors ? <p id={kit.form.errorId}>{kit.form.errors.join(" ")}</p> : null}
      <input {...kit.input("title", "text")} />
      <textarea {...kit.textarea("body")} />
      <select {...kit.select("kind")}>
        <option value="a">A</option>
        <option value="b">B</option>
      </select>
      <input {...kit.input("count", "number")} />
      <input {...kit.input("tags", "text")} />
      <input {...kit.input("featured", "checkbox")} />
      <input {...kit.input("missing", "email")} />
      {kit.title.errors ? <p id={kit.title.errorId}>{kit.title.errors.join(" ")}</p> : null}
    </form>
  );
}

/** Conform's props minus the one it sets where HTML does not allow it (`multiple` on a text input). */
function withoutInvalidAttributes(props: Record<string, unknown>, type: string): Record<string, unknown> {
  if (type === "email" || type === "file") return props;
  const { multiple: _multiple, ...rest } = props;
  return rest;
}

function WithConform({ lastResult, defaults }: Props) {
  const [form, fields] = conform.useForm<Record<string, unknown>>({ id: "f", lastResult: lastResult as never, defaultValue: defaults as never, constraint });
  const kit: Kit = {
    formProps: conform.getFormProps(form),
    form: { errorId: form.errorId, errors: form.errors },
    title: { errorId: fields.title.errorId, errors: fields.title.errors },
    input: (name, type) => withoutInvalidAttributes(conform.getInputProps(fields[name], { type: type as "text" }), type),
    textarea: (name) => conform.getTextareaProps(fields[name]),
    select: (name) => conform.getSelectProps(fields[name]),
  };
  return <Markup kit={kit} />;
}

function WithServerForm({ lastResult, defaults }: Props) {
  const [form, fields] = useServerForm({ id: "f", lastResult, defaultValue: defaults, constraint });
  const kit: Kit = {
    formProps: getFormProps(form),
    form,
    title: fields.title,
    input: (name, type) => getInputProps(fields[name], { type }),
    textarea: (name) => getTextareaProps(fields[name]),
    select: (name) => getSelectProps(fields[name]),
  };
  return <Markup kit={kit} />;
}

const render = (props: Props) => ({ conform: renderToString(<WithConform {...props} />), ours: renderToString(<WithServerForm {...props} />) });

describe("useServerForm renders what Conform rendered", () => {
  it("a fresh form with default values", () => {
    const html = render({ defaults: defaultValue });
    expect(html.ours).toContain('novalidate=""');
    expect(html.ours).toContain('id="f-title"');
    expect(html.ours).toBe(html.conform);
  });

  it("a form without default values", () => {
    const html = render({});
    expect(html.ours).toBe(html.conform);
  });

  it("the server's answer: submitted values kept, field and form errors with their aria links", () => {
    const lastResult: FormResult = {
      status: "error",
      initialValue: { title: "x", kind: "a", count: "5", tags: "t" },
      error: { "": ["Something went wrong"], title: ["Title is too short"], count: ["Duration must be at least 15 minutes"] },
    };
    const html = render({ lastResult, defaults: defaultValue });
    expect(html.ours).toContain('aria-invalid="true" aria-describedby="f-title-error"');
    expect(html.ours).toContain('aria-describedby="f-error"');
    expect(html.ours).toBe(html.conform);
  });

  it("sets only the constraint attributes HTML allows for the input's type", () => {
    const [, fields] = [null, { when: { name: "when", id: "f-when", formId: "f", errorId: "f-when-error", errors: undefined, initialValue: undefined, key: undefined, constraint: { required: true, minLength: 1, multiple: true } } }];
    const dateTime = getInputProps(fields.when as never, { type: "datetime-local" });
    expect(dateTime).not.toHaveProperty("minLength");
    expect(dateTime).not.toHaveProperty("multiple");
    expect(getInputProps(fields.when as never, { type: "text" })).toMatchObject({ minLength: 1 });
    expect(getInputProps(fields.when as never, { type: "text" })).not.toHaveProperty("multiple");
  });
});
