import "server-only";
import { CODE_TTL_MINUTES } from "@/lib/config/auth";
import { ROUTES } from "@/lib/config/routes";
import { STORE_NAME } from "@/lib/config/store";
import type { MailDraft } from "../render";
import { Action, CodeBox, MailLayout, Paragraph, PlainLink, siteUrl } from "./layout";

// The account e-mails: registration and reset codes, the answers to an address that has (or has
// no) account, the welcome, and the sign-in link of an account under attack.
// `link` opens the page the code is for with the address filled in (lib/server/auth/email-links.ts).

/** A code mailed now stops working when the code does (lib/server/auth/codes.ts): it is not sent after. */
function codeExpiry(): Date {
  return new Date(Date.now() + CODE_TTL_MINUTES * 60_000);
}

export function verificationCodeMail(to: string, code: string, link: string): MailDraft {
  return {
    template: "verification-code",
    to,
    expiresAt: codeExpiry(),
    subject: `${code} is your ${STORE_NAME} verification code`,
    content: (
      <MailLayout preview={`Your ${STORE_NAME} verification code is ${code}`} heading="Confirm your e-mail address">
        <CodeBox label={`Your ${STORE_NAME} verification code is`} code={code} />
        <Paragraph>Enter it on the registration page within {CODE_TTL_MINUTES} minutes. It works once.</Paragraph>
        <Paragraph>This link opens the registration page with your e-mail address filled in:</Paragraph>
        <Action href={link}>Open the registration page</Action>
        <Paragraph>If you did not ask for it, you can ignore this e-mail: no account is created without the code.</Paragraph>
      </MailLayout>
    ),
  };
}

export function resetCodeMail(to: string, code: string, link: string): MailDraft {
  return {
    template: "reset-code",
    to,
    expiresAt: codeExpiry(),
    subject: `${code} is your ${STORE_NAME} password reset code`,
    content: (
      <MailLayout preview={`Your ${STORE_NAME} password reset code is ${code}`} heading="Reset your password">
        <CodeBox label={`Your ${STORE_NAME} password reset code is`} code={code} />
        <Paragraph>Enter it with your new password within {CODE_TTL_MINUTES} minutes. It works once.</Paragraph>
        <Paragraph>This link opens the password reset page with your e-mail address filled in:</Paragraph>
        <Action href={link}>Open the password reset page</Action>
        <Paragraph>When the password changes, every device signed in to your account is signed out.</Paragraph>
        <Paragraph>If you did not ask for it, ignore this e-mail: your password stays as it is.</Paragraph>
      </MailLayout>
    ),
  };
}

export function alreadyRegisteredMail(to: string): MailDraft {
  const login = siteUrl(ROUTES.login);
  return {
    template: "already-registered",
    to,
    subject: `You already have a ${STORE_NAME} account`,
    content: (
      <MailLayout preview="This e-mail address already has an account" heading={`You already have a ${STORE_NAME} account`}>
        <Paragraph>Someone (probably you) asked to register this e-mail address at {STORE_NAME}, but it already has an account.</Paragraph>
        <Paragraph>Log in with your password, or use &quot;Forgot password&quot; on the login page to choose a new one:</Paragraph>
        <Paragraph>
          <PlainLink href={login} />
        </Paragraph>
        <Paragraph>If it was not you, you can ignore this e-mail.</Paragraph>
      </MailLayout>
    ),
  };
}

/** The answer to a reset asked for an address without an account (the reset code's counterpart). */
export function noAccountResetMail(to: string): MailDraft {
  const register = siteUrl(ROUTES.register);
  return {
    template: "no-account-reset",
    to,
    subject: `${STORE_NAME} password reset: no account for this address`,
    content: (
      <MailLayout preview="This e-mail address has no account" heading="No account for this address">
        <Paragraph>
          Someone (probably you) asked to reset the {STORE_NAME} password of this e-mail address, but it has no {STORE_NAME} account.
        </Paragraph>
        <Paragraph>Perhaps you registered with another address. Or create an account with this one here:</Paragraph>
        <Paragraph>
          <PlainLink href={register} />
        </Paragraph>
        <Paragraph>If it was not you, you can ignore this e-mail.</Paragraph>
      </MailLayout>
    ),
  };
}

export function welcomeMail(to: string, name: string | null): MailDraft {
  return {
    template: "welcome",
    to,
    subject: `Welcome to ${STORE_NAME}`,
    content: (
      <MailLayout preview={`Your ${STORE_NAME} account is ready`} heading={`Welcome to ${STORE_NAME}`}>
        <Paragraph>{name ? `Hello ${name},` : "Hello,"}</Paragraph>
        <Paragraph>
          Your {STORE_NAME} account is ready. From your account you can follow orders, ask for returns or repairs, and keep your delivery
          address for checkout.
        </Paragraph>
        <Action href={siteUrl(ROUTES.account)}>Go to your account</Action>
      </MailLayout>
    ),
  };
}

/** Sent to an account under attack (lib/server/auth/step-up.ts); the link is the owner's way in. */
export function signInLinkMail(to: string, link: string, validMinutes: number): MailDraft {
  const valid = validMinutes >= 120 ? `${Math.floor(validMinutes / 60)} hours` : `${validMinutes} minutes`;
  return {
    template: "sign-in-link",
    to,
    expiresAt: new Date(Date.now() + validMinutes * 60_000),
    subject: `Your ${STORE_NAME} sign-in link`,
    content: (
      <MailLayout preview="Your sign-in link" heading="Your sign-in link">
        <Paragraph>
          Someone has typed a wrong password for your {STORE_NAME} account many times. It may have been you, or someone guessing.
        </Paragraph>
        <Paragraph>
          To keep your account safe, passwords are now accepted only together with a link like this one. To sign in, open it and enter your
          password:
        </Paragraph>
        <Action href={link}>Sign in</Action>
        <Paragraph>The link works for {valid}, in any browser. Nobody can sign in with it without your password.</Paragraph>
        <Paragraph>
          If you did not try to sign in, your password is still safe. To be sure, choose a new one with &quot;Forgot password&quot; on the
          login page.
        </Paragraph>
      </MailLayout>
    ),
  };
}
