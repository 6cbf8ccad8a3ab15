// The back office in e2e (issue 36): a member of staff of a role, signed in through a staff session
// row and its signed `__staff` cookie (the sign-in spec alone goes through the two-step page), and
// the authenticator code of a secret now.
import type { Page } from "@playwright/test";
import { createCookie } from "@remix-run/node";
import * as OTPAuth from "otpauth";
import * as factories from "../factories";
import { E2E_BASE_URL } from "./env";
import { e2eDb, test as base } from "./fixtures";
import { E2E_SESSION_SECRET } from "./session-secret.mjs";

export type StaffRole = "owner" | "support" | "packer" | "editor";
export type E2eStaff = {
  id: number;
  email: string;
  password: string;
  role: StaffRole;
  firstName: string;
  totpSecret: string | null;
};

export async function createStaffMember(
  role: StaffRole,
  opts: { totpSecret?: string | null; firstName?: string } = {},
): Promise<E2eStaff> {
  const s = await factories.createStaff(e2eDb(), {
    role,
    totpSecret: opts.totpSecret,
    ...(opts.firstName ? { firstName: opts.firstName } : {}),
  });
  return {
    id: s.id,
    email: s.email,
    password: s.password!,
    role,
    firstName: s.firstName ?? "",
    totpSecret: s.totpSecret,
  };
}

const staffCookie = createCookie("__staff", { secrets: [E2E_SESSION_SECRET], path: "/" });

/** Signs `page`'s browser in to the back office as `staff`, without the sign-in page. */
export async function signInStaff(page: Page, staff: { id: number }) {
  const token = await factories.createStaffSession(e2eDb(), staff.id);
  const value = (await staffCookie.serialize(token)).split(";")[0].split("=").slice(1).join("=");
  await page.context().addCookies([
    {
      name: "__staff",
      value,
      domain: new URL(E2E_BASE_URL).hostname,
      path: "/",
      httpOnly: true,
      sameSite: "Lax",
    },
  ]);
}

/** The authenticator's code for `secret` at `at` (30-second steps, 6 digits). */
export function totpCode(secret: string, at = Date.now()): string {
  return new OTPAuth.TOTP({
    secret: OTPAuth.Secret.fromBase32(secret),
    digits: 6,
    period: 30,
  }).generate({
    timestamp: at,
  });
}

/** A tracked product of its own, so parallel runs never share its figure. */
export async function trackedProduct(inventory: number) {
  const db = e2eDb();
  const source = await db
    .selectFrom("products")
    .selectAll()
    .where("kind", "=", "addon")
    .executeTakeFirstOrThrow();
  const { id: _id, ...rest } = source;
  const tag = factories.uniqueEmail("x").split("@")[0].split(".")[1];
  const name = `Stock check ${tag}`;
  const { id } = await db
    .insertInto("products")
    .values({ ...rest, slug: `stock-check-${tag}`, name, inventory, active: 1 })
    .returning("id")
    .executeTakeFirstOrThrow();
  return { id, name };
}

type StaffFixtures = { staffRole: StaffRole; staff: E2eStaff };

/** `staff`: a member of staff of `staffRole` (owner unless told with test.use), signed in. */
export const test = base.extend<StaffFixtures>({
  staffRole: ["owner", { option: true }],
  staff: async ({ page, staffRole }, use) => {
    const staff = await createStaffMember(staffRole);
    await signInStaff(page, staff);
    await use(staff);
  },
});

export { expect } from "@playwright/test";
