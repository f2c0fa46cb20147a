"use client";

import { useState, type FormEvent, type ReactNode } from "react";
import { Dialog, DialogPanel, DialogTitle, Description } from "@headlessui/react";
import { ButtonRow } from "@/components/ui/button";
import { FormAlert } from "@/components/ui/form-alert";

interface CancelDialogProps {
  /** What is cancelled, in the buttons' words: "order", "request". */
  noun: string;
  testId: string;
  description: string;
  /** Fields of the confirmation form (a reason), read from the FormData given to onConfirm. */
  children?: ReactNode;
  /** Does the cancel; a thrown Error's message is shown in the dialog, which stays open. */
  onConfirm: (form: FormData) => Promise<void>;
  /** Called as the dialog opens (to ask the server what the cancel would do). */
  onOpen?: () => void;
}

/**
 * "Cancel <noun>" and its confirmation: a red button opening a dialog that says what happens,
 * "Keep <noun>" to back out and "Yes, cancel <noun>" to go ahead. Closing is refused while the
 * call runs, so the answer always lands in an open dialog.
 */
export function CancelDialog({ noun, testId, description, children, onConfirm, onOpen }: CancelDialogProps) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | undefined>();

  function close() {
    if (pending) return;
    setOpen(false);
    setError(undefined);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setPending(true);
    setError(undefined);
    try {
      await onConfirm(form);
      setOpen(false);
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : "Something went wrong. Please try again.");
    } finally {
      setPending(false);
    }
  }

  return (
    <>
      <button
        type="button"
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
        aria-haspopup="dialog"
        className="h-12 w-full rounded-full border border-red-300 bg-white font-semibold text-red-800 hover:bg-red-50"
      >
        Cancel {noun}
      </button>
      <Dialog open={open} onClose={close} className="relative z-[60]">
        <div className="fixed inset-0 bg-ink/40" aria-hidden="true" />
        <div className="fixed inset-0 flex items-center justify-center p-4">
          <DialogPanel data-testid={testId} className="w-full max-w-md rounded-2xl bg-white p-6 shadow-2xl">
            <DialogTitle className="text-xl font-semibold text-ink">Cancel this {noun}?</DialogTitle>
            <Description className="mt-2 text-[15px] text-ink-soft">{description}</Description>
            <form noValidate onSubmit={(event) => void onSubmit(event)} className="mt-5 flex flex-col gap-4">
              <FormAlert message={error} />
              {children}
              <ButtonRow primaryFirstOnPhone>
                <button
                  type="button"
                  onClick={close}
                  className="h-12 rounded-full border border-line font-semibold text-ink hover:bg-canvas"
                >
                  Keep {noun}
                </button>
                <button
                  type="submit"
                  disabled={pending}
                  className="h-12 rounded-full bg-red-700 font-semibold text-white hover:bg-red-800 disabled:cursor-wait disabled:bg-red-300"
                >
                  {pending ? "Cancelling…" : `Yes, cancel ${noun}`}
                </button>
              </ButtonRow>
            </form>
          </DialogPanel>
        </div>
      </Dialog>
    </>
  );
}
