// The Activate tab: /gift-cards/activate and /gift-cards/activate/{code} (the
// e-mail's link). Signed in, the code is claimed at once; signed out, it waits
// in the giftCardActivationCode cookie while the person signs in here, and
// sign-in brings them back to /gift-cards/activate/{code}.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { validationError } from "remix-validated-form";
import { afterSignInPath } from "~/accounts/sign-in.server";
import { getUser } from "~/accounts/session.server";
import { activateGiftCard, claimedCardOf } from "~/gift-cards/claim.server";
import {
  GIFT_CARD_ACTIVATION_COOKIE,
  activationCodeCookie,
  clearCookie,
  giftCardActivationCode,
} from "~/gift-cards/cookie.server";
import {
  ActivateForm,
  ActivatedDialog,
  LAND,
  RefusedDialog,
  SIGN_IN_ID,
  SignInToClaim,
  type ActivateActionData,
} from "~/gift-cards/components/activate-panel";
import { ACTIVATION_MESSAGES, formatCode, formatDay, normaliseCode } from "~/gift-cards/rules";
import { activateValidator } from "~/gift-cards/validators.server";
import { signInHere } from "~/gift-cards/sign-in.server";
import { creditBalance } from "~/orders/credit.server";
import { readForm } from "~/security/csrf.server";
import { RateLimitedError, getClientIp } from "~/security/rate-limit.server";
import { formatAud } from "~/utils/money";
import { pageMeta } from "~/utils/meta";

export const meta: MetaFunction = () =>
  pageMeta(
    "Activate a gift card",
    "Activate your Paddock & Tide gift card: its value becomes credit on your account.",
  );

/** What the cookie and URL keep of a typed code: upper case, groups of four, nothing else. */
const cleanCode = (raw: string) =>
  formatCode(normaliseCode(raw).replace(/[^A-Z0-9]/g, "")).slice(0, 63);

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await getUser(request);
  const url = new URL(request.url);
  const code = params.code ? cleanCode(params.code) : (giftCardActivationCode(request) ?? "");
  const activated = url.searchParams.get("activated");
  const claimed =
    user && activated ? await claimedCardOf({ userId: user.id, cardId: Number(activated) }) : null;
  return {
    signedIn: Boolean(user),
    email: user?.email ?? null,
    code,
    balanceCents: user?.passwordHash ? await creditBalance({ userId: user.id }) : null,
    activated: claimed
      ? {
          last4: claimed.codeLast4,
          valueCents: claimed.valueCents,
          expires: claimed.expiresOn ? formatDay(claimed.expiresOn) : null,
        }
      : null,
    // signed out with a code waiting: ask to sign in straight away
    waiting: !user && Boolean(giftCardActivationCode(request)),
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  const formData = await readForm(request);
  if (formData.get("intent") === "sign-in")
    return signInHere(request, context, formData, SIGN_IN_ID, (r) =>
      afterSignInPath(r, "/gift-cards/activate"),
    );
  const result = await activateValidator.validate(formData);
  if (result.error) return validationError(result.error, result.submittedData);
  const code = cleanCode(result.data.code);
  const user = await getUser(request);
  if (!user) {
    return data(
      { signInNeeded: true, code },
      { status: 401, headers: { "Set-Cookie": activationCodeCookie(code) } },
    );
  }
  const clear = { "Set-Cookie": clearCookie(GIFT_CARD_ACTIVATION_COOKIE) };
  try {
    const claim = await activateGiftCard({
      userId: user.id,
      code,
      ip: getClientIp(request, context),
    });
    // the card's id, not its code: the address stays in the history and the request log
    if (claim.ok)
      return redirect(`/gift-cards/activate?activated=${claim.card.id}${LAND}`, {
        status: 303,
        headers: clear,
      });
    const message =
      claim.reason === "expired" && claim.expiresOn
        ? `Sorry, this gift card expired on ${formatDay(claim.expiresOn)}.`
        : ACTIVATION_MESSAGES.failed;
    return data({ failed: message, code }, { status: 404, headers: clear });
  } catch (error) {
    if (error instanceof RateLimitedError)
      return data(
        { failed: error.message, code },
        { status: 429, headers: { ...clear, "Retry-After": String(error.retryAfterSeconds) } },
      );
    throw error;
  }
}

export default function Activate() {
  const d = useLoaderData<typeof loader>();
  const a = useActionData<typeof action>() as ActivateActionData | undefined;
  const askSignIn = !d.signedIn && (a?.signInNeeded || a?.formId === SIGN_IN_ID || d.waiting);
  return (
    <section aria-labelledby="activate-title" className="gift-panel gift-activate">
      <div className="gift-activate__main">
        <h2 id="activate-title" className="gift-panel__title">
          Activate a gift card
        </h2>
        <p className="gift-panel__intro">
          Enter the code from your gift card e-mail. Its value becomes credit on your account and
          comes off your next orders.
        </p>
        {d.balanceCents !== null ? (
          <p className="gift-activate__balance">
            Your credit balance:{" "}
            <strong className="price" data-testid="credit-balance">
              {formatAud(d.balanceCents)}
            </strong>
          </p>
        ) : null}
        {/* Before the form: without JS they are rendered open in the page, and this puts the answer
            first where the page lands (LAND); with JS they are modals, which hand focus back to the
            code field as they close (the form is re-rendered by the answer, so the opener is gone). */}
        <ActivatedDialog activated={d.activated} balanceCents={d.balanceCents} />
        <RefusedDialog message={a?.failed} />
        <ActivateForm code={a?.code ?? d.code} activated={Boolean(d.activated)} />
      </div>
      {askSignIn ? <SignInToClaim error={a?.formId === SIGN_IN_ID ? a.formError : null} /> : null}
    </section>
  );
}
