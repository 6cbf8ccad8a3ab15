// A new password and its confirmation, under the shop's password rules: the reset page, the account
// page and a member of staff's set-up page all ask for one the same way.
import { TextField } from "~/components/forms";
import { PASSWORD_MIN_LENGTH } from "../password-rules";

export function NewPasswordFields({ label = "New password" }: { label?: string }) {
  return (
    <>
      <TextField
        name="password"
        label={label}
        type="password"
        autoComplete="new-password"
        hint={`At least ${PASSWORD_MIN_LENGTH} characters.`}
      />
      <TextField
        name="passwordConfirmation"
        label={`Confirm ${label.toLowerCase()}`}
        type="password"
        autoComplete="new-password"
      />
    </>
  );
}
