// /admin/catalogue/boxes/{id} (owner, "catalogue"): a box's sizes (price, and for the custom box how
// many cuts may be chosen) and, for a curated box, its contents for this month and next month. Next
// month's go live on the 1st (Sydney time): the shop shows the latest month that has begun.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { boxDetail, saveBoxSizes, saveContents } from "~/admin/catalogue/boxes.server";
import { boxSizesValidator, contentsValidator } from "~/admin/catalogue/catalogue-schema";
import {
  BoxSizesForm,
  ContentsForms,
  SIZES_FORM_ID,
  contentsFormId,
} from "~/admin/catalogue/box-forms";
import { boxPath, CATALOGUE_PATH, Done } from "~/admin/catalogue/components";
import { AdminPage } from "~/admin/components/admin-page";
import { refuse } from "~/admin/form-refusal.server";
import { dispatchIntent } from "~/http/intents.server";
import { requireStaff, type Staff } from "~/staff/staff-session.server";
import { readForm } from "~/security/csrf.server";
import catalogueHref from "~/styles/admin-catalogue.css";

export const meta: MetaFunction<typeof loader> = ({ data: d }) => [
  { title: `${d?.box.fullName ?? "Box"} | Catalogue | Back office` },
];
export const links = () => [{ rel: "stylesheet", href: catalogueHref }];

const idOf = (param: string | undefined) => {
  const id = /^\d{1,9}$/.test(param ?? "") ? Number(param) : null;
  if (id === null) throw new Response("Not found", { status: 404 });
  return id;
};

const DONE: Record<string, string> = {
  sizes: "The sizes were saved. New orders pay the new prices now.",
  contents: "The contents were saved.",
};

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  await requireStaff(request, context, "catalogue");
  const detail = await boxDetail(idOf(params.packageId));
  if (!detail) throw new Response("Not found", { status: 404 });
  const done = new URL(request.url).searchParams.get("done") ?? "";
  return data(
    { ...detail, done: DONE[done] ?? null },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Intent = (staff: Staff, id: number, form: FormData) => Promise<unknown>;

const saveSizes: Intent = async (staff, id, form) => {
  const checked = await boxSizesValidator.validate(form);
  if (checked.error)
    return validationError({ ...checked.error, formId: SIZES_FORM_ID }, checked.submittedData, {
      status: 400,
    });
  const outcome = await saveBoxSizes(staff, id, form);
  if (!outcome.ok) return refusalOf(outcome, SIZES_FORM_ID);
  return redirect(`${boxPath(id)}?done=sizes#status`, 303);
};

const saveMonth: Intent = async (staff, id, form) => {
  const formId = contentsFormId(String(form.get("month") ?? ""));
  const checked = await contentsValidator.validate(form);
  if (checked.error)
    return validationError({ ...checked.error, formId }, checked.submittedData, { status: 400 });
  const outcome = await saveContents(staff, id, form);
  if (!outcome.ok) return refusalOf(outcome, formId);
  return redirect(`${boxPath(id)}?done=contents#status`, 303);
};

function refusalOf(
  outcome: {
    status: number;
    message: string;
    field: string | null;
    values: Record<string, string>;
  },
  formId: string,
) {
  if (outcome.status === 404) throw new Response("Not found", { status: 404 });
  // a month that is neither this nor next is the form's own error: its field is hidden
  return refuse(formId, outcome, outcome.status, outcome.field === "month" ? [] : undefined);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const id = idOf(params.packageId);
  const form = await readForm(request);
  return dispatchIntent(form, { sizes: saveSizes, contents: saveMonth }, staff, id, form);
}

export default function BoxPage() {
  const { box, sizes, contents, done } = useLoaderData<typeof loader>();
  return (
    <AdminPage
      title={box.fullName}
      lead={box.parentName ? `A ${box.parentName.toLowerCase()}` : "Sold in sizes"}
      actions={
        <Link to={CATALOGUE_PATH} className="button button--quiet">
          The catalogue
        </Link>
      }
    >
      <Done message={done} />
      <BoxSizesForm sizes={sizes} />
      {contents ? <ContentsForms contents={contents} /> : null}
    </AdminPage>
  );
}
