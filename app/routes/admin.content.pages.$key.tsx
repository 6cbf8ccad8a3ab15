// /admin/content/pages/{key}: a legal page's heading and text, in Markdown (issue 37): the privacy
// policy, the terms, the refund and returns policy.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { ValidatedForm } from "~/components/validated-form";
import { AdminPage } from "~/admin/components/admin-page";
import { legalFormValidator } from "~/admin/content/form-validators";
import {
  getLegalForEdit,
  isLegalKey,
  LEGAL_PAGES,
  saveLegalPage,
} from "~/admin/content/pages.server";
import { PRIVATE_HEADERS } from "~/admin/content/route-helpers";
import { formIdOf } from "~/content/labels";
import { legalValidator } from "~/admin/content/content-schema";
import { formatStaffTime } from "~/admin/format";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
import { FocusFirstError, FormSubmit, TextAreaField, TextField } from "~/components/forms";
import { readForm } from "~/security/csrf.server";
import contentHref from "~/styles/admin-content.css";

const FORM_ID = "legal-form";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.page.label ?? "Legal page"} | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: contentHref }];

function pageOf(key: string | undefined) {
  const page = LEGAL_PAGES.find((p) => p.key === key);
  if (!page || !isLegalKey(page.key)) throw new Response("Not found", { status: 404 });
  return page;
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  await requireStaff(request, context, "content");
  const page = pageOf(params.key);
  const stored = await getLegalForEdit(page.key);
  if (!stored) throw new Response("Not found", { status: 404 });
  const saved = new URL(request.url).searchParams.get("saved") === "1";
  return data({ page, stored, saved }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, params, context }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "content");
  const page = pageOf(params.key);
  const result = await legalValidator.validate(await readForm(request));
  if (result.error) return validationError(result.error, result.submittedData);
  if (!(await saveLegalPage(staff, page.key, result.data)))
    throw new Response("Not found", { status: 404 });
  return redirect(`/admin/content/pages/${page.key}?saved=1#saved`, 303);
}

export default function LegalPageEdit() {
  const { page, stored, saved } = useLoaderData<typeof loader>();
  const formId = formIdOf(FORM_ID, stored.updatedAt);
  return (
    <AdminPage
      title={page.label}
      lead={
        <>
          On the site at <a href={page.path}>{page.path}</a>. Last saved{" "}
          {formatStaffTime(stored.updatedAt)}.
        </>
      }
      actions={
        <Link to="/admin/content" className="button button--quiet">
          All content
        </Link>
      }
    >
      {saved ? (
        <p className="form-alert form-alert--success" role="status" id="saved" tabIndex={-1}>
          Saved. It shows on the site within a few seconds.
        </p>
      ) : null}
      <ValidatedForm
        key={stored.updatedAt}
        validator={legalFormValidator}
        method="post"
        id={formId}
        noValidate
        defaultValues={{ header: stored.header, content: stored.content }}
        className="form content-form"
      >
        <CsrfInput />
        <FocusFirstError formId={formId} />
        <TextField name="header" label="Heading" maxLength={200} autoComplete="off" />
        <TextAreaField
          name="content"
          label="Text (Markdown)"
          hint="Headings (## Heading), lists (- item), links ([words](/faq)), *emphasis* and **bold**. Older text in HTML keeps working."
          rows={24}
          className="content-form__body"
        />
        <div className="content-form__actions">
          <FormSubmit formId={formId}>Save {page.label.toLowerCase()}</FormSubmit>
        </div>
      </ValidatedForm>
    </AdminPage>
  );
}
