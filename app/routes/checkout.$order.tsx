// /checkout/{order}: pay an order awaiting payment (SPEC §2 "Pay an order").
// {order} is the order's public reference. Works with JavaScript on and off.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { log } from "~/log/log.server";
import { redactLogText } from "~/security/redact.mjs";
import { data } from "@remix-run/node";
import {
  Link,
  useActionData,
  useLoaderData,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { OrderSummary } from "~/orders/components/order-summary";
import { PayOrderForm, type PayActionData } from "~/orders/components/pay-order-form";
// every server helper through one .server module: the browser bundle gets one empty stand-in
import {
  appOrigin,
  getClientIp,
  loadPayOrderPage,
  newIdempotencyKey,
  payAnswer,
  payOrder,
  payOrderContext,
  payOrderValidator,
  payOutcomeAnswer,
  readForm,
  requireUser,
  scrubCardData,
  submittedTotal,
  toMyDeliveries,
} from "~/orders/pay-page.server";
import { pageMeta } from "~/utils/meta";
import ordersHref from "~/styles/orders.css";
import { loaderAndActionHeaders } from "~/http/route-headers";

export const meta: MetaFunction = () =>
  pageMeta(
    "Pay your order",
    "Pay an order awaiting payment with a saved card, a new card or your credit.",
  );

export const links = () => [{ rel: "stylesheet", href: ordersHref }];

// the loader's no-store reaches the response
export const headers = loaderAndActionHeaders;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUser(request);
  // Someone else's order, a paid one, or a failing load: back to my deliveries (SPEC §8).
  const page = await loadPayOrderPage(user, params.order ?? "").catch((error) => {
    log().error({ type: "pay-order-load" }, redactLogText((error as Error).message));
    return null;
  });
  if (!page) throw toMyDeliveries();
  return data(
    { ...page, idempotencyKey: newIdempotencyKey() },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// A refusal (4xx) leaves the loader alone, except when what the page shows is out of date (decision 036).
export const shouldRevalidate: ShouldRevalidateFunction = ({
  actionResult,
  defaultShouldRevalidate,
}) => defaultShouldRevalidate || Boolean((actionResult as PayActionData | undefined)?.reload);

export async function action({ request, params, context }: ActionFunctionArgs) {
  const user = await requireUser(request);
  const formData = await readForm(request);
  const reference = params.order ?? "";
  const ctx = await payOrderContext(user, reference);
  if (!ctx) throw toMyDeliveries();
  const result = await payOrderValidator(ctx).validate(formData);
  const refill = scrubCardData(result.submittedData as Record<string, unknown>);
  // a passed delivery or a total that moved is said before any field error: the page shows the form of another order
  const refused = ctx.refusal(
    result.data?.expectedTotalCents ?? submittedTotal(result.submittedData),
  );
  if (refused) return payOutcomeAnswer(refused, refill);
  if (result.error) return payAnswer({ fieldErrors: result.error.fieldErrors }, refill, 422);
  const outcome = await payOrder({
    user,
    reference,
    ...result.data,
    origin: appOrigin(request),
    clientIp: getClientIp(request, context),
  });
  return payOutcomeAnswer(outcome, refill, result.data.idempotencyKey);
}

export default function PayOrder() {
  const d = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>() as PayActionData | undefined;
  if (d.kind === "passed") {
    return (
      <section className="pay container" aria-labelledby="pay-title">
        <header className="pay__header pay__passed">
          <p className="eyebrow">Order {d.reference}</p>
          <h1 id="pay-title">This delivery has passed</h1>
          <p className="pay__intro" role="status">
            {d.message}
          </p>
          <p className="pay__passed-actions">
            <Link className="button button--primary" to="/dashboard/my-deliveries">
              My deliveries
            </Link>
          </p>
        </header>
      </section>
    );
  }
  return (
    <section className="pay container" aria-labelledby="pay-title">
      <header className="pay__header">
        <p className="eyebrow">Order {d.reference}</p>
        <h1 id="pay-title">Pay your order</h1>
        <p className="pay__intro">Check your details and choose how to pay. Delivery is free.</p>
      </header>
      <div className="pay__layout">
        <aside className="pay__aside" aria-label="Order summary">
          <OrderSummary reference={d.reference} summary={d.summary} />
        </aside>
        <div className="pay__main">
          <PayOrderForm
            key={d.reference}
            idempotencyKey={actionData?.idempotencyKey ?? d.idempotencyKey}
            contact={d.contact}
            billing={d.billing}
            savedCards={d.savedCards}
            cardRequired={d.summary.cardRequired}
            creditCents={d.summary.creditCents}
            totalCents={d.summary.totalCents}
            actionData={actionData}
          />
        </div>
      </div>
    </section>
  );
}
