// The back office with JavaScript on (issue 44, item 6; decision 065). Each role signs in through the
// two-step page and then moves between the header's pages client-side, the overview included: every
// data request must carry the staff cookie (its path once left out `/admin.data`). And a submission
// whose redirect lands before the page's stylesheets could be preloaded is no uncaught `Response`:
// the stylesheets the server inlined are never fetched again for a loader or an action.
import type { Page } from "@playwright/test";
import { createStaffMember, test, expect, totpCode } from "./admin-helpers";
import { ready, settled, submitAndWait } from "./fixtures";
import { dayWithOrders } from "./packing-fixtures";
import { sectionsFor } from "../../app/admin/navigation";
import { homeOf } from "../../app/staff/permissions";

const ROLES = ["owner", "support", "packer", "editor"] as const;

/** The page's uncaught errors and the requests it makes after `since()` is called. */
function watch(page: Page) {
  const errors: string[] = [];
  const requests: string[] = [];
  let on = false;
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("request", (r) => {
    if (on) requests.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return { errors, requests, since: () => ((on = true), requests.splice(0)) };
}

test.describe("the back office with JavaScript @scripts", () => {
  for (const role of ROLES) {
    test(`${role}: signs in on the page, then opens every page in the header client-side`, async ({
      page,
    }) => {
      const member = await createStaffMember(role);
      const seen = watch(page);
      await page.goto("/admin/sign-in");
      await ready(page);
      await page.getByLabel("Email address").fill(member.email);
      await page.getByLabel("Password").fill(member.password);
      await submitAndWait(page, page.getByRole("button", { name: "Continue" }));
      await page.getByLabel("Authenticator code").fill(totpCode(member.totpSecret!));
      await submitAndWait(page, page.getByRole("button", { name: "Sign in", exact: true }));
      // the sign-in finishes: its redirect to the role's first page is a data request that carries
      // the cookie (the owner's is the overview, /admin.data)
      await expect(page).toHaveURL(new RegExp(`${homeOf(role)}$`));
      await settled(page);

      const nav = page.getByRole("navigation", { name: "Back office" });
      const sections = sectionsFor(role);
      // every other section, then the one the role landed on (the overview for the owner)
      const home = sections.findIndex((s) => s.href === homeOf(role));
      const tour = [...sections.slice(home + 1), ...sections.slice(0, home + 1)];
      seen.since();
      for (const section of tour) {
        await nav.getByRole("link", { name: section.label, exact: true }).click();
        await expect(page).toHaveURL(new RegExp(`${section.href}$`));
        await settled(page);
        await expect(nav.getByRole("link", { name: section.label, exact: true })).toHaveAttribute(
          "aria-current",
          "page",
        );
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
      }
      const moves = seen.since();
      // client-side: data requests only, each once, never a sign-in page or a full document load
      expect(moves.filter((r) => r.includes("sign-in"))).toEqual([]);
      for (const section of tour)
        expect(moves.filter((r) => r === `GET ${section.href}.data`)).toHaveLength(1);
      expect(seen.errors).toEqual([]);
    });
  }

  test.describe("a submission with slow stylesheets", () => {
    test.use({ staffRole: "packer" });
    test("marks an order packed without refetching the inlined stylesheets or an uncaught error", async ({
      page,
      staff,
    }) => {
      void staff;
      const d = await dayWithOrders();
      const seen = watch(page);
      await page.goto(`/admin/deliveries/${d.date}`);
      await ready(page);
      // a stylesheet fetched from now on takes 3 s, as on a slow phone: the action's redirect lands
      // first, which is when Remix's preload of a route's stylesheets left a rejection unhandled
      await page.route("**/*.css", async (route) => {
        await new Promise((r) => setTimeout(r, 3_000));
        await route.continue();
      });
      seen.since();
      await page.getByRole("button", { name: `Mark packed order ${d.a.reference}` }).click();
      await expect(page.getByRole("status")).toHaveText(`Order ${d.a.reference} marked packed.`);
      await settled(page);
      const requests = seen.since();
      expect(requests.filter((r) => r.endsWith(".css"))).toEqual([]);
      expect(requests).toContain(`POST /admin/deliveries/${d.date}.data`);
      expect(seen.errors).toEqual([]);
    });
  });
});
