// What a delivery time option says under its label, the same wherever a time is chosen
// (get-started, checkout, "Change what comes next").
export function windowDescription(isOvernight: boolean): string {
  return isOvernight
    ? "Silent: no SMS or driver notification is sent."
    : "Our driver sends an SMS when your box is on its way.";
}
