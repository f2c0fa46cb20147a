"use client";

import { useEffect } from "react";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import { ErrorState } from "@/components/ui/error-state";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";
import { useRetry } from "@/lib/hooks/use-retry";

// `retry`, not `reset`: a page that failed on the server (the database out of reach, say) is asked for
// again; `reset` would only redraw the failed answer the browser already holds.
export default function RouteError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const tryAgain = useRetry(retry);
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <>
      {/* The failed page's own title would say it is there; React puts this one into the head. */}
      <title>{`Something went wrong | ${STORE_NAME}`}</title>
      <ErrorState
        image="error"
        title="Something went wrong"
        message={
          <p>
            This page could not be shown. Please try again; if it keeps happening, contact us
            {error.digest ? ` and mention reference ${error.digest}` : ""}.
          </p>
        }
        actions={
          <>
            <Button {...tryAgain.props} className="inline-flex h-12 items-center justify-center px-6 text-base aria-disabled:opacity-70">
              {tryAgain.label}
            </Button>
            <ButtonLink href={ROUTES.contact} variant="secondary">
              Contact us
            </ButtonLink>
          </>
        }
      />
    </>
  );
}
