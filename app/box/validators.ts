// The browser's validators for the flow's forms. They run the very zod schemas
// of ./schemas, loaded on first use: zod stays out of the JavaScript a step
// downloads up front (the 120 KB budget), and is fetched when a person first
// validates a field, long before they submit.
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./schemas");

export const getStartedFormValidator = lazyValidator(() =>
  schemas().then((s) => s.getStartedValidator),
);
export const getStartedSignedInFormValidator = lazyValidator(() =>
  schemas().then((s) => s.getStartedSignedInValidator),
);
export const boxSizeFormValidator = lazyValidator(() => schemas().then((s) => s.boxSizeValidator));
