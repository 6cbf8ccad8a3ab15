// The Give tab (also /gift-cards): choose a preset or custom amount; Continue
// keeps it in the giftCardAmount cookie (cents, 1 day) and goes to personalise.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { amountCookie } from "~/gift-cards/cookie.server";
import { AmountForm } from "~/gift-cards/components/amount-form";
import { giveData } from "~/gift-cards/pages.server";
import { resolveAmount } from "~/gift-cards/rules";
import { readForm } from "~/security/csrf.server";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Gift cards",
    "Give a Paddock & Tide gift card: choose an amount, add a message and pick the day it arrives by e-mail.",
  );

export async function loader({ request }: LoaderFunctionArgs) {
  return giveData(request);
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const amount = String(formData.get("amount") ?? "");
  const customAmount = String(formData.get("customAmount") ?? "").slice(0, 20);
  const result = resolveAmount(amount, customAmount);
  if ("error" in result)
    return data(
      { error: result.error, submitted: { amount: amount || "custom", customAmount } },
      { status: 422 },
    );
  return redirect("/gift-cards/personalise", {
    status: 303,
    headers: { "Set-Cookie": amountCookie(result.cents) },
  });
}

export default function Give() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>();
  return (
    <section aria-labelledby="give-title" className="gift-panel">
      <h2 id="give-title" className="gift-panel__title">
        Choose the amount
      </h2>
      <AmountForm {...d} error={a?.error} submitted={a?.submitted} />
    </section>
  );
}
