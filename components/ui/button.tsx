import type { ComponentProps, ReactNode } from "react";

const VARIANTS = {
  primary: "bg-brand-600 text-white hover:bg-brand-700",
  secondary: "border border-brand-600 bg-white text-brand-700 hover:bg-brand-50",
  /** On a dark band (the purifier page's closing call to action). */
  light: "bg-white text-brand-800 hover:bg-brand-50",
} as const;

export type ButtonVariant = keyof typeof VARIANTS;

/**
 * The shop's pill button in one of its variants. Size, layout and the disabled look differ from
 * place to place, so they come with `extra`; links styled as buttons use it too.
 */
export function buttonClass(variant: ButtonVariant, extra: string): string {
  return `rounded-full font-semibold ${VARIANTS[variant]} ${extra}`;
}

/** A `<button>` (type "button" unless told otherwise) in the shop's button style. */
export function Button({
  variant = "primary",
  className = "",
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClass(variant, className)} {...props} />;
}

/**
 * Buttons side by side from 640 px, stacked full width below. They share the row's width only in
 * the row: `flex-1` in the stacked column would set their flex-basis to 0 there and squeeze them to
 * the height of their text (24 px instead of 48, measured on a 390 px phone).
 * `primaryFirstOnPhone`: the last button (the one that goes ahead) is on top when stacked.
 */
export function ButtonRow({ children, primaryFirstOnPhone = false }: { children: ReactNode; primaryFirstOnPhone?: boolean }) {
  return <div className={`flex gap-3 ${primaryFirstOnPhone ? "flex-col-reverse" : "flex-col"} sm:flex-row sm:*:flex-1`}>{children}</div>;
}
