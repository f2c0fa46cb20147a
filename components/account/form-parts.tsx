import { Button } from "@/components/ui/button";

/** A form-level error, announced when it appears. */
export function FormAlert({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p role="alert" className="rounded-xl border border-red-300 bg-red-50 px-4 py-3 text-sm font-medium text-red-800">
      {message}
    </p>
  );
}

/** The submit button, disabled while the request runs. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} className="h-12 text-base disabled:cursor-wait disabled:bg-brand-300">
      {pending ? pendingLabel : label}
    </Button>
  );
}
