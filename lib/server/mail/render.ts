import "server-only";
import { render, toPlainText } from "@react-email/render";
import type { ReactElement } from "react";
import type { MailTemplate } from "./lanes";
import type { MailMessage } from "./transport";

// Turns a template (lib/server/mail/templates) into the message the outbox keeps: the HTML part and
// the plain-text part come from the same element, so they always say the same thing.

/** A message before rendering: its recipient, subject and template element. */
export interface MailDraft {
  /** Which template made it: what the log and the outbox name it by, and its lane (lanes.ts). */
  template: MailTemplate;
  to: string;
  subject: string;
  content: ReactElement;
  /** When what a secret-bearing message carries stops working (a code's, a link's end); required for those, absent for the others. */
  expiresAt?: Date;
  /** Extra headers (List-Unsubscribe on reminders). */
  headers?: Readonly<Record<string, string>>;
}

const TEXT_OPTIONS = {
  selectors: [
    // Headings keep their case (html-to-text shouts them by default).
    ...(["h1", "h2", "h3"] as const).map((selector) => ({ selector, options: { uppercase: false } })),
    // A blank line between paragraphs, as in a hand-written e-mail.
    { selector: "p", options: { leadingLineBreaks: 2, trailingLineBreaks: 2 } },
  ],
};

export async function renderMail(draft: MailDraft): Promise<MailMessage> {
  const html = await render(draft.content);
  const text = toPlainText(html, TEXT_OPTIONS).trim();
  return { to: draft.to, subject: draft.subject, text, html, ...(draft.headers ? { headers: { ...draft.headers } } : {}) };
}
