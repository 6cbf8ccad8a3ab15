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

/**
 * A back-office form's refusal as the page reads it (remix-validated-form's shape): the message
 * under its field, or the form's own error; and what was typed, sent back to refill the form.
 */
export function refusalOf(body: unknown): {
  message: string;
  field: string | null;
  values: Record<string, string>;
} {
  const b = body as {
    fieldErrors?: Record<string, string>;
    formError?: string;
    repopulateFields?: Record<string, string>;
  };
  const [field, message] = Object.entries(b.fieldErrors ?? {})[0] ?? [null, b.formError ?? ""];
  return { message: b.formError ?? message, field, values: b.repopulateFields ?? {} };
}
