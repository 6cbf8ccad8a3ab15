// A signed-in member of staff for the route-level suites: a staff session (both steps done) and its
// signed `__staff` cookie, plus a CSRF pair, in the shape of http-helpers' Client.
import { staffCookie } from "~/admin/staff-session.server";
import { db } from "~/db/client.server";
import { createStaff, createStaffSession } from "../factories";
import { csrfPair, type Client } from "./http-helpers";

export async function staffClient(
  role: "owner" | "support" | "packer",
  firstName = role === "support" ? "Sam" : "Harriet",
): Promise<Client & { role: typeof role }> {
  const staff = await createStaff(db, { role, firstName });
  const token = await createStaffSession(db, staff.id);
  const cookie = (await staffCookie.serialize(token)).split(";")[0];
  const pair = await csrfPair();
  return {
    cookie: `${cookie}; ${pair.cookie}`,
    token: pair.token,
    userId: staff.id,
    email: staff.email,
    role,
  };
}
