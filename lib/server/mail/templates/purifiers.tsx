import "server-only";
import { CARE_SKU } from "@/lib/config/catalog";
import { ROUTES, productPath } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import type { MailDraft } from "../render";
import { Action, MailLayout, Paragraph, siteUrl } from "./layout";

// The answer to a proof of purchase: an operator verified the purifier (Lenwell Care can now be
// bought for it), or could not, with the reason they gave. The purifier is named by its serial, as
// My purifiers names it.

export function purifierVerifiedMail(to: string, serial: string | null): MailDraft {
  const unit = serial ? `your purifier (serial ${serial})` : "your purifier";
  return {
    to,
    template: "purifier-verified",
    subject: `Your ${STORE_NAME} purifier is verified`,
    content: (
      <MailLayout preview="Lenwell Care can now be bought for it" heading="Your purifier is verified">
        <Paragraph>We checked the proof of purchase of {unit}. Thank you.</Paragraph>
        <Paragraph>You can now get Lenwell Care for it: two years of repairs, parts, labour and shipping both ways.</Paragraph>
        <Action href={siteUrl(productPath(CARE_SKU))}>Get Lenwell Care</Action>
      </MailLayout>
    ),
  };
}

export function purifierRejectedMail(to: string, serial: string | null, reason: string): MailDraft {
  const unit = serial ? `your purifier (serial ${serial})` : "your purifier";
  return {
    to,
    template: "purifier-rejected",
    subject: `We could not verify your ${STORE_NAME} purifier`,
    content: (
      <MailLayout preview="What we found, and what you can do" heading="We could not verify your purifier">
        <Paragraph>We looked at the proof of purchase of {unit}, and could not verify it.</Paragraph>
        <Paragraph>Reason: {reason}</Paragraph>
        <Paragraph>
          You can attach another proof of purchase (a receipt or an invoice that names the purifier) under My purifiers, and we will look
          again. Reply to this e-mail if you have questions.
        </Paragraph>
        <Action href={siteUrl(ROUTES.purifiers)}>Open My purifiers</Action>
      </MailLayout>
    ),
  };
}
