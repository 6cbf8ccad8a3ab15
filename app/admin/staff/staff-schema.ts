// The staff page's forms (issue 44): invite a member, and the actions on one member. Run in the
// browser (remix-validated-form) and again in the actions; the CLI's `add` checks the same schema.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { EmailSchema } from "~/accounts/auth-schema";
import { STAFF_ROLES } from "~/staff/permissions";

export const NAME_REQUIRED = "Enter the member's name";
export const NAME_TOO_LONG = "The name is at most 100 characters";
export const ROLE_REQUIRED = `Choose a role: ${STAFF_ROLES.join(", ")}`;

const RoleSchema = z.enum(STAFF_ROLES as [string, ...string[]], {
  errorMap: () => ({ message: ROLE_REQUIRED }),
});

export const InviteStaffSchema = z.object({
  email: EmailSchema,
  name: z
    .string({ required_error: NAME_REQUIRED, invalid_type_error: NAME_REQUIRED })
    .trim()
    .min(1, NAME_REQUIRED)
    .max(100, NAME_TOO_LONG),
  role: RoleSchema,
});

/** The member page's role form (its `intent` is "role"). */
export const ROLE_FORM_ID = "staff-role";

export const ChangeRoleSchema = z.object({ role: RoleSchema });

export type InviteStaffInput = z.infer<typeof InviteStaffSchema>;

export const inviteStaffValidator = withZod(InviteStaffSchema);
export const changeRoleValidator = withZod(ChangeRoleSchema);

/** The member page's buttons: each its own form, told apart by `intent`. */
export const MEMBER_INTENTS = [
  "role",
  "disable",
  "enable",
  "reset_second_factor",
  "resend_invite",
] as const;
export type MemberIntent = (typeof MEMBER_INTENTS)[number];
