import "server-only";
import { STORE_NAME } from "@/lib/config/store";
import { CODE_TTL_MINUTES } from "@/lib/config/auth";
import { env } from "@/lib/config/env";
import { orderPath, ROUTES } from "@/lib/config/routes";
import { formatAmount, formatUsd } from "@/lib/money";
import type { Order } from "@/lib/schemas/order";
import type { MailMessage } from "./transport";

// The texts of the shop's e-mails. Plain text: it reads everywhere and hides nothing.

// `link` opens the page the code is for with the address filled in (lib/server/auth/email-links.ts).

export function verificationCodeMail(to: string, code: string, link: string): MailMessage {
  return {
    to,
    subject: `${code} is your ${STORE_NAME} verification code`,
    text: [
      `Your ${STORE_NAME} verification code is: ${code}`,
      "",
      `Enter it on the registration page within ${CODE_TTL_MINUTES} minutes. It works once.`,
      "This link opens the registration page with your e-mail address filled in:",
      link,
      "",
      "If you did not ask for it, you can ignore this e-mail: no account is created without the code.",
    ].join("\n"),
  };
}

export function resetCodeMail(to: string, code: string, link: string): MailMessage {
  return {
    to,
    subject: `${code} is your ${STORE_NAME} password reset code`,
    text: [
      `Your ${STORE_NAME} password reset code is: ${code}`,
      "",
      `Enter it with your new password within ${CODE_TTL_MINUTES} minutes. It works once.`,
      "This link opens the password reset page with your e-mail address filled in:",
      link,
      "",
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
      'Log in with your password, or use "Forgot password" on the login page to choose a new one:',
      `${env.SITE_URL}${ROUTES.login}`,
      "",
      "If it was not you, you can ignore this e-mail.",
    ].join("\n"),
  };
}

/** The answer to a reset asked for an address without an account (the reset code's counterpart). */
export function noAccountResetMail(to: string): MailMessage {
  return {
    to,
    subject: `${STORE_NAME} password reset: no account for this address`,
    text: [
      `Someone (probably you) asked to reset the ${STORE_NAME} password of this e-mail address, but it has no ${STORE_NAME} account.`,
      "",
      "Perhaps you registered with another address. Or create an account with this one here:",
      `${env.SITE_URL}${ROUTES.register}`,
      "",
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

export function orderShippedMail(to: string, orderId: string, carrier: string, trackingNumber: string): MailMessage {
  return {
    to,
    subject: `Your ${STORE_NAME} order has shipped`,
    text: [
      `Your order ${orderId} is on its way.`,
      "",
      `Carrier: ${carrier}`,
      `Tracking number: ${trackingNumber}`,
      "",
      "Follow it and see its details here:",
      `${env.SITE_URL}${orderPath(orderId)}`,
      "",
      `The ${STORE_NAME} team`,
    ].join("\n"),
  };
}

/** `refundCents` > 0: the order was paid and that amount goes back to the card it was paid with. */
export function orderCancelledMail(to: string, orderId: string, refundCents: number): MailMessage {
  return {
    to,
    subject: `Your ${STORE_NAME} order was cancelled`,
    text: [
      `Your order ${orderId} was cancelled.`,
      "",
      refundCents > 0
        ? `We refunded ${formatUsd(refundCents)} to the card you paid with. Depending on your bank it shows within 5 to 10 business days.`
        : "It was not paid, so nothing was charged.",
      "",
      "The order and its timeline:",
      `${env.SITE_URL}${orderPath(orderId)}`,
      "",
      `The ${STORE_NAME} team`,
    ].join("\n"),
  };
}

/** Sent once, when the payment goes through: what was bought, what it cost, where and how it ships. */
export function orderConfirmationMail(to: string, name: string | null, order: Order): MailMessage {
  const option = order.shippingOptions.find((candidate) => candidate.value === order.shippingMethod);
  const address = order.shippingAddress;
  return {
    to,
    subject: `Your ${STORE_NAME} order is confirmed`,
    text: [
      `${name ? `Hello ${name},` : "Hello,"}`,
      "",
      `Thank you for your order. We received your payment and are preparing order ${order.orderId}.`,
      "",
      ...order.items.map((item) => `${item.quantity} × ${item.name} (${item.attributes}): ${formatAmount(item.discountPrice)} each`),
      "",
      `Subtotal: ${formatAmount(order.subTotal)}`,
      `Shipping: ${formatAmount(order.shippingFee)}`,
      `Sales tax: ${formatAmount(order.tax)}`,
      `Total paid: ${formatAmount(order.total)}`,
      "",
      "Shipping to:",
      ...(address
        ? [address.fullName, address.line1, ...(address.line2 ? [address.line2] : []), `${address.city}, ${address.state} ${address.zip}`]
        : ["(no address)"]),
      "",
      option ? `Shipping: ${option.label}, estimated delivery ${option.realDate}.` : `Shipping: ${order.shippingMethod}.`,
      "",
      "Follow your order here:",
      `${env.SITE_URL}${orderPath(order.orderId)}`,
      "",
      `The ${STORE_NAME} team`,
    ].join("\n"),
  };
}

/** Sent to an account under attack (lib/server/auth/step-up.ts); the link is the owner's way in. */
export function signInLinkMail(to: string, link: string, validMinutes: number): MailMessage {
  const hours = validMinutes >= 120 ? `${Math.floor(validMinutes / 60)} hours` : `${validMinutes} minutes`;
  return {
    to,
    subject: `Your ${STORE_NAME} sign-in link`,
    text: [
      `Someone has typed a wrong password for your ${STORE_NAME} account many times. It may have been you, or someone guessing.`,
      "To keep your account safe, passwords are now accepted only together with a link like this one. To sign in, open it and enter your password:",
      link,
      "",
      `The link works for ${hours}, in any browser. Nobody can sign in with it without your password.`,
      'If you did not try to sign in, your password is still safe. To be sure, choose a new one with "Forgot password" on the login page.',
    ].join("\n"),
  };
}
