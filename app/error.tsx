"use client";

import { useEffect } from "react";
import { ROUTES } from "@/lib/config/routes";
import { ErrorState } from "@/components/ui/error-state";
import { Button } from "@/components/ui/button";
import { ButtonLink } from "@/components/ui/button-link";

export default function RouteError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
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
          <Button onClick={reset} className="inline-flex h-12 items-center justify-center px-6 text-base">
            Try again
          </Button>
          <ButtonLink href={ROUTES.contact} variant="secondary">
            Contact us
          </ButtonLink>
        </>
      }
    />
  );
}
