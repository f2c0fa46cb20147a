// Results of a benchmark run: one JSON file and one short Markdown table per run, with the budget
// beside each figure and every figure outside its budget marked.
import { execFileSync } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

export interface Budget {
  limit: number;
  /** "max": the figure must not exceed the limit; "min": it must reach it. */
  kind: "max" | "min";
}

export interface Figure {
  value: number;
  /** "count": a number of requests or answers, shown whole and without a unit. */
  /** "×": a ratio, shown with two decimals and the sign after it ("1.24×"). */
  unit: "KB" | "ms" | "µs" | "s" | "req/s" | "score" | "count" | "" | "%" | "×";
  budget?: Budget;
  /** A difference: shown with its sign ("+120 ms"), and so is its budget. */
  signed?: boolean;
  /** A count out of a whole ("3 of 4,120"): the whole, shown after the count. */
  outOf?: number;
}

export interface Table {
  title: string;
  columns: string[];
  rows: { label: string; cells: (Figure | string | null)[] }[];
  notes?: string[];
}

export function withinBudget(figure: Figure): boolean {
  if (!figure.budget) return true;
  return figure.budget.kind === "max" ? figure.value <= figure.budget.limit : figure.value >= figure.budget.limit;
}

function formatNumber(value: number, unit: Figure["unit"], signed = false): string {
  const digits = unit === "KB" || unit === "s" ? 1 : unit === "" ? 3 : unit === "×" ? 2 : unit === "ms" && Math.abs(value) < 10 ? 1 : 0;
  const text = value.toFixed(digits);
  if (unit === "×") return `${text}×`;
  return `${signed && value > 0 ? "+" : ""}${text}${unit && unit !== "score" && unit !== "count" ? ` ${unit}` : ""}`;
}

export function formatFigure(figure: Figure): string {
  const number = formatNumber(figure.value, figure.unit, figure.signed);
  const shown = figure.outOf === undefined ? number : `${number} of ${figure.outOf}`;
  if (!figure.budget) return shown;
  const sign = figure.budget.kind === "max" ? "≤" : "≥";
  const limit = `${sign} ${formatNumber(figure.budget.limit, figure.unit, figure.signed)}`;
  return withinBudget(figure) ? `${shown} (${limit})` : `**${shown} ✗** (${limit})`;
}

export function failuresOf(tables: Table[]): string[] {
  const failures: string[] = [];
  for (const table of tables) {
    for (const row of table.rows) {
      row.cells.forEach((cell, index) => {
        if (cell && typeof cell !== "string" && !withinBudget(cell)) {
          failures.push(`${table.title}: ${row.label}, ${table.columns[index + 1] ?? ""} ${formatFigure(cell).replace(/\*\*/g, "")}`);
        }
      });
    }
  }
  return failures;
}

export function markdownTable(table: Table): string {
  const lines = [
    `### ${table.title}`,
    "",
    `| ${table.columns.join(" | ")} |`,
    `|${table.columns.map((_, index) => (index ? "---:" : "---")).join("|")}|`,
  ];
  for (const row of table.rows) {
    const cells = row.cells.map((cell) => (cell === null ? "–" : typeof cell === "string" ? cell : formatFigure(cell)));
    lines.push(`| ${[row.label, ...cells].join(" | ")} |`);
  }
  if (table.notes?.length) lines.push("", ...table.notes);
  return lines.join("\n");
}

function quiet(command: string, args: string[]): string | null {
  try {
    return execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return null;
  }
}

async function packageVersion(name: string): Promise<string> {
  const manifest = JSON.parse(await readFile(path.join("node_modules", name, "package.json"), "utf8")) as { version: string };
  return manifest.version;
}

export interface Environment {
  date: string;
  commit: string;
  machine: string;
  versions: Record<string, string | null>;
}

export async function describeEnvironment(): Promise<Environment> {
  const commit = quiet("git", ["rev-parse", "--short", "HEAD"]) ?? "unknown";
  const dirty = quiet("git", ["status", "--porcelain"]) ? " (with uncommitted changes)" : "";
  const cpu = os.cpus()[0]?.model ?? "unknown CPU";
  return {
    date: new Date().toISOString(),
    commit: `${commit}${dirty}`,
    machine: `${os.cpus().length} × ${cpu}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, ${os.type()} ${os.release()}`,
    versions: {
      node: process.versions.node,
      next: await packageVersion("next"),
      react: await packageVersion("react"),
      lighthouse: await packageVersion("lighthouse"),
      autocannon: await packageVersion("autocannon"),
      chromium: quiet(process.env.CHROMIUM_PATH ?? "/usr/bin/chromium", ["--version"])?.replace(/^Chromium\s*/, "") ?? null,
      // nginx prints its version on stderr.
      nginx: quiet("sh", ["-c", "nginx -v 2>&1"])?.replace(/^nginx version:\s*/, "") || null,
      postgres: quiet("psql", ["--version"])?.replace(/^psql \(PostgreSQL\)\s*/, "") ?? null,
    },
  };
}

/** Writes bench-results/<stamp>.json and .md, and the same as latest.json / latest.md. */
export async function writeReport(
  environment: Environment,
  tables: Table[],
  raw: Record<string, unknown>,
): Promise<{ markdown: string; files: string[] }> {
  const dir = path.resolve("bench-results");
  await mkdir(dir, { recursive: true });
  const failures = failuresOf(tables);
  const versions = Object.entries(environment.versions)
    .map(([name, version]) => `${name} ${version ?? "not installed"}`)
    .join(", ");
  const markdown = [
    `## Lenwell shop benchmarks`,
    "",
    `- Date: ${environment.date}`,
    `- Commit: ${environment.commit}`,
    `- Machine: ${environment.machine}`,
    `- Versions: ${versions}`,
    "",
    ...tables.flatMap((table) => [markdownTable(table), ""]),
    failures.length
      ? `**Outside budget (${failures.length}):**\n\n${failures.map((line) => `- ${line}`).join("\n")}`
      : "Every figure is within its budget.",
    "",
  ].join("\n");
  const stamp = environment.date.replace(/[:.]/g, "-");
  const json = JSON.stringify({ environment, tables, failures, raw }, null, 2);
  const files = [path.join(dir, `${stamp}.json`), path.join(dir, `${stamp}.md`)];
  await Promise.all([
    writeFile(files[0] as string, json),
    writeFile(files[1] as string, markdown),
    writeFile(path.join(dir, "latest.json"), json),
    writeFile(path.join(dir, "latest.md"), markdown),
  ]);
  return { markdown, files };
}
