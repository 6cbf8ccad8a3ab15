// The gift-card forms' browser validators: the zod schemas of ./schemas,
// loaded on first use so zod stays out of the pages' up-front JavaScript
// (docs/decisions/004). Actions import ./schemas directly.
import type { Validator } from "remix-validated-form";
import { lazyValidator } from "~/utils/lazy-validator";
import type {
  GiftCheckoutContext,
  GiftCheckoutInput,
  PersonaliseContext,
  PersonaliseInput,
} from "./schemas";

const schemas = () => import("./schemas");
const cache = new Map<string, Validator<unknown>>();

function cached<T>(key: string, make: () => Validator<T>): Validator<T> {
  let v = cache.get(key) as Validator<T> | undefined;
  if (!v) cache.set(key, (v = make()) as Validator<unknown>);
  return v;
}

export function personaliseFormValidator(ctx: PersonaliseContext): Validator<PersonaliseInput> {
  return cached(`p:${ctx.today}:${+ctx.bonusAvailable}`, () =>
    lazyValidator(() => schemas().then((s) => s.personaliseValidator(ctx))),
  );
}

export function giftCheckoutFormValidator(ctx: GiftCheckoutContext): Validator<GiftCheckoutInput> {
  return cached(`c:${+ctx.needsEmail}`, () =>
    lazyValidator(() => schemas().then((s) => s.giftCheckoutValidator(ctx))),
  );
}

export const activateFormValidator = lazyValidator(() =>
  schemas().then((s) => s.activateValidator),
);
