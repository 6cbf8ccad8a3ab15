// The FAQ list's reorder form (issue 37): an order number per item, named `order-{id}` (faqOrderName), each a whole
// number from 0 to 100000. The same schema checks the form in the browser (lazily, decision 004)
// and in the action; a bad number is that field's error, the others still read.
import { withZod } from "@remix-validated-form/with-zod";
import { z } from "zod";
import { CONTENT_MESSAGES } from "./content-schema";

const ORDER_NAME = /^order-(\d{1,9})$/;
const ORDER = /^\d{1,6}$/;
const MAX_ORDER = 100_000;

/** The form's order numbers by item id; other fields (the CSRF token) are ignored. */
export const FaqOrdersSchema = z.record(z.unknown()).transform((form, ctx) => {
  const orders = new Map<number, number>();
  for (const [name, value] of Object.entries(form)) {
    const m = ORDER_NAME.exec(name);
    if (!m) continue;
    const raw = typeof value === "string" ? value.trim() : "";
    const order = ORDER.test(raw) ? Number(raw) : NaN;
    if (order <= MAX_ORDER) orders.set(Number(m[1]), order);
    else ctx.addIssue({ code: "custom", path: [name], message: CONTENT_MESSAGES.sortOrder });
  }
  return orders;
});

export const faqOrderValidator = withZod(FaqOrdersSchema);
