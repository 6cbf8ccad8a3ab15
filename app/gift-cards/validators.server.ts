// The gift-card validators for loaders and actions. Routes import them from
// this .server module so the browser bundle drops them (and zod) with the
// action; the browser gets the same schemas lazily from ./form-validators.
export {
  PERSONALISE_FIELDS,
  activateValidator,
  giftCheckoutValidator,
  personaliseValidator,
} from "./schemas";
