// Who gets what on every /admin URL (issue 36), through the real route modules, loaders and actions:
// a visitor goes to /admin/sign-in, a signed-in customer gets 404, a member of staff without the
// permission gets 403 and a refused post changes nothing. Every admin route file is found on disk, so
// a page added later is checked too. Runs on SQLite, and on PostgreSQL with DATABASE_URL_TEST.
import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { can, type Permission } from "~/staff/permissions";
import { createUser } from "../factories";
import { db } from "~/db/client.server";
import { staffClient } from "./admin-helpers";
import {
  anonymous,
  call,
  getRequest,
  postRequest,
  rowCounts,
  signInAs,
  WRITTEN_TABLES,
} from "./http-helpers";

const ROUTES_DIR = path.resolve(__dirname, "../../app/routes");

type AdminRoute = {
  file: string;
  url: string;
  /** the permission its pages ask; null: any member of staff */
  permission: Permission | null;
  mod: { loader?: unknown; action?: unknown };
};

const SECTION_PERMISSIONS: Record<string, Permission> = {
  deliveries: "deliveries",
  orders: "orders",
  customers: "customers",
  payments: "payments",
  "gift-cards": "gift_cards",
  audit: "audit",
  catalogue: "catalogue",
  discounts: "discounts",
  content: "content",
  numbers: "numbers",
  staff: "staff",
};

/** The URL of a route file, with a made-up value for each parameter. */
function urlOf(file: string): string {
  const segments = file
    .replace(/\.(tsx|ts)$/, "")
    // a literal dot ("manifest[.]csv") is not a segment break
    .split(/(?<!\[)\.(?!\])/)
    .map((s) => s.replace("[.]", "."))
    .filter((s) => s !== "_index" && !s.startsWith("_"))
    .map((s) => s.replace(/_$/, ""))
    .map((s) =>
      s.startsWith("$")
        ? /date/i.test(s)
          ? "2026-12-01"
          : /id$/i.test(s)
            ? "999999"
            : "PT-NOPE"
        : s,
    );
  return `/${segments.join("/")}`;
}

async function adminRoutes(): Promise<AdminRoute[]> {
  const files = fs
    .readdirSync(ROUTES_DIR)
    .filter((f) => /^admin\./.test(f) && /\.(tsx|ts)$/.test(f));
  return Promise.all(
    files.map(async (file) => {
      const section = file.split(".")[1].replace(/\.(tsx|ts)$/, "");
      return {
        file,
        url: urlOf(file),
        permission: SECTION_PERMISSIONS[section] ?? null,
        mod: await import(/* @vite-ignore */ path.join(ROUTES_DIR, file)),
      };
    }),
  );
}

const params = {
  reference: "PT-NOPE",
  date: "2026-12-01",
  id: "999999",
  customerId: "999999",
  productId: "999999",
  packageId: "999999",
  postId: "999999",
  slug: "PT-NOPE",
  key: "PT-NOPE",
  code: "PT-NOPE",
  figure: "PT-NOPE",
};

describe("every /admin URL", async () => {
  const routes = await adminRoutes();

  it("finds the back office's pages on disk", () => {
    expect(routes.map((r) => r.file)).toEqual(
      expect.arrayContaining(["admin.tsx", "admin._index.tsx", "admin.audit.tsx"]),
    );
  });

  it("sends a visitor to /admin/sign-in, loaders and actions alike, and a post changes nothing", async () => {
    const visitor = await anonymous();
    for (const r of routes) {
      if (typeof r.mod.loader === "function") {
        const answer = await call(r.mod.loader, getRequest(r.url, visitor), params);
        expect([r.file, answer.status]).toEqual([r.file, 302]);
        expect(answer.location).toMatch(/^\/admin\/sign-in\?redirectTo=/);
      }
      if (typeof r.mod.action === "function") {
        const before = await rowCounts(WRITTEN_TABLES);
        const answer = await call(
          r.mod.action,
          postRequest(r.url, visitor, { intent: "x" }),
          params,
        );
        expect([r.file, answer.status]).toEqual([r.file, 302]);
        expect(await rowCounts(WRITTEN_TABLES)).toEqual(before);
      }
    }
  });

  it("answers a signed-in customer without a staff role with 404, including the sign-in page", async () => {
    const user = await createUser(db);
    const customer = await signInAs(user.email);
    for (const r of routes) {
      for (const fn of [r.mod.loader, r.mod.action]) {
        if (typeof fn !== "function") continue;
        const request =
          fn === r.mod.loader ? getRequest(r.url, customer) : postRequest(r.url, customer, {});
        const answer = await call(fn, request, params);
        expect([r.file, answer.status]).toEqual([r.file, 404]);
      }
    }
    const signIn = await import("~/routes/admin_.sign-in");
    expect((await call(signIn.loader, getRequest("/admin/sign-in", customer))).status).toBe(404);
  });

  for (const role of ["packer", "support", "editor", "owner"] as const) {
    it(`gives a ${role} a plain 403 wherever the role has no permission, and a refused post changes nothing`, async () => {
      const staff = await staffClient(role);
      for (const r of routes) {
        const allowed = r.permission === null || can(role, r.permission);
        if (typeof r.mod.loader === "function") {
          const answer = await call(r.mod.loader, getRequest(r.url, staff), params);
          if (allowed) expect([r.file, answer.status]).not.toEqual([r.file, 403]);
          else expect([r.file, answer.status, answer.text]).toEqual([r.file, 403, "Forbidden"]);
        }
        if (typeof r.mod.action === "function" && !allowed) {
          const before = await rowCounts([...WRITTEN_TABLES, "auditEntries"]);
          const answer = await call(
            r.mod.action,
            postRequest(r.url, staff, { intent: "x" }),
            params,
          );
          expect([r.file, answer.status]).toEqual([r.file, 403]);
          expect(await rowCounts([...WRITTEN_TABLES, "auditEntries"])).toEqual(before);
        }
      }
    });
  }

  it("lets no code of the app change or delete an audit entry", () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
        const full = path.join(dir, entry.name);
        if (entry.isDirectory()) walk(full);
        else if (/\.(ts|tsx)$/.test(entry.name)) {
          const text = fs.readFileSync(full, "utf8");
          if (/(updateTable|deleteFrom)\(\s*["']auditEntries["']/.test(text)) offenders.push(full);
          if (/(update|delete\s+from)\s+audit_entries/i.test(text)) offenders.push(full);
        }
      }
    };
    walk(path.resolve(__dirname, "../../app"));
    expect(offenders).toEqual([]);
  });
});
