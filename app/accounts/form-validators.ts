// The account forms' browser validators: the zod schemas of ./validators,
// loaded on first use so zod is not part of the pages' up-front JavaScript.
import { lazyValidator } from "~/utils/lazy-validator";

const validators = () => import("./validators");

export const signInFormValidator = lazyValidator(() => validators().then((v) => v.signInValidator));
export const forgotPasswordFormValidator = lazyValidator(() =>
  validators().then((v) => v.forgotPasswordValidator),
);
export const newPasswordFormValidator = lazyValidator(() =>
  validators().then((v) => v.newPasswordValidator),
);
