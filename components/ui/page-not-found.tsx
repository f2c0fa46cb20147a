import { Suspense, type ReactNode } from "react";
import { notFound } from "next/navigation";
import { ROUTES } from "@/lib/config/routes";
import { ErrorState } from "./error-state";
import { ButtonLink } from "./button-link";

/**
 * The designed 404 page: what app/not-found.tsx shows (with the site search field, which this kit
 * cannot import), and what a product page shows for an unknown sku.
 */
export function PageNotFound({ search }: { search?: ReactNode }) {
  return (
    <ErrorState
      image="not-found"
      title="We can't find that page"
      message={
        <p>
          The link may be old, or the page may have moved. {search ? "Search for what you were looking for, or these" : "These"} will get
          you back on track.
        </p>
      }
      search={search}
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

function NotFoundStatus(): never {
  notFound();
}

/**
 * The 404 page for a page rendered on demand and cached (ISR), drawn on the server. A bare
 * `notFound()` there makes Next send an empty document that the browser draws from the RSC data
 * (vercel/next.js#95613): no text without JavaScript, nothing for a crawler. Here the page itself
 * is drawn, and `notFound()` is thrown inside a Suspense boundary beside it, which Next's
 * prerender turns into the 404 status while it keeps the HTML outside the boundary; in the
 * browser the boundary hands over to app/not-found.tsx, the same page. Only for prerendered and
 * cached pages: one streamed per request has sent a 200 with its shell by then
 * (docs/decisions/0026-prerendered-pages-rendered-again-at-start.md).
 */
export function NotFoundPage() {
  return (
    <>
      <PageNotFound />
      <Suspense fallback={null}>
        <NotFoundStatus />
      </Suspense>
    </>
  );
}
