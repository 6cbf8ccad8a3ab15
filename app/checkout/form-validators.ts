// The checkout form's browser validator: the zod schema of ./checkout-schema,
// loaded on first use so zod stays out of the page's up-front JavaScript.
import type { Validator } from "remix-validated-form";
import { lazyValidator } from "~/utils/lazy-validator";
import type { CheckoutInput } from "./checkout-schema";
import type { CheckoutContext } from "./form-ids";

const cache = new Map<string, Validator<CheckoutInput>>();

export function checkoutFormValidator(ctx: CheckoutContext): Validator<CheckoutInput> {
  const key = JSON.stringify(ctx);
  let v = cache.get(key);
  if (!v) {
    v = lazyValidator(() => import("./checkout-schema").then((m) => m.checkoutValidator(ctx)));
    cache.set(key, v);
  }
  return v;
}
