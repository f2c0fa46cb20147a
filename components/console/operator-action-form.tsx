"use client";

import type { FormEvent, ReactNode } from "react";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ActionOutcome, FieldMessage, dangerButtonClass, inputClass, operatorButtonSize, useOperatorAction } from "./operator-form-parts";

export type OperatorAction = ReturnType<typeof useOperatorAction>;
type Issue = { path: readonly PropertyKey[]; message: string };
/** A schema's safeParse of what the form holds: the body to send, or why not. */
type Parsed<Body> = { success: true; data: Body } | { success: false; error: { issues: readonly Issue[] } };

const CHECK_FIELDS = "Check the fields below.";

/** How the form turns into a call: read into a body and sent, or, for an action with no fields, sent as is. */
type Request<Body> =
  | {
      /** Reads the form into the body to send (a schema's safeParse). */
      read: (form: FormData) => Parsed<Body>;
      send: (body: Body) => Promise<unknown>;
    }
  | { read?: never; send: () => Promise<unknown> };

/**
 * A call whose body its schema checks first, as one value: the check's refusal, or the call to make.
 * Lets a list of action forms hold calls with different bodies.
 */
export function checkedCall<Body>(schema: z.ZodType<Body, unknown>, send: (body: Body) => Promise<unknown>) {
  return (input: unknown): Parsed<() => Promise<unknown>> => {
    const parsed = schema.safeParse(input);
    return parsed.success ? { success: true, data: () => send(parsed.data) } : { success: false, error: parsed.error };
  };
}

/** What an action form says: its heading (the id names it), its button and its success line. */
export type ActionWords = Pick<FormProps, "id" | "title" | "submit" | "success" | "pending" | "danger">;

type FormProps = {
  /** Names the heading (`<id>-title`) that labels the form. */
  id?: string;
  title?: string;
  /** The form's name when it has no heading. */
  label?: string;
  intro?: ReactNode;
  success: string;
  submit: string;
  pending?: string;
  /** A red button: the action takes something away (a cancel, a rejection). */
  danger?: boolean;
  /** What the error line says when the browser's check refuses. */
  refusal?: (issues: readonly Issue[]) => string;
  onDone?: (message: string) => void;
  className?: string;
  children?: (action: OperatorAction) => ReactNode;
};

/**
 * One operator action: its heading, its fields, the button that sends it (busy while it runs) and
 * the outcome: the API's refusal in its own words, the fields it names marked, or the success line
 * (to `onDone` when given), the page refreshed after a success. Checked in the browser first with
 * the body's schema, as the server would, so a mistyped field costs no round trip.
 */
export function OperatorActionForm<Body>(props: FormProps & Request<Body>) {
  const {
    id,
    title,
    label,
    intro,
    success,
    submit,
    pending = "Saving…",
    danger = false,
    refusal = () => CHECK_FIELDS,
    onDone,
    className = "flex flex-col gap-3",
    children,
  } = props;
  const action = useOperatorAction(onDone);
  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!props.read) return action.run(props.send, success);
    const parsed = props.read(new FormData(event.currentTarget));
    if (!parsed.success) {
      const { issues } = parsed.error;
      action.setError(refusal(issues));
      action.setFieldErrors(
        issues
          .filter((issue) => issue.path.length > 0)
          .map((issue) => ({ path: issue.path.map(String).join("."), message: issue.message })),
      );
      return;
    }
    const { send } = props;
    await action.run(() => send(parsed.data), success);
  }
  const titleId = id ? `${id}-title` : undefined;
  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      className={className}
      aria-labelledby={title ? titleId : undefined}
      aria-label={title ? undefined : label}
    >
      {title ? (
        <h3 id={titleId} className="font-semibold text-ink">
          {title}
        </h3>
      ) : null}
      {intro}
      {children?.(action)}
      {danger ? (
        <button type="submit" className={dangerButtonClass} disabled={action.pending}>
          {action.pending ? pending : submit}
        </button>
      ) : (
        <Button type="submit" className={operatorButtonSize} disabled={action.pending}>
          {action.pending ? pending : submit}
        </Button>
      )}
      <ActionOutcome error={action.error} done={action.done} />
    </form>
  );
}

/**
 * A labelled text field of an action form, with the API's message about it under it (its id is
 * `<name>-error` unless given, so two forms on a page can name the same field apart).
 */
export function OperatorField({
  action,
  name,
  label,
  errorId = `${name}-error`,
  rows,
  maxLength,
  defaultValue,
  inputMode,
}: {
  action: OperatorAction;
  name: string;
  label: string;
  errorId?: string;
  /** A textarea of this many rows; a one-line input when omitted. */
  rows?: number;
  maxLength?: number;
  defaultValue?: string;
  inputMode?: "decimal";
}) {
  const error = action.fieldError(name);
  const common = {
    name,
    maxLength,
    defaultValue,
    "aria-describedby": errorId,
    "aria-invalid": error ? true : undefined,
  } as const;
  return (
    <>
      <label className="flex flex-col gap-1 text-sm font-medium text-ink">
        {label}
        {rows ? (
          <textarea rows={rows} className="rounded-lg border border-line px-3 py-2 text-base" {...common} />
        ) : (
          <input inputMode={inputMode} className={inputClass} {...common} />
        )}
      </label>
      <FieldMessage id={errorId} message={error} />
    </>
  );
}
