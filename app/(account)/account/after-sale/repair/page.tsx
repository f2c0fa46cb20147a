import type { Metadata } from "next";
import type { ReactNode } from "react";
import { Image } from "@/components/ui/image";
import { REPAIR_DIAGNOSIS_SKU } from "@/lib/config/catalog";
import { ApplyAfterSaleButton, type AfterSaleItem, type RepairPurifier } from "@/components/after-sale/apply-after-sale-dialog";
import { ButtonLink } from "@/components/ui/button-link";
import { EmptyOrder } from "@/components/ui/empty-order";
import { Container } from "@/components/ui/page";
import { ShopLink } from "@/components/ui/shop-link";
import { ROUTES, orderPath, productPath } from "@/lib/config/routes";
import { PURIFIER_SKU } from "@/lib/config/store";
import { formatOrderDate, orderNumber } from "@/lib/display/order-display";
import { requireCustomerPage } from "@/lib/server/auth/page-session";
import { listCareRepairLines, listPurchasedDevices } from "@/lib/server/after-sale/devices";
import { listPurifiers } from "@/lib/server/purifiers";
import { readShelfItem } from "@/lib/server/catalog";
import { formatAmount } from "@/lib/rules/money";
import { careText, formatDay } from "@/lib/display/purifier-display";
import type { Purifier } from "@/lib/schemas/purifier";
import { TAP_TARGET } from "@/components/ui/tap-target";

export const metadata: Metadata = {
  title: "Start a repair request",
  robots: { index: false },
};

function repairChoice(purifier: Purifier, index: number): RepairPurifier {
  const covered = purifier.care?.status === "active";
  const name = purifier.serial ? `Serial ${purifier.serial}` : `Unit ${index + 1} (serial not entered)`;
  return {
    purifierId: purifier.purifierId,
    label: covered ? `${name}, on Lenwell Care` : name,
    careUntil: covered && purifier.care ? formatDay(purifier.care.endsOn) : null,
  };
}

/** One purifier of the list: what it is, then the repair button, or the way to the request already open. */
function RepairRow({
  item,
  purifiers,
  diagnosisFee,
  openNote,
  children,
}: {
  item: AfterSaleItem;
  purifiers: RepairPurifier[];
  diagnosisFee: string | undefined;
  openNote: string;
  children: ReactNode;
}) {
  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-line bg-white p-4 shadow-card desk:flex-row desk:items-center desk:p-5">
      {children}
      {item.remaining > 0 ? (
        <ApplyAfterSaleButton
          item={item}
          fixedType="repair"
          purifiers={purifiers}
          diagnosisFee={diagnosisFee}
          label="Request a repair"
          variant="primary"
          className="h-12 px-6"
        />
      ) : (
        <p className="text-sm text-ink-soft">
          {openNote}{" "}
          <ShopLink href={ROUTES.afterSale} className="font-medium text-brand-700 underline">
            See my requests
          </ShopLink>
        </p>
      )}
    </li>
  );
}

// Under the after-sale prefix, so the middleware sends a visitor to log in and back here; the page
// checks the session itself as well.
export default async function RepairRequestPage() {
  const user = await requireCustomerPage();
  const devices = await listPurchasedDevices(user.id, PURIFIER_SKU);
  const { list: purifiers } = await listPurifiers(user.id);
  const careLines = await listCareRepairLines(user.id);
  const diagnosis = await readShelfItem(REPAIR_DIAGNOSIS_SKU);
  const diagnosisFee = diagnosis ? formatAmount(diagnosis.discountPrice) : undefined;

  return (
    <Container className="py-10 desk:py-16">
      <ShopLink href={ROUTES.repair} className={`${TAP_TARGET} text-sm font-medium text-brand-700 underline`}>
        Back to repair service
      </ShopLink>
      <h1 className="mt-3 text-3xl font-bold tracking-tight text-ink">Start a repair request</h1>
      <p className="mb-6 mt-2 max-w-2xl text-ink-soft">
        Choose the purifier that needs fixing. We review the request and e-mail you where to send it.
      </p>
      {devices.length === 0 && careLines.length === 0 ? (
        <div className="rounded-2xl border border-line bg-white p-6">
          <EmptyOrder
            title="No purifier to repair"
            message="Repair requests are for a Lenwell purifier bought here and already shipped to you, or one on Lenwell Care. Bought it elsewhere? Book a repair diagnosis."
            action={<ButtonLink href={productPath(REPAIR_DIAGNOSIS_SKU)}>Book a repair diagnosis</ButtonLink>}
          />
        </div>
      ) : (
        <ul aria-label="Your purifiers" className="flex flex-col gap-4">
          {devices.map((device) => (
            <RepairRow
              key={device.orderId}
              item={{ orderId: device.orderId, skuNum: device.skuNum, name: device.name, remaining: device.remaining }}
              purifiers={purifiers.filter((purifier) => purifier.orderId === device.orderId).map(repairChoice)}
              diagnosisFee={diagnosisFee}
              openNote={`A request is already open for ${device.quantity === 1 ? "this purifier" : "these purifiers"}.`}
            >
              <div className="flex flex-1 gap-4">
                {device.image ? (
                  <Image
                    src={device.image}
                    alt=""
                    width={80}
                    height={80}
                    className="h-20 w-20 shrink-0 rounded-xl border border-line object-cover"
                  />
                ) : null}
                <div className="flex flex-col gap-1">
                  <h2 className="font-semibold text-ink">{device.name}</h2>
                  <p className="text-sm text-ink-muted">
                    Ordered <time dateTime={device.orderedAt}>{formatOrderDate(device.orderedAt)}</time>
                    {device.deliveredAt ? (
                      <>
                        {" "}
                        · delivered <time dateTime={device.deliveredAt}>{formatOrderDate(device.deliveredAt)}</time>
                      </>
                    ) : null}
                  </p>
                  {purifiers
                    .filter((purifier) => purifier.orderId === device.orderId)
                    .map((purifier) => (
                      <p key={purifier.purifierId} className="text-sm text-ink-soft">
                        {purifier.serial ? `Serial ${purifier.serial}` : "Serial not entered"} ·{" "}
                        {careText(purifier.care) ??
                          `Not on Lenwell Care${diagnosisFee ? ` (diagnosis ${diagnosisFee}, credited against the repair)` : ""}`}
                      </p>
                    ))}
                  <ShopLink
                    href={orderPath(device.orderId)}
                    className={`${TAP_TARGET} self-start text-sm font-medium text-brand-700 underline`}
                  >
                    Order #{orderNumber(device.orderId)}
                  </ShopLink>
                </div>
              </div>
            </RepairRow>
          ))}
          {careLines.map((line) => (
            <RepairRow
              key={line.purifier.purifierId}
              item={{ orderId: line.orderId, skuNum: line.skuNum, name: line.purifier.name, remaining: Math.min(line.remaining, 1) }}
              purifiers={[repairChoice(line.purifier, 0)]}
              diagnosisFee={diagnosisFee}
              openNote="A repair request is already open for this purifier."
            >
              <div className="flex flex-1 flex-col gap-1">
                <h2 className="font-semibold text-ink">{line.purifier.name}</h2>
                <p className="text-sm text-ink-soft">
                  {line.purifier.serial ? `Serial ${line.purifier.serial}` : "Serial not entered"} · bought elsewhere ·{" "}
                  {careText(line.purifier.care)}
                </p>
                <ShopLink
                  href={orderPath(line.orderId)}
                  className={`${TAP_TARGET} self-start text-sm font-medium text-brand-700 underline`}
                >
                  Lenwell Care, order #{orderNumber(line.orderId)}
                </ShopLink>
              </div>
            </RepairRow>
          ))}
        </ul>
      )}
    </Container>
  );
}
