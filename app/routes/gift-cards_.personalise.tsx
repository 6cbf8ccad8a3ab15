// /gift-cards/personalise: who the card is from and for, the message and the
// delivery day; 'Proceed to checkout' keeps them in personalizeGiftCardValues
// (1 day). Without an amount the person goes back to /gift-cards.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { getUser } from "~/accounts/session.server";
import { personaliseCookie } from "~/gift-cards/cookie.server";
import { GiftFlowPage } from "~/gift-cards/components/gift-flow-page";
import { PersonaliseForm } from "~/gift-cards/components/personalise-form";
import {
  expiresLabel,
  personaliseContext,
  personaliseDefaults,
  requireAmount,
} from "~/gift-cards/pages.server";
import type { PersonaliseValues } from "~/gift-cards/schemas";
import { PERSONALISE_FIELDS, personaliseValidator } from "~/gift-cards/validators.server";
import { readForm } from "~/security/csrf.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";
import giftCardsHref from "~/styles/gift-cards.css";

export const meta: MetaFunction = () =>
  pageMeta(
    "Personalise your gift card",
    "Add the names, a message and the day your gift card arrives by e-mail.",
  );
export const links = () => [{ rel: "stylesheet", href: giftCardsHref }];

export async function loader({ request }: LoaderFunctionArgs) {
  const state = await requireAmount(request);
  const user = await getUser(request);
  return {
    amountCents: state.amountCents,
    bonusCents: state.bonusCents,
    ctx: personaliseContext(state),
    defaults: personaliseDefaults(request, user, state.today),
    expiresLabel: expiresLabel(state.today),
    recheck: new URL(request.url).searchParams.has("check"),
  };
}

export async function action({ request }: ActionFunctionArgs) {
  const formData = await readForm(request);
  const state = await requireAmount(request);
  const result = await personaliseValidator(personaliseContext(state)).validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  const values: PersonaliseValues = {};
  for (const key of PERSONALISE_FIELDS) {
    const v = formData.get(key);
    if (typeof v === "string") values[key] = v.trim();
  }
  return redirect("/gift-cards/checkout", {
    status: 303,
    headers: { "Set-Cookie": personaliseCookie(values) },
  });
}

export default function Personalise() {
  const d = useLoaderData<typeof loader>();
  useActionData<typeof action>();
  return (
    <GiftFlowPage
      step="personalise"
      title="Personalise your gift card"
      intro={
        <p>
          A {formatAud(d.amountCents)} gift card
          {d.bonusCents > 0 ? `, plus a ${formatAud(d.bonusCents)} bonus card` : ""}. We e-mail it
          on the day you choose.
        </p>
      }
    >
      {d.recheck ? (
        <div className="form-alert form-alert--info gift-alert" role="status">
          <p>Please check your details: a delivery date may have passed since you chose it.</p>
        </div>
      ) : null}
      <PersonaliseForm
        ctx={d.ctx}
        defaults={d.defaults}
        amountCents={d.amountCents}
        bonusCents={d.bonusCents}
        expiresLabel={d.expiresLabel}
      />
    </GiftFlowPage>
  );
}
