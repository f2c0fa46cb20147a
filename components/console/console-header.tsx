import Link from "next/link";
import { Logo } from "@/components/ui/logo";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { ConsoleNav } from "./console-nav";
import { ConsoleLogOut } from "./console-log-out";

const actionClass =
  "inline-flex h-11 items-center rounded-full border border-line bg-white px-4 text-sm font-medium text-ink hover:bg-brand-50 hover:text-brand-700";

/**
 * The console's own frame: its mark, its sections, who is signed in, and the ways out. Operators
 * work here all day, so none of the shop's selling chrome (cart, shop menus, chat) is in the way.
 */
export function ConsoleHeader({ operatorEmail }: { operatorEmail: string }) {
  return (
    <header className="border-b border-line bg-white">
      <div className="mx-auto flex max-w-page flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3 desk:px-6">
        <Link
          href={ROUTES.console}
          prefetch={false}
          className="flex min-h-11 shrink-0 items-center gap-3 rounded-md"
          aria-label={`${STORE_NAME} operator console`}
        >
          <Logo />
          <span className="text-sm font-semibold uppercase tracking-wider text-brand-600">Operator console</span>
        </Link>
        <div className="ml-auto flex flex-wrap items-center gap-x-3 gap-y-2">
          <p className="text-sm text-ink-muted">
            Signed in as <span className="break-all font-medium text-ink">{operatorEmail}</span>
          </p>
          <ConsoleLogOut className={actionClass} />
          <Link href={ROUTES.home} className={actionClass}>
            Back to the shop
          </Link>
        </div>
      </div>
      <div className="mx-auto max-w-page px-4 pb-3 desk:px-6">
        <ConsoleNav />
      </div>
    </header>
  );
}
