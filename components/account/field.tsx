import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";

/** What a field's control takes from its frame: the id, the error state and what describes it. */
interface ControlProps {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  className: string;
}

interface FrameProps {
  id: string;
  label: string;
  error?: string;
  hint?: ReactNode;
}

/**
 * The look of every text-like control; red while it holds an error. Focus draws the shop's ring
 * (app/shop.pcss) besides the brand border: a border that only changes colour is too faint to find.
 */
function controlClass(error: string | undefined): string {
  return `rounded-xl border bg-white px-4 text-base text-ink focus-visible:border-brand-500 ${error ? "border-red-500" : "border-line"}`;
}

/** A label, the control, an optional hint and the error right under it, announced with the control. */
function FieldFrame({ id, label, error, hint, control }: FrameProps & { control: (props: ControlProps) => ReactNode }) {
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-ink">
        {label}
      </label>
      {control({ id, "aria-invalid": error ? true : undefined, "aria-describedby": describedBy, className: controlClass(error) })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-ink-muted">
          {hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  );
}

/** A field's error, right under it; its control (or fieldset) names `${id}-error` among what describes it. */
export function FieldError({ id, error }: { id: string; error: string | undefined }) {
  return error ? (
    <p id={`${id}-error`} className="text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

type InputFieldProps = FrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, "id" | "className"> & { width?: string };

/** A labelled input; `width` narrows it (a quantity) from the full width of its form. */
export function Field({ id, label, error, hint, width = "", ...input }: InputFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(control) => <input {...input} {...control} className={`h-12 ${width} ${control.className}`} />}
    />
  );
}

type SelectFieldProps = FrameProps & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id" | "className">;

/** A labelled select; its options are the children. */
export function SelectField({ id, label, error, hint, children, ...select }: SelectFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(control) => (
        <select {...select} {...control} className={`h-12 ${control.className}`}>
          {children}
        </select>
      )}
    />
  );
}

type TextareaFieldProps = FrameProps & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id" | "className">;

/** A labelled text area. */
export function TextareaField({ id, label, error, hint, ...textarea }: TextareaFieldProps) {
  return (
    <FieldFrame
      id={id}
      label={label}
      error={error}
      hint={hint}
      control={(control) => <textarea {...textarea} {...control} className={`py-3 ${control.className}`} />}
    />
  );
}
