// /admin/staff: the owner's list of the staff (name, e-mail, role, status, second factor, recovery
// codes left) and the invitation form: the new member gets a one-time set-up link by e-mail
// (issue 44, decision 064). Works without JavaScript; errors keep what was typed.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { appOrigin } from "~/accounts/origin.server";
import { AdminPage } from "~/admin/components/admin-page";
import { TableBox } from "~/admin/components/table-box";
import { ROLE_LABELS, STAFF_ROLES } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { staffPath, StaffStatusBadge } from "~/admin/staff/components";
import { inviteStaffFormValidator } from "~/admin/staff/form-validators";
import { inviteStaffValidator } from "~/admin/staff/staff-schema";
import { RECOVERY_CODE_COUNT } from "~/staff/recovery-code-format";
import { inviteStaff, listStaff, StaffRuleError } from "~/admin/staff/staff.server";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit, SelectField, TextField } from "~/components/forms";
import { readForm } from "~/security/csrf.server";
import staffHref from "~/styles/admin-staff.css";

const INVITE_FORM_ID = "staff-invite";

export const meta: MetaFunction = () => [{ title: "Staff | Back office" }];
export const links = () => [{ rel: "stylesheet", href: staffHref }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "staff");
  return data({ members: await listStaff() }, { headers: { "Cache-Control": "no-store" } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "staff");
  const form = await readForm(request);
  const result = await inviteStaffValidator.validate(form);
  if (result.error)
    return validationError({ ...result.error, formId: INVITE_FORM_ID }, result.submittedData);
  try {
    const { userId } = await inviteStaff(staff, result.data, appOrigin(request));
    return redirect(`${staffPath(userId)}?done=invited#status`, 303);
  } catch (error) {
    if (error instanceof StaffRuleError)
      return validationError(
        { fieldErrors: { email: error.message }, formId: INVITE_FORM_ID },
        result.submittedData,
        { status: error.status },
      );
    throw error;
  }
}

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

export default function StaffList() {
  const { members } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title="Staff"
      lead="Who signs in to the back office, with which role. Only owners see this page."
    >
      <TableBox label="Members of staff">
        <table className="admin-table">
          <caption>Members of staff</caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">E-mail</th>
              <th scope="col">Role</th>
              <th scope="col">Status</th>
              <th scope="col">Authenticator</th>
              <th scope="col" className="num">
                Recovery codes left
              </th>
            </tr>
          </thead>
          <tbody>
            {members.map((m) => (
              <tr key={m.id}>
                <th scope="row">
                  <Link to={staffPath(m.id)}>{m.name}</Link>
                </th>
                <td>{m.email}</td>
                <td>{ROLE_LABELS[m.role]}</td>
                <td>
                  <StaffStatusBadge status={m.status} />
                </td>
                <td>{m.enrolled ? "Set up" : "Not set up"}</td>
                <td className="num">
                  {m.enrolled ? `${m.recoveryCodesLeft} of ${RECOVERY_CODE_COUNT}` : "None"}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableBox>

      <section className="admin-section admin-card" aria-labelledby="invite-title">
        <h2 id="invite-title">Invite a member</h2>
        <p>
          They get an e-mail with a set-up link that works once, for 24 hours: they choose a
          password, then set up an authenticator app.
        </p>
        <ValidatedForm
          validator={inviteStaffFormValidator}
          method="post"
          id={INVITE_FORM_ID}
          noValidate
          className="form"
        >
          <CsrfInput />
          <FocusFirstError formId={INVITE_FORM_ID} />
          <TextField name="name" label="Name" autoComplete="off" maxLength={100} />
          <TextField
            name="email"
            label="E-mail address"
            type="email"
            autoComplete="off"
            inputMode="email"
            spellCheck={false}
          />
          <SelectField
            name="role"
            label="Role"
            options={ROLE_OPTIONS}
            placeholder="Choose a role"
            hint="Owner: everything, with this page. Support: orders, refunds, customers. Packer: packing day. Editor: content."
          />
          <FormSubmit>Send the invitation</FormSubmit>
        </ValidatedForm>
      </section>
    </AdminPage>
  );
}
