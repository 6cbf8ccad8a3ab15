// /admin/catalogue/boxes/{id} (owner, "catalogue"): a box's sizes (price, and for the custom box how
// many cuts may be chosen) and, for a curated box, its contents for this month and next month. Next
// month's go live on the 1st (Sydney time): the shop shows the latest month that has begun.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { boxDetail, saveBoxSizes, saveContents } from "~/admin/catalogue/catalogue.server";
import { monthLabel } from "~/catalogue/months";
import {
  boxPath,
  CATALOGUE_PATH,
  dollarsOf,
  Done,
  PriceHistory,
  Refusal,
  SubmitButton,
  type FormRefusal,
} from "~/admin/catalogue/components";
import { MAX_CONTENT_LINES } from "~/admin/catalogue/catalogue-schema";
import { AdminPage } from "~/admin/components/admin-page";
import { formatAud } from "~/admin/format";
import { requireStaff } from "~/staff/staff-session.server";
import { CsrfInput } from "~/components/csrf-input";
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

export async function action({ request, context, params }: ActionFunctionArgs) {
  const staff = await requireStaff(request, context, "catalogue");
  const id = idOf(params.packageId);
  const form = await readForm(request);
  const intent = form.get("intent");
  if (intent !== "sizes" && intent !== "contents")
    return data<{ refusal: FormRefusal }>(
      {
        refusal: {
          intent: "sizes",
          message: "This form is out of date. Please reload the page.",
          values: {},
          field: null,
        },
      },
      { status: 400 },
    );
  const outcome =
    intent === "sizes" ? await saveBoxSizes(staff, id, form) : await saveContents(staff, id, form);
  if (!outcome.ok) {
    if (outcome.status === 404) throw new Response("Not found", { status: 404 });
    const { status, ok: _ok, ...refusal } = outcome;
    return data<{ refusal: FormRefusal }>({ refusal: { intent, ...refusal } }, { status });
  }
  return redirect(`${boxPath(id)}?done=${intent}#status`, 303);
}

export default function BoxPage() {
  const { box, sizes, contents, done } = useLoaderData<typeof loader>();
  const refusal = useActionData<typeof action>()?.refusal ?? null;
  const sizesRefusal = refusal?.intent === "sizes" ? refusal : null;
  const typed = sizesRefusal?.values;
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
      <section className="admin-card" aria-labelledby="sizes-title">
        <h2 id="sizes-title">Sizes and prices</h2>
        <p className="admin-muted">
          A new price applies to orders placed from now on, and to renewals whose reminder has not
          gone out yet; a subscriber whose box will cost more is told in that reminder.
        </p>
        <Form method="post" className="form">
          <CsrfInput />
          <div className="catalogue-sizes-form">
            {sizes.map((s) => (
              <fieldset key={s.id} className="field catalogue-size">
                <legend className="field__label">
                  {s.fullName}
                  {s.active ? "" : " (not sold)"}
                </legend>
                <div
                  className="field"
                  data-invalid={sizesRefusal?.field === `price-${s.id}` || undefined}
                >
                  <label className="field__label" htmlFor={`price-${s.id}`}>
                    Price (AUD)
                  </label>
                  <input
                    className="field__input"
                    id={`price-${s.id}`}
                    name={`price-${s.id}`}
                    inputMode="decimal"
                    autoComplete="off"
                    required
                    defaultValue={typed?.[`price-${s.id}`] ?? dollarsOf(s.priceCents)}
                    aria-invalid={sizesRefusal?.field === `price-${s.id}` || undefined}
                    aria-describedby={
                      sizesRefusal?.field === `price-${s.id}` ? "refusal" : undefined
                    }
                  />
                </div>
                {s.hasMaximum ? (
                  <div
                    className="field"
                    data-invalid={sizesRefusal?.field === `max-${s.id}` || undefined}
                  >
                    <label className="field__label" htmlFor={`max-${s.id}`}>
                      Most cuts a shopper may choose
                    </label>
                    <input
                      className="field__input"
                      id={`max-${s.id}`}
                      name={`max-${s.id}`}
                      inputMode="numeric"
                      autoComplete="off"
                      required
                      defaultValue={typed?.[`max-${s.id}`] ?? String(s.selectionMaximum ?? "")}
                      aria-invalid={sizesRefusal?.field === `max-${s.id}` || undefined}
                      aria-describedby={
                        sizesRefusal?.field === `max-${s.id}` ? "refusal" : undefined
                      }
                    />
                  </div>
                ) : null}
                {s.history.length ? (
                  <p className="field__hint">
                    Last change: {formatAud(s.history[0].oldCents)} to{" "}
                    {formatAud(s.history[0].newCents)}
                  </p>
                ) : null}
              </fieldset>
            ))}
          </div>
          <Refusal refusal={sizesRefusal} />
          <div>
            <SubmitButton intent="sizes" label="Save the sizes" pendingLabel="Saving…" />
          </div>
        </Form>
        <details className="catalogue-history">
          <summary>Price history</summary>
          {sizes.map((s) => (
            <PriceHistory key={s.id} history={s.history} caption={`${s.fullName}: price changes`} />
          ))}
        </details>
      </section>

      {contents ? (
        <div className="catalogue-months">
          <ContentsForm
            month={contents.thisMonth}
            title={`This month: ${monthLabel(contents.thisMonth)}`}
            hint={
              contents.shownMonth && contents.shownMonth !== contents.thisMonth
                ? `The shop shows ${monthLabel(contents.shownMonth)}'s contents until this month's are saved.`
                : "What the shop shows now."
            }
            lines={contents.current}
            refusal={
              refusal?.intent === "contents" && refusal.values.month === contents.thisMonth
                ? refusal
                : null
            }
          />
          <ContentsForm
            month={contents.nextMonth}
            title={`Next month: ${monthLabel(contents.nextMonth)}`}
            hint={
              contents.nextPrepared
                ? `Prepared: the shop shows these from 1 ${monthLabel(contents.nextMonth)} (Sydney time).`
                : `Not prepared yet: this month's contents are filled in to start from. Nothing changes until you save; once saved, they go live on 1 ${monthLabel(contents.nextMonth)} (Sydney time).`
            }
            lines={contents.nextPrepared ? contents.next : contents.current}
            refusal={
              refusal?.intent === "contents" && refusal.values.month === contents.nextMonth
                ? refusal
                : null
            }
          />
        </div>
      ) : null}
    </AdminPage>
  );
}

function ContentsForm({
  month,
  title,
  hint,
  lines,
  refusal,
}: {
  month: string;
  title: string;
  hint: string;
  lines: { item: string; quantity: string }[];
  refusal: FormRefusal | null;
}) {
  const rows = Math.min(MAX_CONTENT_LINES, Math.max(lines.length + 3, 6));
  const typed = refusal?.values;
  return (
    <section className="admin-card" aria-labelledby={`contents-${month}`}>
      <h2 id={`contents-${month}`}>{title}</h2>
      <p className="admin-muted">{hint}</p>
      <Form method="post" className="form">
        <CsrfInput />
        <input type="hidden" name="month" value={month} />
        <table className="admin-table catalogue-contents">
          <caption className="visually-hidden">{title}: the box&rsquo;s contents</caption>
          <thead>
            <tr>
              <th scope="col">Item</th>
              <th scope="col">Quantity</th>
            </tr>
          </thead>
          <tbody>
            {Array.from({ length: rows }, (_, n) => (
              <tr key={n}>
                <td>
                  <input
                    className="field__input"
                    name={`item-${n}`}
                    aria-label={`Line ${n + 1}: item`}
                    maxLength={120}
                    defaultValue={typed ? (typed[`item-${n}`] ?? "") : (lines[n]?.item ?? "")}
                  />
                </td>
                <td>
                  <input
                    className="field__input"
                    name={`quantity-${n}`}
                    aria-label={`Line ${n + 1}: quantity`}
                    maxLength={60}
                    defaultValue={
                      typed ? (typed[`quantity-${n}`] ?? "") : (lines[n]?.quantity ?? "")
                    }
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <p className="field__hint">Leave a line empty to remove it.</p>
        <Refusal refusal={refusal} />
        <div>
          <SubmitButton
            intent="contents"
            label={`Save ${monthLabel(month)}'s contents`}
            pendingLabel="Saving…"
          />
        </div>
      </Form>
    </section>
  );
}
