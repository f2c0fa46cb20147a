"use client";

import { useEffect, useRef } from "react";
import { usePathname } from "next/navigation";

/** Every change of route starts at the top of the new page. */
export function RouteScrollReset() {
  const pathname = usePathname();
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return;
    previous.current = pathname;
    window.scrollTo({ top: 0, left: 0, behavior: "instant" });
  }, [pathname]);
  return null;
}
