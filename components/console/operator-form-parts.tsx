"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { ApiError, type FieldError } from "@/lib/api/envelope";

/**
 * One operator action's state: running, its refusal (with field errors) or its success line. The
 * success goes to `onDone` when given: a success usually changes the status, and the refreshed page
 * then no longer shows the form that would have held the message.
 */
export function useOperatorAction(onDone?: (message: string) => void) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();
  const [fieldErrors, setFieldErrors] = useState<FieldError[]>([]);
  const [done, setDone] = useState<string | undefined>();

  async function run(action: () => Promise<unknown>, success: string): Promise<void> {
    setPending(true);
    setError(undefined);
    setFieldErrors([]);
    setDone(undefined);
    try {
      await action();
      if (onDone) onDone(success);
      else setDone(success);
      // The page is rendered on the server: refreshing it shows the new state and its record.
      router.refresh();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
      if (failure instanceof ApiError) setFieldErrors(failure.errors);
    } finally {
      setPending(false);
    }
  }

  const fieldError = (path: string) => fieldErrors.find((item) => item.path === path)?.message;
  /** The first error about the serials of the ship form's `index`-th purifier line ("serials.0.serials.1"). */
  const serialError = (index: number) => fieldErrors.find((item) => item.path.startsWith(`serials.${index}.`))?.message;
  return { pending, error, done, run, fieldError, serialError, setError, setFieldErrors };
}

export function FieldMessage({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="text-sm text-red-700">
      {message}
    </p>
  );
}

/** The console's one success line for a group of actions, kept while the forms change underneath. */
export function useActionNotice() {
  const [notice, setNotice] = useState<string | undefined>();
  const element = notice ? (
    <p role="status" className="mb-4 rounded-lg bg-leaf-100 px-3 py-2 text-sm font-medium text-leaf-700">
      {notice}
    </p>
  ) : null;
  return { notice: element, onDone: setNotice };
}

export function ActionOutcome({ error, done }: { error: string | undefined; done: string | undefined }) {
  if (error) {
    return (
      <p role="alert" className="rounded-lg border border-red-300 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
        {error}
      </p>
    );
  }
  return done ? (
    <p role="status" className="rounded-lg bg-leaf-100 px-3 py-2 text-sm font-medium text-leaf-700">
      {done}
    </p>
  ) : null;
}

export const inputClass = "h-11 w-full rounded-lg border border-line bg-white px-3 text-base";
/** The console's buttons are the shop's, smaller: `<Button className={operatorButtonSize}>`. */
export const operatorButtonSize = "inline-flex h-11 items-center justify-center px-5 text-sm disabled:opacity-60";
export const dangerButtonClass = `${operatorButtonSize} rounded-full font-semibold text-white bg-red-700 hover:bg-red-800`;
