"use client";

import { useEffect, useRef } from "react";
import { FormAlert } from "@/components/ui/form-alert";
import { revealResult } from "@/lib/display/reveal-result";

/**
 * The answer to Pay by its button. `answers` counts them: each new one is a new element, brought into
 * view with focus, so it is read out even when its words are the same as the last one's.
 */
export function PayAnswer({ answers, message }: { answers: number; message: string | undefined }) {
  const holder = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (answers > 0) revealResult(holder.current, holder.current, { block: "center" });
  }, [answers]);

  return (
    <div key={answers} ref={holder} tabIndex={-1} className="scroll-mt-24 outline-none">
      <FormAlert message={message} />
    </div>
  );
}
