// Without JS a refused checkout is a new page that opens at its top, far above the
// payment or knife section where the error is written. The form posts to this
// summary's anchor (CHECKOUT_ANSWER), so the page lands on it: every error, named by
// its section and linked to it, and the dialog's question when one is waiting below.
// With JS the fields validate as the shopper types and the dialog is a modal, so the
// summary is only drawn by the server.
import type { CheckoutDialogState } from "~/checkout/checkout-answer";
import { CHECKOUT_DIALOG, checkoutDialogTitle } from "./checkout-dialog-title";

export const CHECKOUT_ANSWER = "checkout-answer";

/** The checkout's sections, in page order, with the field names each one holds. */
const SECTIONS: { anchor: string; title: string; owns: (field: string) => boolean }[] = [
  {
    anchor: "co-contact",
    title: "Contact details",
    owns: (f) =>
      [
        "firstName",
        "lastName",
        "phone",
        "password",
        "passwordConfirmation",
        "sms",
        "newsletter",
      ].includes(f),
  },
  {
    anchor: "shipping-address",
    title: "Delivery",
    owns: (f) =>
      f.startsWith("shipping.") ||
      ["deliveryDate", "deliveryWindow", "frequencyDays", "deliveryNotes"].includes(f),
  },
  { anchor: "co-billing", title: "Billing address", owns: (f) => f.startsWith("billing") },
  {
    anchor: "co-discount",
    title: "Discount code",
    owns: (f) => f === "discountCode" || f === "choice",
  },
  { anchor: "co-knife", title: "Chef's knife", owns: (f) => f.startsWith("knife") },
  {
    anchor: "checkout-payment",
    title: "Payment",
    owns: (f) => f.startsWith("card.") || f === "paymentMethod",
  },
];

export type CheckoutProblem = { href: string; section: string; message: string };

/** The errors in page order, one line per distinct message of a section. */
export function checkoutProblems(
  fieldErrors: Record<string, string>,
  dialog: CheckoutDialogState | null,
): CheckoutProblem[] {
  const problems: CheckoutProblem[] = [];
  const seen = new Set<string>();
  const add = (p: CheckoutProblem) => {
    if (seen.has(p.message)) return;
    seen.add(p.message);
    problems.push(p);
  };
  if (dialog)
    add({
      href: `#${CHECKOUT_DIALOG}`,
      section: checkoutDialogTitle(dialog),
      message: dialog.message,
    });
  const fields = Object.entries(fieldErrors).filter(([, message]) => Boolean(message));
  for (const section of SECTIONS) {
    for (const [field, message] of fields)
      if (section.owns(field)) add({ href: `#${section.anchor}`, section: section.title, message });
  }
  for (const [field, message] of fields) {
    if (!SECTIONS.some((s) => s.owns(field)))
      add({ href: `#${CHECKOUT_ANSWER}`, section: "Your order", message });
  }
  return problems;
}

export function CheckoutProblems({ problems }: { problems: CheckoutProblem[] }) {
  if (!problems.length) return null;
  return (
    <div
      className="form-alert form-alert--error checkout-problems"
      id={CHECKOUT_ANSWER}
      tabIndex={-1}
      role="alert"
      aria-labelledby={`${CHECKOUT_ANSWER}-title`}
    >
      <div>
        <h2 id={`${CHECKOUT_ANSWER}-title`} className="checkout-problems__title">
          {problems.length === 1
            ? "One thing to check before we place your order"
            : `${problems.length} things to check before we place your order`}
        </h2>
        <ul className="checkout-problems__list">
          {problems.map((p) => (
            <li key={`${p.href}-${p.message}`}>
              <a href={p.href}>
                <strong>{p.section}:</strong> {p.message}
              </a>
            </li>
          ))}
        </ul>
      </div>
    </div>
  );
}
