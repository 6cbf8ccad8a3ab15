// The browser's validators for the flow's forms. They run the very zod schemas
// of ./schemas, loaded on first use: zod stays out of the JavaScript a step
// downloads up front (the 120 KB budget), and is fetched when a person first
// validates a field, long before they submit.
import type { Validator } from "remix-validated-form";

type Schemas = typeof import("./schemas");

function lazyValidator<T>(pick: (s: Schemas) => Validator<T>): Validator<T> {
  const load = () => import("./schemas").then(pick);
  return {
    validate: async (data) => (await load()).validate(data),
    validateField: async (data, field) => {
      const v = await load();
      return v.validateField ? v.validateField(data, field) : {};
    },
  };
}

export const getStartedFormValidator = lazyValidator((s) => s.getStartedValidator);
export const getStartedSignedInFormValidator = lazyValidator((s) => s.getStartedSignedInValidator);
export const boxSizeFormValidator = lazyValidator((s) => s.boxSizeValidator);
