// The checkout validator for the action, imported from a .server module so the
// route's client bundle never includes zod or the phone metadata.
export { checkoutValidator } from "./checkout-schema";
