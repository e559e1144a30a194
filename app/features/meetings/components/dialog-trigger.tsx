import { Form } from "@remix-run/react";
import type { ReactNode } from "react";

/**
 * A button that opens a dialog with JavaScript and, without it, is a GET form to the page
 * doing the same job (the schedule form, the edit form, the delete confirmation).
 */
export function DialogTrigger({
  to,
  params,
  onOpen,
  className,
  label,
  title,
  children,
}: {
  to: string;
  params?: Record<string, string>;
  onOpen?: () => void;
  className: string;
  label?: string;
  title?: string;
  children: ReactNode;
}) {
  return (
    <Form method="get" action={to} className="inline">
      {Object.entries(params ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        aria-label={label}
        title={title}
        className={className}
        onClick={
          onOpen
            ? (event) => {
                event.preventDefault();
                onOpen();
              }
            : undefined
        }
      >
        {children}
      </button>
    </Form>
  );
}
