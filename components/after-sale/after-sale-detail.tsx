"use client";

import { Image } from "@/components/ui/image";
import { useQuery } from "@tanstack/react-query";
import { RecordHeading } from "@/components/ui/record-heading";
import { ShopLink } from "@/components/ui/shop-link";
import { afterSaleQueryKey, fetchAfterSale } from "@/lib/api/after-sale";
import { AFTER_SALE_TYPE_LABELS, afterSaleNumber } from "@/lib/display/after-sale-display";
import { ROUTES, orderPath } from "@/lib/config/routes";
import { amountToCents, formatUsd } from "@/lib/rules/money";
import { formatOrderDateTime, orderNumber } from "@/lib/display/order-display";
import type { AfterSale } from "@/lib/schemas/after-sale";
import { AfterSaleStatusBadge } from "./after-sale-status-badge";
import { AfterSaleTimeline } from "./after-sale-timeline";
import { CancelAfterSaleButton } from "./cancel-after-sale-dialog";
import { TrackingForm } from "./tracking-form";
import { RepairTerms } from "./repair-terms";
import { TAP_TARGET } from "@/components/ui/tap-target";

const card = "rounded-2xl border border-line bg-white p-5 desk:p-6";

function Summary({ request }: { request: AfterSale }) {
  const refundable = amountToCents(request.refundAmount);
  const refunded = amountToCents(request.refunded);
  const rows: [string, string][] = [
    ["Type", AFTER_SALE_TYPE_LABELS[request.type]],
    ["Quantity", String(request.quantity)],
    ["Reason", request.reason],
  ];
  if (refundable > 0 && (request.type === "return" || request.type === "refund")) rows.push(["Refund due", formatUsd(refundable)]);
  if (refunded > 0) rows.push(["Refunded", formatUsd(refunded)]);
  return (
    <>
      <div className="flex gap-4">
        {request.image ? (
          <Image
            src={request.image}
            alt=""
            width={80}
            height={80}
            className="h-20 w-20 shrink-0 rounded-xl border border-line object-cover"
          />
        ) : null}
        <div className="flex flex-col gap-1">
          <p className="font-medium text-ink">{request.name}</p>
          <ShopLink href={orderPath(request.orderId)} className={`${TAP_TARGET} self-start text-sm font-medium text-brand-700 underline`}>
            From order #{orderNumber(request.orderId)}
          </ShopLink>
        </div>
      </div>
      <dl className="mt-4 flex flex-col gap-2 border-t border-line pt-4 text-[15px]">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-4 text-ink-soft">
            <dt>{label}</dt>
            <dd className={label === "Refunded" ? "font-semibold text-leaf-700" : "text-right text-ink"}>{value}</dd>
          </div>
        ))}
      </dl>
      <h3 className="mt-4 text-sm font-semibold text-ink">Description</h3>
      <p className="mt-1 whitespace-pre-line text-[15px] text-ink-soft">{request.description}</p>
    </>
  );
}

/** What the customer is to do or to know now, by status. */
function NextStep({ request }: { request: AfterSale }) {
  if (request.status === "rejected") {
    return (
      <section aria-labelledby="decision-title" className={card}>
        <h2 id="decision-title" className="text-xl font-semibold text-ink">
          Why it was rejected
        </h2>
        <p className="mt-2 text-[15px] text-ink-soft">{request.rejectReason ?? "No reason was given."}</p>
      </section>
    );
  }
  if (!request.returnAddress) {
    if (request.status !== "pending_review") return null;
    return (
      <section aria-labelledby="next-title" className={card}>
        <h2 id="next-title" className="text-xl font-semibold text-ink">
          What happens next
        </h2>
        <p className="mt-2 text-[15px] text-ink-soft">
          We review your request within 2 business days and e-mail you. If it is approved, this page shows where to send the goods.
        </p>
      </section>
    );
  }
  return (
    <section aria-labelledby="return-title" className={card}>
      <h2 id="return-title" className="text-xl font-semibold text-ink">
        Return address
      </h2>
      <address className="mt-2 whitespace-pre-line text-[15px] not-italic text-ink">{request.returnAddress}</address>
      {request.canSubmitTracking ? (
        <>
          <p className="mb-4 mt-3 text-[15px] text-ink-soft">
            Pack the goods well, write the request number #{afterSaleNumber(request.afterSaleId)} on the parcel, send it, then tell us the
            carrier and tracking number.
          </p>
          <TrackingForm request={request} />
        </>
      ) : request.trackNumber ? (
        <p className="mt-3 text-[15px] text-ink-soft">
          Sent with {request.carrier ?? "your carrier"}, tracking number{" "}
          <span className="font-mono font-medium text-ink">{request.trackNumber}</span>
        </p>
      ) : null}
    </section>
  );
}

/** One after-sale request as its customer sees it; kept in the query cache so each change shows at once. */
export function AfterSaleDetail({ initialRequest }: { initialRequest: AfterSale }) {
  const { data: request } = useQuery({
    queryKey: afterSaleQueryKey(initialRequest.afterSaleId),
    queryFn: () => fetchAfterSale(initialRequest.afterSaleId),
    initialData: initialRequest,
  });

  return (
    <>
      <RecordHeading
        back={{ href: ROUTES.afterSale, label: "Back to my after-sale requests" }}
        title={`Request #${afterSaleNumber(request.afterSaleId)}`}
        status={<AfterSaleStatusBadge status={request.status} />}
      >
        Opened <time dateTime={request.createdAt}>{formatOrderDateTime(request.createdAt)}</time>
      </RecordHeading>

      <div className="mt-8 grid gap-6 desk:grid-cols-[3fr_2fr]">
        <div className="flex flex-col gap-6">
          <section aria-labelledby="request-title" className={card}>
            <h2 id="request-title" className="mb-4 text-xl font-semibold text-ink">
              Your request
            </h2>
            <Summary request={request} />
          </section>
          <section aria-labelledby="history-title" className={card}>
            <h2 id="history-title" className="mb-4 text-xl font-semibold text-ink">
              Status history
            </h2>
            <AfterSaleTimeline events={request.timeline} />
          </section>
        </div>
        <div className="flex flex-col gap-6">
          <RepairTerms request={request} titleId="repair-terms-title" className={card} />
          <NextStep request={request} />
          {request.canCancel ? (
            <section aria-labelledby="cancel-title" className={card}>
              <h2 id="cancel-title" className="text-xl font-semibold text-ink">
                No longer needed?
              </h2>
              <p className="mb-4 mt-1 text-[15px] text-ink-soft">You can cancel the request until we receive the goods.</p>
              <CancelAfterSaleButton request={request} />
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
