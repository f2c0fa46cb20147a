import { z } from "zod";

// The one rule every string a caller sends goes through, on the server and in the forms alike.
// PostgreSQL cannot store a NUL in text, nor a lone surrogate once JSON escapes it for a jsonb
// column; and control characters have no business in a name, an address or an id. So a string with
// one is refused at the edge as a 422 on its field, never handed to the database to fail there.
// app/api/route-input-text.test.ts walks every route's input schema and fails on any string that
// does not carry one of these two checks.

// C0 controls, DEL and C1 controls (Unicode category Cc), and the two Unicode line separators.
const SINGLE_LINE_REFUSED = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
// The same, less tab, line feed and carriage return (a textarea's \r\n) and the line separators.
const MULTI_LINE_REFUSED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;
// With the u flag a surrogate pair is one code point, so only an unpaired half matches.
const LONE_SURROGATE = /[\ud800-\udfff]/u;

export const TEXT_MESSAGES = {
  singleLine: "Use one line of plain text, without tabs, line breaks or control characters.",
  multiLine: "Remove the control characters (line breaks and tabs are fine).",
  notUnicode: "This text is not valid Unicode.",
} as const;

function textCheck(refused: RegExp, message: string) {
  return z.superRefine<string>((value, context) => {
    if (LONE_SURROGATE.test(value)) context.addIssue({ code: "custom", message: TEXT_MESSAGES.notUnicode, input: value, continue: false });
    else if (refused.test(value)) context.addIssue({ code: "custom", message, input: value, continue: false });
  });
}

/** The check of a one-line field (a name, a city, an id, a password): attached once, recognised by identity. */
export const singleLineCheck = textCheck(SINGLE_LINE_REFUSED, TEXT_MESSAGES.singleLine);
/** The check of a free-text field typed into a textarea (a description, a reason, a return address). */
export const multiLineCheck = textCheck(MULTI_LINE_REFUSED, TEXT_MESSAGES.multiLine);

/** A string field of one line. Chain trim, min, max or regex after it: the rule runs first, on the raw value. */
export function singleLineText(params?: string | { message?: string }) {
  return z.string(params).check(singleLineCheck);
}

/** A string field that may hold line breaks and tabs, and nothing else outside printable text. */
export function multiLineText(params?: string | { message?: string }) {
  return z.string(params).check(multiLineCheck);
}

/**
 * An id field. A UUID cannot hold a control character anyway; it goes through the rule all the same,
 * so that the test can hold every string field to it without a list of exceptions.
 */
export function uuidText(message: string) {
  return z.uuid({ message }).check(singleLineCheck);
}
