// The knife add-on's age confirmation and disclaimer (SPEC §5, §6): box checkout and
// "Change what comes next" ask the same two questions, checked by the server in both.
import { CheckboxField } from "~/components/forms";

export const KNIFE_CHECK_TITLE = "Chef's knife: age check";

export function KnifeCheckFields() {
  return (
    <>
      <CheckboxField name="knifeAdult" label="I am 18 years or older" />
      <CheckboxField
        name="knifeDisclaimer"
        label="I understand the knife is sharp, will be handed to an adult only, and must be kept away from children."
      />
    </>
  );
}
