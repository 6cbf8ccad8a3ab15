// What the pay-an-order page needs up front, without zod: the form id and
// browser validators whose schema loads on first use (docs/decisions/004).
// The schema itself is ./pay-order-schema; the messages ./pay-order-messages.
import { lazyValidator } from "~/utils/lazy-validator";

export const PAY_ORDER_FORM_ID = "pay-order";

/** The billing address on file that the form starts with. */
export type BillingDefaults = Partial<
  Record<"addressType" | "line1" | "line2" | "company" | "city" | "state" | "postcode", string>
>;

const schema = () => import("./pay-order-schema");

/** The browser's validators; which one depends on whether a card is needed (credit may cover the total). */
export const payOrderFormValidators = {
  withCard: lazyValidator(() => schema().then((m) => m.payOrderValidator({ cardRequired: true }))),
  withoutCard: lazyValidator(() =>
    schema().then((m) => m.payOrderValidator({ cardRequired: false })),
  ),
};
