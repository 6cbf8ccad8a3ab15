// The back office in process: a member of staff's client (a `__staff` cookie of a staff session with
// both steps done, plus a CSRF pair), as the route-level suites call route modules.
import type { StaffRole } from "~/db/schema";
import { staffCookie } from "~/staff/staff-session.server";
import { db } from "~/db/client.server";
import { createStaff, createStaffSession, type StaffOptions } from "../factories";
import { csrfPair, type Client } from "./http-helpers";

export type StaffClient = Client & {
  role: StaffRole;
  totpSecret: string | null;
};

export async function staffClient(
  role: StaffRole = "owner",
  opts: StaffOptions = {},
): Promise<StaffClient> {
  const staff = await createStaff(db, { role, ...opts });
  const token = await createStaffSession(db, staff.id);
  const pair = (await staffCookie.serialize(token)).split(";")[0];
  const { token: csrf, cookie } = await csrfPair();
  return {
    cookie: `${cookie}; ${pair}`,
    token: csrf,
    userId: staff.id,
    email: staff.email,
    role,
    totpSecret: staff.totpSecret,
  };
}
