import { Fragment } from "react";
import type { Snippet } from "@/lib/schemas/search";

/**
 * A snippet with the matched words marked, for the combobox and the /search page alike. Every
 * segment is drawn as text: nothing from a query or the catalogue is ever put into a page as markup.
 */
export function SnippetText({ snippet }: { snippet: Snippet }) {
  return (
    <>
      {snippet.map((segment, index) =>
        segment.match ? (
          <mark key={index} className="rounded-sm bg-brand-100 px-0.5 text-ink">
            {segment.text}
          </mark>
        ) : (
          <Fragment key={index}>{segment.text}</Fragment>
        ),
      )}
    </>
  );
}
