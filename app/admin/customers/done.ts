// The status message after an act-for action (?done={intent}&ref={reference}).
const TITLES: Record<string, string> = {
  skip: "Delivery skipped",
  unskip: "Delivery back on",
  pause: "Deliveries paused",
  resume: "Deliveries resumed",
  cancel: "Subscription cancelled",
  box: "Next box changed",
  credit: "Credit saved",
};

export function doneMessage(intent: string | null, reference: string | null): string | null {
  const title = intent ? TITLES[intent] : undefined;
  if (!title) return null;
  const ref = reference && /^[A-Z0-9-]{1,40}$/.test(reference) ? ` Reference ${reference}.` : "";
  const mailed = intent === "credit" ? "" : " The customer was e-mailed a confirmation.";
  return `${title}.${ref}${mailed}`;
}
