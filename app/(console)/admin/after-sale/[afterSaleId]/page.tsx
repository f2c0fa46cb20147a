import Link from "next/link";
import { HistorySection } from "@/components/console/console-history";
import { consoleRecordMetadata, consoleRecordPage, type RecordView } from "../../_parts/console-pages";
import { AfterSaleActions } from "@/components/console/after-sale-actions";
import { AfterSaleStatusBadge } from "@/components/after-sale/after-sale-status-badge";
import { RepairTerms } from "@/components/after-sale/repair-terms";
import { AFTER_SALE_TYPE_LABELS, afterSaleEventLabel, afterSaleNumber, afterSaleTitle } from "@/lib/display/after-sale-display";
import { ROUTES, consoleOrderPath } from "@/lib/config/routes";
import { formatAmount } from "@/lib/rules/money";
import { formatOrderDateTime, orderNumber } from "@/lib/display/order-display";
import type { OperatorAfterSale } from "@/lib/schemas/after-sale";
import { operatorGetAfterSale } from "@/lib/server/after-sale";
import { operatorAfterSaleEvents } from "@/lib/server/after-sale/operator-events";

export const generateMetadata = consoleRecordMetadata({ param: "afterSaleId", get: operatorGetAfterSale }, "After-sale request");

/** The request's own sections: what is asked and why, where it stands, and a repair's terms. */
function RequestSections({ request }: { request: OperatorAfterSale }) {
  return (
    <>
      <HistorySection titleId="request-details-title" title="Details">
        <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
          <dt className="text-ink-muted">Type</dt>
          <dd>{AFTER_SALE_TYPE_LABELS[request.type]}</dd>
          <dt className="text-ink-muted">Product</dt>
          <dd>
            {request.quantity} × {request.name} ({request.skuNum})
          </dd>
          <dt className="text-ink-muted">Reason</dt>
          <dd>{request.reason}</dd>
          <dt className="text-ink-muted">Description</dt>
          <dd className="whitespace-pre-line">{request.description}</dd>
          <dt className="text-ink-muted">Refundable amount</dt>
          <dd className="tabular-nums">{formatAmount(request.refundAmount)}</dd>
          <dt className="text-ink-muted">Refunded</dt>
          <dd className="tabular-nums">{formatAmount(request.refunded)}</dd>
          <dt className="text-ink-muted">Return address</dt>
          <dd>{request.returnAddress ?? "—"}</dd>
          <dt className="text-ink-muted">Carrier and tracking</dt>
          <dd>{request.carrier && request.trackNumber ? `${request.carrier} ${request.trackNumber}` : "—"}</dd>
          {request.rejectReason ? (
            <>
              <dt className="text-ink-muted">Rejected because</dt>
              <dd>{request.rejectReason}</dd>
            </>
          ) : null}
        </dl>
      </HistorySection>

      <RepairTerms request={request} titleId="repair-terms-title" className="rounded-xl border border-line p-4" />
    </>
  );
}

function requestView(request: OperatorAfterSale): RecordView {
  return {
    title: `Request ${afterSaleNumber(request.afterSaleId)}`,
    facts: (
      <>
        {afterSaleTitle(request)} · opened {formatOrderDateTime(request.createdAt)} by {request.customer.email} · order{" "}
        <Link href={consoleOrderPath(request.orderId)} className="text-brand-700 underline">
          {orderNumber(request.orderId)}
        </Link>
      </>
    ),
    actions: (
      <AfterSaleActions afterSaleId={request.afterSaleId} status={request.status} type={request.type} refundAmount={request.refundAmount} />
    ),
    sections: <RequestSections request={request} />,
  };
}

export default consoleRecordPage(
  { param: "afterSaleId", get: operatorGetAfterSale, events: operatorAfterSaleEvents },
  {
    id: "request",
    back: { href: ROUTES.consoleAfterSale, label: "All requests" },
    label: afterSaleEventLabel,
    badge: AfterSaleStatusBadge,
  },
  requestView,
);
