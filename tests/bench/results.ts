// bench/results.json: every bench mode writes its own top-level keys and keeps the others'.
import fs from "node:fs";
import os from "node:os";

export const RESULTS = "bench/results.json";

export function readResults(): Record<string, unknown> {
  try {
    return JSON.parse(fs.readFileSync(RESULTS, "utf8"));
  } catch {
    return {};
  }
}

export function writeResults(update: Record<string, unknown>) {
  fs.mkdirSync("bench", { recursive: true });
  const next = { ...readResults(), ...update };
  fs.writeFileSync(RESULTS, JSON.stringify(next, null, 2) + "\n");
}

export const machine = () => ({
  cpus: os.availableParallelism(),
  node: process.version,
  note: "shared 2-core machine; other work may run at the same time, so throughput numbers are noisy",
});

/** A Markdown table of the rows, columns in order of first appearance. */
export function table(rows: Record<string, string | number | null | undefined>[]) {
  const cols = [...new Set(rows.flatMap((r) => Object.keys(r)))];
  const line = (cells: (string | number | null | undefined)[]) =>
    `| ${cells.map((c) => c ?? "").join(" | ")} |`;
  return [
    line(cols),
    line(cols.map(() => "---")),
    ...rows.map((r) => line(cols.map((c) => r[c]))),
  ].join("\n");
}

/**
 * A measurement kept under its label next to the others (before and after a change to the code it
 * measures): `previous` as it is in the file (anything else than an object of labels starts afresh),
 * the label's entry replaced.
 */
export function withLabelled<T>(previous: unknown, label: string, entry: T): Record<string, T> {
  const kept =
    previous && typeof previous === "object" && !Array.isArray(previous)
      ? (previous as Record<string, T>)
      : {};
  return { ...kept, [label]: entry };
}
