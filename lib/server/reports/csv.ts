import "server-only";

// CSV as spreadsheets read it (RFC 4180: comma-separated, CRLF, quotes doubled inside quoted
// cells), safe to open: a text cell starting with = + - @ (or a tab or carriage return, which some
// spreadsheets skip before reading a formula) gets a leading apostrophe, so a customer's
// "=HYPERLINK(…)" in a reason or a code stays text (OWASP "CSV injection"). Numbers are written as
// they are: a negative number is a number, not a formula.

export type CsvValue = string | number | boolean | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  const text = FORMULA_START.test(value) ? `'${value}` : value;
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function csvLine(cells: readonly CsvValue[]): string {
  return `${cells.map(csvCell).join(",")}\r\n`;
}

/** One page of rows and where the next starts (null: that was the last). */
export interface CsvPage<Cursor> {
  lines: readonly (readonly CsvValue[])[];
  next: Cursor | null;
}

/**
 * The header, then each page as the reader asks for it: one query per page, never the whole export
 * in memory, and a reader that stops (a closed download) stops the queries.
 */
export function csvStream<Cursor>(
  header: readonly string[],
  page: (cursor: Cursor | null) => Promise<CsvPage<Cursor>>,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  let cursor: Cursor | null = null;
  let started = false;
  let done = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!started) {
        started = true;
        // A byte-order mark, so a spreadsheet opening the file reads it as UTF-8 (names with accents).
        controller.enqueue(encoder.encode(`\uFEFF${csvLine(header)}`));
        return;
      }
      if (done) {
        controller.close();
        return;
      }
      const { lines, next } = await page(cursor);
      if (lines.length > 0) controller.enqueue(encoder.encode(lines.map(csvLine).join("")));
      cursor = next;
      if (next === null) {
        done = true;
        controller.close();
      }
    },
  });
}

/** The stream as a download named `fileName`, kept by no cache. */
export function csvResponse(stream: ReadableStream<Uint8Array>, fileName: string): Response {
  return new Response(stream, {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "x-content-type-options": "nosniff",
      "cache-control": "private, no-store",
    },
  });
}
