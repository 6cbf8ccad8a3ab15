// /admin: the back office's frame. Its loader gives the header the member of staff and the sections
// their role may open; every page below still guards itself (requireStaff in each loader and action).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useRouteError, isRouteErrorResponse } from "@remix-run/react";
import { sectionsFor } from "~/admin/navigation";
import { ROLE_LABELS } from "~/staff/permissions";
import { requireStaff } from "~/staff/staff-session.server";
import { ErrorState } from "~/components/layout/error-state";
import adminHref from "~/styles/admin.css";

export const links = () => [{ rel: "stylesheet", href: adminHref }];

export const handle = { backOffice: true };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const staff = await requireStaff(request, context);
  return {
    staff: {
      firstName: staff.firstName,
      email: staff.email,
      role: staff.role,
      roleLabel: ROLE_LABELS[staff.role],
    },
    sections: sectionsFor(staff.role),
  };
}

export type BackOfficeData = Awaited<ReturnType<typeof loader>>;

export default function BackOffice() {
  return (
    <div className="admin container">
      <Outlet />
    </div>
  );
}

/** A page below that answers 403 or 404 keeps the back office's frame; a plain message, no detail. */
export function ErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (status === 403)
    return (
      <div className="admin container">
        <section className="admin-page" aria-labelledby="error-title" data-state="forbidden">
          <h1 id="error-title" className="admin-page__title">
            Not allowed
          </h1>
          <p>Your role does not include this page or action. Nothing was changed.</p>
        </section>
      </div>
    );
  return <ErrorState status={status} />;
}
