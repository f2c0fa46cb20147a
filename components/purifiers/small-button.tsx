import type { ComponentProps } from "react";
import { Button } from "@/components/ui/button";

/** The purifier cards' compact button: several sit in a row under each filter stage. */
export function SmallButton(props: Omit<ComponentProps<typeof Button>, "className">) {
  return <Button {...props} className="min-h-11 px-4 text-sm disabled:cursor-wait disabled:opacity-60" />;
}
