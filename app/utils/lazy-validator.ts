// A remix-validated-form validator whose zod schema module loads on first use.
// The same schema still validates in the browser and (eagerly) in the action;
// only the download moves off the page's critical path. See docs/decisions/004.
import type { Validator } from "remix-validated-form";

export function lazyValidator<T>(load: () => Promise<Validator<T>>): Validator<T> {
  let pending: Promise<Validator<T>> | null = null;
  const get = () => (pending ??= load());
  return {
    validate: async (data) => (await get()).validate(data),
    validateField: async (data, field) => {
      const v = await get();
      return v.validateField ? v.validateField(data, field) : {};
    },
  };
}
