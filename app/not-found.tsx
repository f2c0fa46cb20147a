import type { Metadata } from "next";
import { ROUTES } from "@/lib/config/routes";
import { ErrorState } from "@/components/ui/error-state";
import { ButtonLink } from "@/components/ui/button-link";

export const metadata: Metadata = {
  title: "Page not found",
  robots: { index: false },
};

export default function NotFound() {
  return (
    <ErrorState
      image="not-found"
      title="We can't find that page"
      message={<p>The link may be old, or the page may have moved. These will get you back on track.</p>}
      actions={
        <>
          <ButtonLink href={ROUTES.home}>Go to the home page</ButtonLink>
          <ButtonLink href={ROUTES.store} variant="secondary">
            Visit the store
          </ButtonLink>
          <ButtonLink href={ROUTES.contact} variant="secondary">
            Contact us
          </ButtonLink>
        </>
      }
    />
  );
}
