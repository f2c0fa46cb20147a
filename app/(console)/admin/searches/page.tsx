import type { Metadata } from "next";
import { ConsoleTable, numeric } from "@/components/console/console-list";
import { AddSynonymForm, RemoveSynonymForm } from "@/components/console/synonym-forms";
import { ROUTES } from "@/lib/config/routes";
import { requireOperatorPage } from "@/lib/server/auth/operator";
import { operatorListSynonyms, operatorSearchReport, QUERY_LOG_DAYS, type QueryCount } from "@/lib/server/search";

export const metadata: Metadata = { title: "Searches" };

// What visitors search the shop for (the /search page's searches), so the catalogue, the FAQ and the
// synonyms can be fixed where they fail. Counted without any customer or address: docs/api.md Search.

function searchLink(query: string) {
  return `${ROUTES.search}?${new URLSearchParams({ q: query }).toString()}`;
}

function QueryRows({ rows }: { rows: readonly QueryCount[] }) {
  return rows.map((row) => (
    <tr key={row.query}>
      <td className="px-3 py-2">
        <a href={searchLink(row.query)} className="text-brand-700 underline underline-offset-2">
          {row.query}
        </a>
      </td>
      <td className="px-3 py-2 text-right tabular-nums">{row.searches}</td>
      <td className="px-3 py-2 text-right tabular-nums">{row.empty}</td>
    </tr>
  ));
}

export default async function SearchesPage() {
  const operator = await requireOperatorPage();
  const [report, synonyms] = await Promise.all([operatorSearchReport(operator), operatorListSynonyms(operator)]);
  const columns = ["Query", numeric("Searches"), numeric("Found nothing")];
  return (
    <section aria-labelledby="searches-title">
      <h1 id="searches-title" className="text-2xl font-bold text-ink">
        Searches
      </h1>
      <p className="mt-1 max-w-3xl text-sm text-ink-soft">
        What visitors searched for on the search page in the last {QUERY_LOG_DAYS} days. Queries are counted lower-case, without who
        searched; anything that looks like an e-mail address, a phone number, an order number or a serial is never stored.
      </p>

      <h2 className="mt-8 text-lg font-semibold text-ink">Found nothing</h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-soft">Fix these first: add the word to a product or an answer, or a synonym below.</p>
      {report.empty.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft">Every search found something.</p>
      ) : (
        <ConsoleTable columns={columns} minWidth="narrow" gap="list" label="Searches that found nothing">
          <QueryRows rows={report.empty} />
        </ConsoleTable>
      )}

      <h2 className="mt-8 text-lg font-semibold text-ink">Most searched</h2>
      {report.top.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft">Nobody has searched yet.</p>
      ) : (
        <ConsoleTable columns={columns} minWidth="narrow" gap="list" label="Most searched">
          <QueryRows rows={report.top} />
        </ConsoleTable>
      )}

      <h2 className="mt-8 text-lg font-semibold text-ink">Synonyms</h2>
      <p className="mt-1 max-w-3xl text-sm text-ink-soft">
        A search for the term also searches what it means: &ldquo;ro&rdquo; finds &ldquo;reverse osmosis&rdquo;.
      </p>
      {synonyms.length === 0 ? (
        <p className="mt-3 text-sm text-ink-soft">No synonyms yet.</p>
      ) : (
        <ConsoleTable columns={["Term", "Also searches", "Remove"]} minWidth="narrow" gap="list" label="Synonyms">
          {synonyms.map((synonym) => (
            <tr key={synonym.id}>
              <td className="px-3 py-2">{synonym.term}</td>
              <td className="px-3 py-2">{synonym.expansion}</td>
              <td className="px-3 py-2">
                <RemoveSynonymForm id={synonym.id} term={synonym.term} />
              </td>
            </tr>
          ))}
        </ConsoleTable>
      )}
      <div className="mt-6 max-w-md">
        <AddSynonymForm />
      </div>
    </section>
  );
}
