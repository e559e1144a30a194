import type { ButtonHTMLAttributes } from "react";

type ButtonVariant = "primary" | "secondary" | "danger" | "ghost";
type ButtonSize = "sm" | "md" | "lg";

const sizes: Record<ButtonSize, string> = {
  sm: "rounded-md px-3 py-1.5 text-sm",
  md: "rounded-md px-4 py-2 text-sm",
  // The landing page's calls to action: a 44px touch target.
  lg: "min-h-11 rounded-lg px-5 py-2.5",
};

const variants: Record<Exclude<ButtonVariant, "ghost">, string> = {
  primary: "bg-indigo-600 text-white hover:bg-indigo-700",
  secondary: "border border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  danger: "bg-red-600 text-white hover:bg-red-700",
};

/**
 * The class names of the app's buttons, for a `<button>` or a link that looks like one. One place for
 * the looks (docs/architecture.md, "UI primitives"): a plain string, so pages add no client weight.
 */
export function buttonClass(variant: ButtonVariant = "primary", size: ButtonSize = "md") {
  if (variant === "ghost") return "inline-flex items-center gap-1 rounded px-2 py-1 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900";
  return `inline-flex items-center justify-center gap-1 ${sizes[size]} font-semibold shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:cursor-wait disabled:opacity-70 ${variants[variant]}`;
}

type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & { variant?: ButtonVariant; size?: ButtonSize };

/** A `<button>` with the app's looks; `type` defaults to "submit", as in a plain HTML form. */
export function Button({ variant, size, className, type = "submit", ...props }: ButtonProps) {
  return <button type={type} className={className ? `${buttonClass(variant, size)} ${className}` : buttonClass(variant, size)} {...props} />;
}
