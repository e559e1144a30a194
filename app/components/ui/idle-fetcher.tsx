/**
 * The server's stand-in for `useFetcher` in forms repeated on list pages
 * (docs/decisions/0083-cheap-links-on-the-server.md). A component picks it with
 * `const usePageFetcher: typeof useFetcher = import.meta.env.SSR ? useIdleFetcher : useFetcher;`
 * so the browser bundle never includes this module (it has no side effects, and Rollup drops an
 * import nothing uses).
 *
 * On the server a fetcher is always idle with no data: all a first view needs from it is its
 * `<Form>`'s markup. React Router's fetcher sets up a key, a submit function and the router's fetcher
 * state, and its `<Form>` resolves its action against the route tree, for each of the 3 forms of
 * each of 34 artist cards. Here the server gets an idle fetcher whose `Form` renders the same
 * `<form method action>` (an absolute action as it is, anything else resolved as React Router does), and
 * the browser gets React Router's `useFetcher`, which hydrates onto that markup. `import.meta.env.SSR` is
 * a constant per bundle, so each side always runs the same hooks.
 */
import { useFormAction, type FetcherWithComponents } from "react-router";
import { forwardRef, type ComponentProps } from "react";

type FormProps = ComponentProps<FetcherWithComponents<unknown>["Form"]>;

/** The DOM attributes React Router's `<Form>` renders: method ("get" or "post"), action, and the rest as given. */
function FormMarkup({ props, action, formRef }: { props: FormProps; action: string; formRef: React.ForwardedRef<HTMLFormElement> }) {
  const { method = "get", action: _action, relative: _relative, preventScrollReset: _preventScrollReset, ...rest } = props;
  return <form ref={formRef} method={method.toLowerCase() === "get" ? "get" : "post"} action={action} {...rest} />;
}

const ResolvedForm = /* @__PURE__ */ forwardRef<HTMLFormElement, FormProps>(function ResolvedForm(props, ref) {
  const action = useFormAction(props.action, { relative: props.relative });
  return <FormMarkup props={props} action={action} formRef={ref} />;
});

const StaticForm = /* @__PURE__ */ forwardRef<HTMLFormElement, FormProps>(function StaticForm(props, ref) {
  const { action } = props;
  if (typeof action === "string" && action.startsWith("/") && !action.startsWith("//")) return <FormMarkup props={props} action={action} formRef={ref} />;
  return <ResolvedForm ref={ref} {...props} />;
});

const idleFetcher = {
  Form: StaticForm,
  state: "idle",
  data: undefined,
  formData: undefined,
  formAction: undefined,
  formMethod: undefined,
  formEncType: undefined,
  text: undefined,
  json: undefined,
  key: "",
  submit: () => {},
  load: () => {},
};

/** An idle fetcher with no data, whose `Form` renders React Router's markup (server only: see above). */
export function useIdleFetcher() {
  return idleFetcher as never;
}
