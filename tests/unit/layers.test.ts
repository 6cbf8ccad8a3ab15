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
  "pricing",
  "discounts",
  "orders",
  "gift-cards",
  "box",
  "delivery",
  "refunds",
].map((d) => path.join(APP, d) + path.sep);

/** Known reaches of app/db into a domain: none (migration 020 takes secrets frozen for it). */
const ALLOWED = new Set<string>([]);

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

/** Every runtime import edge from the files under `dirs`, as "importer -> imported". */
function edgesFrom(...dirs: string[]): string[] {
  return dirs.flatMap((d) =>
    sourceFiles(path.join(APP, d)).flatMap((file) =>
      runtimeImports(file).map((t) => `${rel(file)} -> ${rel(t)}`),
    ),
  );
}
const ALL_EDGES = () => edgesFrom(".");
const importer = (edge: string) => edge.split(" -> ")[0];
const imported = (edge: string) => edge.split(" -> ")[1];

describe("the shop and the back office share a core (issue 47)", () => {
  /**
   * Back-office code: app/admin, its routes, and the operator's `npm run staff` command, which is the
   * back office's staff invitation run from a shell (it has no page of its own). The shop, the jobs
   * and the other commands reach the back office through nothing (the refund settlement job
   * settles in app/refunds since decision 079).
   */
  const isBackOffice = (file: string) =>
    file.startsWith("app/admin/") ||
    /^app\/routes\/admin[.\-_]/.test(file) ||
    file === "app/bin/staff.ts";

  it("only back-office code imports app/admin", () => {
    const offenders = ALL_EDGES().filter(
      (e) => imported(e).startsWith("app/admin/") && !isBackOffice(importer(e)),
    );
    expect(offenders).toEqual([]);
  });

  /**
   * What checkout shares with renewals, orders, payments and the back office lives outside it, with no
   * exception (decision 081): the quote and the shown total in app/pricing, a code's rules and uses in
   * app/discounts, the knife check in app/box.
   */
  const isCheckout = (file: string) =>
    file.startsWith("app/checkout/") ||
    /^app\/routes\/(checkout\.|get-started\.checkout|api\.orders\.\$order\.checkout)/.test(file);

  it("no other domain imports app/checkout", () => {
    const offenders = ALL_EDGES().filter(
      (e) => imported(e).startsWith("app/checkout/") && !isCheckout(importer(e)),
    );
    expect(offenders).toEqual([]);
    // the shared rules are read from their own domains, by checkout and by the others
    expect(ALL_EDGES()).toEqual(
      expect.arrayContaining([
        "app/checkout/order-checks.server.ts -> app/pricing/quote.server.ts",
        "app/subscriptions/renewal-quote.server.ts -> app/pricing/quote.server.ts",
        "app/payments/recovery.server.ts -> app/discounts/discount-use.server.ts",
        "app/subscriptions/components/box-section.tsx -> app/box/components/knife-check-fields.tsx",
      ]),
    );
  });

  it("migrations import nothing from app/ outside app/db", () => {
    const offenders = edgesFrom("db/migrations").filter((e) => !imported(e).startsWith("app/db/"));
    expect(offenders).toEqual([]);
    expect(edgesFrom("db/migrations")).toContain(
      "app/db/migrations/020-gift-code-hashes.ts -> app/db/frozen/secrets.ts",
    );
  });
});
