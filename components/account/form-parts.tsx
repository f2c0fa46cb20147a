import { Button } from "@/components/ui/button";

/** The submit button, disabled while the request runs. */
export function SubmitButton({ pending, label, pendingLabel }: { pending: boolean; label: string; pendingLabel: string }) {
  return (
    <Button type="submit" disabled={pending} className="h-12 text-base disabled:cursor-wait disabled:bg-brand-300">
      {pending ? pendingLabel : label}
    </Button>
  );
}
