// The account validators for actions. Routes import them from this .server
// module so the client bundle drops them (and zod) with the action; the
// browser gets the same validators lazily from ./form-validators.
export {
  forgotPasswordValidator,
  newPasswordValidator,
  resetPasswordValidator,
  signInValidator,
} from "./validators";
export {
  addAddressValidator,
  addCardValidator,
  editAddressValidator,
  passwordValidators,
  profileValidator,
} from "./account-schema";
