// The content forms' browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./content-schema");
const faqOrderSchema = () => import("./faq-order-schema");

export const postFormValidator = lazyValidator(() => schemas().then((s) => s.postValidator));
export const faqFormValidator = lazyValidator(() => schemas().then((s) => s.faqValidator));
export const legalFormValidator = lazyValidator(() => schemas().then((s) => s.legalValidator));
export const heroFormValidator = lazyValidator(() => schemas().then((s) => s.heroValidator));
export const tickerFormValidator = lazyValidator(() => schemas().then((s) => s.tickerValidator));

/** The FAQ list's reorder form, and the name of an item's order number in it. */
export const FAQ_ORDER_FORM_ID = "faq-order-form";
export const faqOrderName = (id: number) => `order-${id}`;
export const faqOrderFormValidator = lazyValidator(() =>
  faqOrderSchema().then((s) => s.faqOrderValidator),
);
