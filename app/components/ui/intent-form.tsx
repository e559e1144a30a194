import type { ButtonHTMLAttributes, ReactNode } from "react";
import { Form } from "react-router";

type IntentFormProps = {
  /** Where the form posts (the page's own action). */
  action: string;
  /** The `intent` the button posts (docs/decisions/0076-page-action-pattern.md). */
  intent: string;
  /** Hidden fields posted with it (the row the button is about). */
  fields?: Record<string, string>;
  children: ReactNode;
} & Omit<ButtonHTMLAttributes<HTMLButtonElement>, "type" | "name" | "value" | "children">;

/**
 * A form of one button: a one-click action of a page (sign out other sessions, disconnect an
 * account, make new feed links) posting its `intent`, the same with JavaScript on or off.
 */
export function IntentForm({ action, intent, fields = {}, children, ...button }: IntentFormProps) {
  return (
    <Form method="post" action={action} preventScrollReset>
      {Object.entries(fields).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" name="intent" value={intent} {...button}>
        {children}
      </button>
    </Form>
  );
}
