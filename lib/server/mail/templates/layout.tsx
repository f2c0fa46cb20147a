import "server-only";
// One package per component rather than @react-email/components, whose index also loads the
// Tailwind and code-block components (a second of every start) that no message uses.
import { Body } from "@react-email/body";
import { Button } from "@react-email/button";
import { Container } from "@react-email/container";
import { Head } from "@react-email/head";
import { Heading } from "@react-email/heading";
import { Hr } from "@react-email/hr";
import { Html } from "@react-email/html";
import { Link } from "@react-email/link";
import { Preview } from "@react-email/preview";
import { Section } from "@react-email/section";
import { Text } from "@react-email/text";
import type { CSSProperties, ReactNode } from "react";
import { env } from "@/lib/config/env";
import { STORE_NAME } from "@/lib/config/store";

// The frame and building blocks every e-mail of the shop shares. Simple on purpose: one column,
// system fonts, no images (nothing is fetched when the mail is opened), the shop's blue for the
// header and buttons; text colours keep at least 4.5:1 contrast on their background. Every link is
// absolute, on SITE_URL.

const COLORS = {
  brand: "#0b6c9c",
  brandDark: "#0a577f",
  ink: "#14212b",
  inkSoft: "#3c4b57",
  line: "#dde5ea",
  canvas: "#f6f9fb",
  white: "#ffffff",
} as const;

const FONT = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

const styles = {
  body: { backgroundColor: COLORS.canvas, color: COLORS.ink, fontFamily: FONT, margin: 0, padding: "24px 0" },
  container: { backgroundColor: COLORS.white, border: `1px solid ${COLORS.line}`, borderRadius: 8, maxWidth: 560, margin: "0 auto" },
  header: { backgroundColor: COLORS.brand, borderRadius: "8px 8px 0 0", padding: "16px 24px" },
  brand: { color: COLORS.white, fontSize: 22, fontWeight: 700, letterSpacing: 0.5, textDecoration: "none" },
  content: { padding: "8px 24px 16px" },
  heading: { color: COLORS.ink, fontSize: 22, lineHeight: "30px", margin: "16px 0 8px" },
  text: { color: COLORS.ink, fontSize: 16, lineHeight: "24px", margin: "12px 0" },
  code: {
    backgroundColor: COLORS.canvas,
    border: `1px solid ${COLORS.line}`,
    borderRadius: 6,
    color: COLORS.ink,
    fontFamily: "ui-monospace, Menlo, Consolas, monospace",
    fontSize: 28,
    fontWeight: 700,
    letterSpacing: 6,
    margin: "16px 0",
    padding: "12px 16px",
    textAlign: "center",
  },
  button: { backgroundColor: COLORS.brand, borderRadius: 6, color: COLORS.white, fontSize: 16, fontWeight: 600, padding: "12px 20px" },
  link: { color: COLORS.brandDark, textDecoration: "underline" },
  hr: { borderColor: COLORS.line, margin: "16px 0" },
  footer: { color: COLORS.inkSoft, fontSize: 13, lineHeight: "20px", margin: "8px 0" },
} satisfies Record<string, CSSProperties>;

/** An absolute link on the shop's site for a path ("/account/orders/…"). */
export function siteUrl(path: string): string {
  return new URL(path, env.SITE_URL).toString();
}

/** The frame: header with the shop's name, a heading, the message, and a footer with the site's address. */
export function MailLayout({ preview, heading, children }: { preview: string; heading: string; children: ReactNode }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <title>{heading}</title>
      </Head>
      <Preview>{preview}</Preview>
      <Body style={styles.body}>
        <Container style={styles.container}>
          <Section style={styles.header} data-skip-in-text="true">
            <Link href={siteUrl("/")} style={styles.brand}>
              {STORE_NAME}
            </Link>
          </Section>
          <Section style={styles.content}>
            <Heading as="h1" style={styles.heading}>
              {heading}
            </Heading>
            {children}
            <Hr style={styles.hr} />
            <Text style={styles.footer}>
              The {STORE_NAME} team
              <br />
              <PlainLink href={siteUrl("/")} />
              <br />
              Questions? Reply to this e-mail or write to {env.SUPPORT_EMAIL}.
            </Text>
          </Section>
        </Container>
      </Body>
    </Html>
  );
}

/** A paragraph; `lines` are kept on their own lines (an address, a list of totals). */
export function Paragraph({ children, lines }: { children?: ReactNode; lines?: readonly string[] }) {
  return (
    <Text style={styles.text}>
      {lines
        ? lines.map((line, index) => (
            <span key={index}>
              {index > 0 ? <br /> : null}
              {line}
            </span>
          ))
        : children}
    </Text>
  );
}

/** A one-time code, large and easy to copy. */
export function CodeBox({ label, code }: { label: string; code: string }) {
  return (
    <>
      <Text style={styles.text}>
        {label}: <strong>{code}</strong>
      </Text>
      <Text style={styles.code} aria-hidden="true" data-skip-in-text="true">
        {code}
      </Text>
    </>
  );
}

/** The message's main action, as a button (its address follows it in the text part). */
export function Action({ href, children }: { href: string; children: string }) {
  return (
    <Section style={{ margin: "16px 0" }}>
      <Button href={href} style={styles.button}>
        {children}
      </Button>
    </Section>
  );
}

/** A link written out, for addresses a reader may want to copy. */
export function PlainLink({ href }: { href: string }) {
  return (
    <Link href={href} style={styles.link}>
      {href}
    </Link>
  );
}

/**
 * The unsubscribe line every reminder e-mail ends with: what the list is and the signed link that
 * leaves it without signing in (lib/server/reminders). Order and account e-mails have none.
 */
export function ReminderUnsubscribeNote({ url }: { url: string }) {
  return (
    <Paragraph>
      You get reminders because you registered a {STORE_NAME} purifier. To stop them, unsubscribe here: <PlainLink href={url} />
    </Paragraph>
  );
}
