// The layers of app/ hold (decision 050): the data layer (app/db) knows no rule, so nothing it runs
// reaches a domain module, which would import the database back; and no route touches the database
// itself, it goes through a service. Read from the source's import statements, type-only ones aside
// (they vanish at build time).
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const APP = path.join(ROOT, "app");
const DOMAINS = [
  "accounts",
  "payments",
  "subscriptions",
  "checkout",
  "orders",
  "gift-cards",
  "box",
  "delivery",
].map((d) => path.join(APP, d) + path.sep);

/**
 * The one known reach of app/db into a domain, and why it stays: migration 020 turned the stored
 * gift-card codes into the keyed hashes the app looks them up by (decision 045), so it must hash
 * exactly as app/gift-cards does; a copy could drift from it. It imports no database module.
 */
const ALLOWED = new Set([
  "app/db/migrations/020-gift-code-hashes.ts -> app/gift-cards/stored-code.server.ts",
]);

const rel = (file: string) => path.relative(ROOT, file);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|mjs|js)$/.test(e.name) ? [full] : [];
  });
}

/** The app files `file` imports at run time (static imports, re-exports and dynamic imports); packages left out. */
function runtimeImports(file: string): string[] {
  const text = fs.readFileSync(file, "utf8");
  const specifiers = [
    ...[
      ...text.matchAll(
        /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?["']([^"']+)["']/gm,
      ),
    ].map((m) => m[1]),
    ...[...text.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]),
  ];
  return specifiers.flatMap((s) => {
    const base = s.startsWith("~/")
      ? path.join(APP, s.slice(2))
      : s.startsWith(".")
        ? path.resolve(path.dirname(file), s)
        : null;
    if (!base) return [];
    const found = ["", ".ts", ".tsx", ".mjs", ".js", "/index.ts"]
      .map((ext) => base + ext)
      .find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
    if (!found) throw new Error(`${rel(file)}: cannot resolve ${s}`);
    return [found];
  });
}

describe("the data layer knows no rule", () => {
  it("nothing app/db runs imports a domain module, directly or through another module", () => {
    const reached = new Map<string, string>(); // file -> the file that imported it
    const queue = sourceFiles(path.join(APP, "db"));
    for (const f of queue) reached.set(f, "");
    const crossings: string[] = [];
    while (queue.length) {
      const file = queue.shift()!;
      for (const target of runtimeImports(file)) {
        const edge = `${rel(file)} -> ${rel(target)}`;
        if (DOMAINS.some((d) => target.startsWith(d))) {
          if (!ALLOWED.has(edge)) crossings.push(edge);
          continue;
        }
        if (!reached.has(target)) {
          reached.set(target, file);
          queue.push(target);
        }
      }
    }
    expect(crossings).toEqual([]);
    // the check reads what it should: the seed and the migrations are in it
    expect([...reached.keys()].map(rel)).toEqual(
      expect.arrayContaining(["app/db/seed/seed.server.ts", "app/db/migrations/001-initial.ts"]),
    );
  });

  it("the reader sees a domain import where there is one, and a relative one", () => {
    expect(runtimeImports(path.join(APP, "security/rekey.server.ts")).map(rel)).toContain(
      "app/gift-cards/stored-code.server.ts",
    );
    // migration 020 takes the secrets frozen for it, not the gift-card domain's
    expect(
      runtimeImports(path.join(APP, "db/migrations/020-gift-code-hashes.ts")).map(rel),
    ).toEqual(["app/db/frozen/secrets.ts"]);
  });
});

describe("routes never touch the database", () => {
  it("no module under app/routes imports app/db", () => {
    const offenders = sourceFiles(path.join(APP, "routes")).flatMap((file) =>
      runtimeImports(file)
        .filter((t) => t.startsWith(path.join(APP, "db") + path.sep))
        .map((t) => `${rel(file)} -> ${rel(t)}`),
    );
    expect(offenders).toEqual([]);
  });
});
