import type { ButtonHTMLAttributes } from "react";

export type ButtonVariant = "primary" | "secondary" | "danger" | "ghost" | "outline" | "danger-outline" | "warning-outline" | "patron";
type ButtonSize = "sm" | "md" | "lg";

/**
 * The class names of the app's buttons, for a `<button>` or a link that looks like one. One place for
 * the looks (docs/architecture.md, "UI primitives"): short classes defined in app/tailwind.css
 * (`.btn`, `.btn-<size>`, `.btn-<variant>`), so pages add no client weight and lists stay small.
 */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md") {
  return variant === "ghost" ? "btn-ghost" : `btn btn-${size} btn-${variant}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** A `<button>` with the app's looks; `type` defaults to "submit", as in a plain HTML form. */
export function Button({ variant, size, className, type = "submit", ...props }: ButtonProps) {
  return <button type={type} className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)} {...props} />;
}
