// /admin/recovery-codes: the 10 recovery codes of a new enrolment, shown once (issue 44): the page
// takes them from the staff session as it shows them, so a reload shows how many are left instead.
// Any member of staff may make a new set here (the old ones stop working); that is audited. The
// button posts no field, so its form stays a plain <Form> (decision 075).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useLoaderData, useNavigation } from "@remix-run/react";
import { AdminPage } from "~/admin/components/admin-page";
import { homeOf } from "~/staff/permissions";
import { RECOVERY_CODE_COUNT } from "~/staff/recovery-code-format";
import { makeNewRecoveryCodes, recoveryCodesLeftOf } from "~/admin/staff/staff.server";
import {
  requireStaff,
  setRecoveryReveal,
  takeRecoveryReveal,
  type Staff,
} from "~/staff/staff-session.server";
import { dispatchIntent } from "~/http/intents.server";
import { CsrfInput } from "~/components/csrf-input";
import { readForm } from "~/security/csrf.server";

export const meta: MetaFunction = () => [{ title: "Recovery codes | Back office" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  const codes = await takeRecoveryReveal(request);
  const left = await recoveryCodesLeftOf(staff.id);
  return data(
    { codes, left, home: homeOf(staff.role) },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** "Make 10 new codes": the old ones stop working; the page shows the new ones once. */
async function makeNewCodes(request: Request, staff: Staff) {
  const codes = await makeNewRecoveryCodes(staff);
  await setRecoveryReveal(request, codes);
  return redirect("/admin/recovery-codes#codes", 303);
}

export async function action({ request, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context);
  return dispatchIntent(await readForm(request), { new: makeNewCodes }, request, staff);
}

export default function RecoveryCodes() {
  const { codes, left, home } = useLoaderData<typeof loader>();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("intent") === "new";
  return (
    <AdminPage
      title="Recovery codes"
      lead="Each code signs you in once without your authenticator app, for a lost or broken phone."
    >
      {codes ? (
        <section className="admin-card" aria-labelledby="codes-title" id="codes" tabIndex={-1}>
          <h2 id="codes-title">Your {codes.length} new recovery codes</h2>
          <p className="form-alert form-alert--info" role="status">
            Save them now, somewhere safe and apart from your phone (a password manager, or
            printed). This page shows them only this once; we keep no copy we could show again.
          </p>
          <ol className="staff-recovery-codes" aria-label="Recovery codes">
            {codes.map((c) => (
              <li key={c}>
                <code>{c}</code>
              </li>
            ))}
          </ol>
          <p>
            <Link to={home} className="button button--primary">
              I have saved them: continue
            </Link>
          </p>
        </section>
      ) : (
        <section className="admin-card" aria-labelledby="left-title">
          <h2 id="left-title">
            {left} of {RECOVERY_CODE_COUNT} codes left
          </h2>
          <p>
            Codes are shown once, when they are made. If you lost yours, or have few left, make a
            new set: the old codes stop working.
          </p>
          <Form method="post">
            <CsrfInput />
            <input type="hidden" name="intent" value="new" />
            <button
              type="submit"
              className="button button--secondary"
              aria-disabled={busy ? true : undefined}
              onClick={(e) => busy && e.preventDefault()}
            >
              {busy ? "Making codes…" : "Make 10 new codes"}
            </button>
          </Form>
        </section>
      )}
    </AdminPage>
  );
}
