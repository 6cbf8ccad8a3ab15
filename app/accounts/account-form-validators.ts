// The account page's browser validators: the zod schemas of ./account-schema,
// loaded on first use so zod stays out of the page's up-front JavaScript
// (docs/decisions/004). Form ids and intents live here too, zod-free.
import { lazyValidator } from "~/utils/lazy-validator";

export const ACCOUNT_FORMS = {
  profile: "account-profile",
  password: "account-password",
  addCard: "account-add-card",
  address: "account-address",
  addAddress: "account-add-address",
} as const;

/** The `intent` of every form on /dashboard/account. */
export const ACCOUNT_INTENTS = [
  "profile",
  "password",
  "card-add",
  "card-primary",
  "card-remove",
  "address",
  "address-add",
] as const;
export type AccountIntent = (typeof ACCOUNT_INTENTS)[number];

const schemas = () => import("./account-schema");

export const accountFormValidators = {
  profile: lazyValidator(() => schemas().then((m) => m.profileValidator)),
  changePassword: lazyValidator(() => schemas().then((m) => m.passwordValidators.change)),
  setPassword: lazyValidator(() => schemas().then((m) => m.passwordValidators.set)),
  addCard: lazyValidator(() => schemas().then((m) => m.addCardValidator)),
  address: lazyValidator(() => schemas().then((m) => m.editAddressValidator)),
  addAddress: lazyValidator(() => schemas().then((m) => m.addAddressValidator)),
};
