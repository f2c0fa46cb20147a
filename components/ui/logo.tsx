import { Image } from "@/components/ui/image";
import { STORE_NAME } from "@/lib/config/store";

/** The drop mark with the wordmark set in the site's own font (an SVG image cannot use it). */
export function Logo({ compactOnPhone = false }: { compactOnPhone?: boolean }) {
  return (
    <span className="inline-flex items-center gap-2">
      <Image src="/images/logo-mark.svg" alt="" width={32} height={32} eager className="h-8 w-8" />
      <span className={`text-[22px] font-bold tracking-tight text-brand-900 ${compactOnPhone ? "hidden desk:inline" : ""}`}>
        {STORE_NAME}
      </span>
    </span>
  );
}
