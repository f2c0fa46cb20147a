import "server-only";
import { STORE_NAME } from "@/lib/config/store";
import { CODE_TTL_MINUTES } from "@/lib/config/auth";
import type { MailMessage } from "./transport";

// The texts of the shop's e-mails. Plain text: it reads everywhere and hides nothing.

export function verificationCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your ${STORE_NAME} verification code`,
    text: [
      `Your ${STORE_NAME} verification code is: ${code}`,
      "",
      `Enter it on the registration page within ${CODE_TTL_MINUTES} minutes. It works once.`,
      "If you did not ask for it, you can ignore this e-mail: no account is created without the code.",
    ].join("\n"),
  };
}

export function resetCodeMail(to: string, code: string): MailMessage {
  return {
    to,
    subject: `${code} is your ${STORE_NAME} password reset code`,
    text: [
      `Your ${STORE_NAME} password reset code is: ${code}`,
      "",
      `Enter it with your new password within ${CODE_TTL_MINUTES} minutes. It works once.`,
      "When the password changes, every device signed in to your account is signed out.",
      "If you did not ask for it, ignore this e-mail: your password stays as it is.",
    ].join("\n"),
  };
}

export function alreadyRegisteredMail(to: string): MailMessage {
  return {
    to,
    subject: `You already have a ${STORE_NAME} account`,
    text: [
      `Someone (probably you) asked to register this e-mail address at ${STORE_NAME}, but it already has an account.`,
      "",
      "Log in with your password, or use \"Forgot password\" on the login page to choose a new one.",
      "If it was not you, you can ignore this e-mail.",
    ].join("\n"),
  };
}

export function welcomeMail(to: string, name: string | null): MailMessage {
  return {
    to,
    subject: `Welcome to ${STORE_NAME}`,
    text: [
      `Hello${name ? ` ${name}` : ""},`,
      "",
      `Your ${STORE_NAME} account is ready. From your account you can follow orders, ask for returns or repairs,`,
      "and keep your delivery address for checkout.",
      "",
      `The ${STORE_NAME} team`,
    ].join("\n"),
  };
}
