// The action of /admin/staff/{id}, one function per button's `intent` (dispatchIntent, decision
// 075). Each answers a redirect to the page with what was done; a refusal under the staff rules
// (the last enabled owner) is the role's field error for the role form, else the page's form error.
import { data, redirect } from "@remix-run/node";
import { validationError } from "remix-validated-form";
import { appOrigin } from "~/accounts/origin.server";
import { refuse } from "~/admin/form-refusal.server";
import { dispatchIntent, type IntentHandlers } from "~/http/intents.server";
import { isStaffRole } from "~/staff/permissions";
import type { Staff } from "~/staff/staff-session.server";
import { staffPath } from "./components";
import { changeRoleValidator, ROLE_FORM_ID, type MemberIntent } from "./staff-schema";
import {
  changeRole,
  resendInvite,
  resetSecondFactor,
  setDisabled,
  StaffRuleError,
} from "./staff.server";

type MemberAction = { staff: Staff; id: number; form: FormData; request: Request };

const done = (id: number, intent: MemberIntent, changed = true) =>
  redirect(`${staffPath(id)}?done=${changed ? intent : "unchanged"}#status`, 303);

async function changeRoleAction({ staff, id, form }: MemberAction) {
  const result = await changeRoleValidator.validate(form);
  if (result.error) return validationError({ ...result.error, formId: ROLE_FORM_ID });
  const role = result.data.role;
  try {
    if (!isStaffRole(role)) throw new StaffRuleError("Choose a role.", 400);
    const { changed } = await changeRole(staff, id, role);
    return done(id, "role", changed);
  } catch (error) {
    if (!(error instanceof StaffRuleError)) throw error;
    // the refusal shows under the role, with the role that was chosen still chosen
    return refuse(
      ROLE_FORM_ID,
      { message: error.message, field: "role", values: { role } },
      error.status,
    );
  }
}

const MEMBER_ACTIONS: IntentHandlers<[MemberAction], Response | ReturnType<typeof refuse>> = {
  role: changeRoleAction,
  disable: async ({ staff, id }) =>
    done(id, "disable", (await setDisabled(staff, id, true)).changed),
  enable: async ({ staff, id }) =>
    done(id, "enable", (await setDisabled(staff, id, false)).changed),
  reset_second_factor: async ({ staff, id }) => {
    await resetSecondFactor(staff, id);
    return done(id, "reset_second_factor");
  },
  resend_invite: async ({ staff, id, request }) => {
    await resendInvite(staff, id, appOrigin(request));
    return done(id, "resend_invite");
  },
};

/** Runs the posted button's intent; a refusal of the buttons-only forms is the page's form error. */
export async function staffMemberAction(args: MemberAction) {
  try {
    return await dispatchIntent(args.form, MEMBER_ACTIONS, args);
  } catch (error) {
    if (error instanceof StaffRuleError)
      return data({ formError: error.message }, { status: error.status });
    throw error;
  }
}
