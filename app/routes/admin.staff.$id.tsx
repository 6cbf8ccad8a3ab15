// /admin/staff/{id}: one member of staff, for the owner (issue 44, decision 064): change the role,
// disable or enable, reset the second factor, send the invitation again. Each is a POST with its
// audit entry; disabling and resetting ask to confirm first (a step in the page, without JS too).
// The last enabled owner can be neither demoted nor disabled: the page says so instead of a 500.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { ValidatedForm } from "~/components/validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { ROLE_LABELS, STAFF_ROLES, type StaffRole } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { staffPath, StaffStatusBadge } from "~/admin/staff/components";
import { changeRoleFormValidator } from "~/admin/staff/form-validators";
import { RECOVERY_CODE_COUNT } from "~/staff/recovery-code-format";
import { ROLE_FORM_ID, type MemberIntent } from "~/admin/staff/staff-schema";
import { staffMember } from "~/admin/staff/staff.server";
import { staffMemberAction } from "~/admin/staff/staff-member-actions.server";
import { ConfirmStep } from "~/components/confirm-step";
import { CsrfInput } from "~/components/csrf-input";
import { FormError, FormSubmit, SelectField } from "~/components/forms";
import { readForm } from "~/security/csrf.server";
import staffHref from "~/styles/admin-staff.css";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.member.name ?? "Member of staff"} | Staff | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: staffHref }];

function idOf(params: { id?: string }) {
  const id = /^\d{1,12}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!Number.isSafeInteger(id)) throw new Response("Not found", { status: 404 });
  return id;
}

const DONE = {
  invited: "Invitation sent. The set-up link works once, for 24 hours.",
  role: "Role changed. The member's back-office sessions ended: they sign in again.",
  disable: "Member disabled. Their back-office sessions ended and they cannot sign in.",
  enable: "Member enabled. They can sign in again.",
  reset_second_factor:
    "Second factor reset: the authenticator and the recovery codes no longer work, and the member's sessions ended. They set up an authenticator at their next sign-in.",
  resend_invite: "Invitation sent again. Older set-up links no longer work.",
  unchanged: "Nothing changed: the member was already like that.",
} as const;
type Done = keyof typeof DONE;

const CONFIRMS = ["disable", "reset_second_factor"] as const;
type Confirm = (typeof CONFIRMS)[number];

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context, "staff");
  const member = await staffMember(idOf(params));
  if (!member) throw new Response("Not found", { status: 404 });
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  const confirm = search.get("confirm");
  return data(
    {
      member,
      self: member.id === staff.id,
      done: done && done in DONE ? (done as Done) : null,
      confirm: (CONFIRMS as readonly string[]).includes(confirm ?? "")
        ? (confirm as Confirm)
        : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "staff");
  const id = idOf(params);
  return staffMemberAction({ staff, id, form: await readForm(request), request });
}

const ROLE_OPTIONS = STAFF_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

type Member = ReturnType<typeof useLoaderData<typeof loader>>["member"];

export default function StaffMemberPage() {
  const { member, self, done, confirm } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as { formError?: string } | undefined;
  return (
    <AdminPage
      title={member.name}
      lead={
        <>
          {member.email} · {ROLE_LABELS[member.role as StaffRole]} ·{" "}
          <StaffStatusBadge status={member.status} />
        </>
      }
      actions={
        <Link to="/admin/staff" className="button button--quiet">
          All staff
        </Link>
      }
    >
      {done ? (
        <p className="form-alert form-alert--success" role="status" id="status" tabIndex={-1}>
          {DONE[done]}
        </p>
      ) : null}
      <FormError message={actionData?.formError} />
      <SignInFacts member={member} />
      <section className="admin-section" aria-labelledby="actions-title">
        <h2 id="actions-title">Actions</h2>
        <div className="staff-actions">
          <RoleForm member={member} />
          <DisableCard member={member} self={self} confirming={confirm === "disable"} />
          {member.enrolled ? (
            <ResetCard member={member} confirming={confirm === "reset_second_factor"} />
          ) : null}
          {member.status === "invited" ? (
            <Form method="post" className="admin-card">
              <CsrfInput />
              <p>Sends a new set-up link to {member.email}; older links stop working.</p>
              <IntentButton
                intent="resend_invite"
                label="Send the invitation again"
                pending="Sending…"
              />
            </Form>
          ) : null}
        </div>
      </section>
    </AdminPage>
  );
}

function SignInFacts({ member }: { member: Member }) {
  return (
    <section className="admin-card" aria-labelledby="facts-title">
      <h2 id="facts-title">Sign-in</h2>
      <dl className="admin-facts">
        <dt>Status</dt>
        <dd>
          <StaffStatusBadge status={member.status} />
          {member.status === "invited" ? " (has not chosen a password yet)" : null}
        </dd>
        <dt>Authenticator</dt>
        <dd>{member.enrolled ? "Set up" : "Not set up: set up at the next sign-in"}</dd>
        <dt>Recovery codes left</dt>
        <dd>
          {member.enrolled ? `${member.recoveryCodesLeft} of ${RECOVERY_CODE_COUNT}` : "None"}
        </dd>
      </dl>
    </section>
  );
}

function RoleForm({ member }: { member: Member }) {
  return (
    <ValidatedForm
      validator={changeRoleFormValidator}
      method="post"
      id={ROLE_FORM_ID}
      noValidate
      className="admin-card form"
      defaultValues={{ role: member.role }}
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="role" />
      <SelectField
        name="role"
        label="Role"
        options={ROLE_OPTIONS}
        hint="The member's sessions end: they sign in again with the new role."
      />
      <FormSubmit variant="secondary" formId={ROLE_FORM_ID}>
        Change the role
      </FormSubmit>
    </ValidatedForm>
  );
}

/** A button posting its `intent`, showing `pending` while that intent is on its way (once: a second press waits). */
function IntentButton({
  intent,
  label,
  pending,
  danger = false,
}: {
  intent: MemberIntent;
  label: string;
  pending: string;
  danger?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      className={`button ${danger ? "button--primary staff-danger" : "button--secondary"}`}
      aria-disabled={busy ? true : undefined}
      onClick={(e) => busy && e.preventDefault()}
    >
      {busy === intent ? pending : label}
    </button>
  );
}

function DisableCard({
  member,
  self,
  confirming,
}: {
  member: Member;
  self: boolean;
  confirming: boolean;
}) {
  const here = staffPath(member.id);
  if (member.status === "disabled")
    return (
      <div className="admin-card">
        <Form method="post">
          <CsrfInput />
          <p>Disabled: the member cannot sign in. Enabling lets them sign in again.</p>
          <IntentButton intent="enable" label="Enable" pending="Enabling…" />
        </Form>
      </div>
    );
  return (
    <div className="admin-card">
      {confirming ? (
        <ConfirmStep titleId="confirm-disable" title={`Disable ${member.name}?`}>
          <p>
            {self ? "You will be signed out at once. " : ""}Their back-office sessions end and they
            cannot sign in until an owner enables them again. Nothing is deleted.
          </p>
          <Form method="post">
            <CsrfInput />
            <IntentButton intent="disable" label="Yes, disable" pending="Disabling…" danger />{" "}
            <Link to={here} className="button button--quiet">
              Keep enabled
            </Link>
          </Form>
        </ConfirmStep>
      ) : (
        <>
          <p>Disabling stops every sign-in of the member at once, and keeps their history.</p>
          <Link to={`${here}?confirm=disable#confirm-disable`} className="button button--secondary">
            Disable…
          </Link>
        </>
      )}
    </div>
  );
}

function ResetCard({ member, confirming }: { member: Member; confirming: boolean }) {
  const here = staffPath(member.id);
  return (
    <div className="admin-card">
      {confirming ? (
        <ConfirmStep titleId="confirm-reset" title={`Reset ${member.name}'s second factor?`}>
          <p>
            Their authenticator and recovery codes stop working and their sessions end. They set up
            a new authenticator at their next sign-in.
          </p>
          <Form method="post">
            <CsrfInput />
            <IntentButton
              intent="reset_second_factor"
              label="Yes, reset"
              pending="Resetting…"
              danger
            />{" "}
            <Link to={here} className="button button--quiet">
              Keep it
            </Link>
          </Form>
        </ConfirmStep>
      ) : (
        <>
          <p>For a lost phone: the member sets up an authenticator again.</p>
          <Link
            to={`${here}?confirm=reset_second_factor#confirm-reset`}
            className="button button--secondary"
          >
            Reset second factor…
          </Link>
        </>
      )}
    </div>
  );
}
