// The content forms' browser validators, loaded on first use (as the shop's, decision 004).
import { lazyValidator } from "~/utils/lazy-validator";

const schemas = () => import("./content-schema");

export const postFormValidator = lazyValidator(() => schemas().then((s) => s.postValidator));
export const faqFormValidator = lazyValidator(() => schemas().then((s) => s.faqValidator));
export const legalFormValidator = lazyValidator(() => schemas().then((s) => s.legalValidator));
export const heroFormValidator = lazyValidator(() => schemas().then((s) => s.heroValidator));
export const tickerFormValidator = lazyValidator(() => schemas().then((s) => s.tickerValidator));
