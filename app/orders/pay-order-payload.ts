// The API's form data (SPEC §3 "Pay-an-order payload": snake-case names,
// card[number], card[month], card[year], card[cvc], sms and newsletter as 1,
// empty or false values omitted) mapped onto the page form's values, so one
// schema checks both, and the schema's field errors mapped back to the
// payload's names for the 422 answer.

/** payload name -> the page form's field path */
export const PAYLOAD_TO_FORM: Record<string, string> = {
  billing_first_name: "firstName",
  billing_last_name: "lastName",
  billing_phone: "phone",
  billing_address_line_1: "billing.line1",
  billing_address_line_2: "billing.line2",
  billing_city: "billing.city",
  billing_address_type: "billing.addressType",
  billing_company: "billing.company",
  billing_postcode: "billing.postcode",
  billing_country: "billing.country",
  billing_state: "billing.state",
  payment_method: "paymentMethod",
  "card[number]": "card.number",
  "card[cvc]": "card.cvc",
  sms: "sms",
  newsletter: "newsletter",
  idempotency_key: "idempotencyKey",
  address_confirmed: "addressConfirmed",
  // optional: the amount (cents) the client showed for this payment; another one charges nothing (409)
  expected_total: "expectedTotalCents",
};

const FORM_TO_PAYLOAD: Record<string, string> = {
  ...Object.fromEntries(Object.entries(PAYLOAD_TO_FORM).map(([k, v]) => [v, k])),
  // the page takes one MM/YY field; the payload sends month and year
  "card.expiration": "card[month]",
};

type Source = { get(name: string): FormDataEntryValue | null };

const text = (source: Source, name: string) => {
  const v = source.get(name);
  return typeof v === "string" ? v.trim() : "";
};

/** card[month] "3" or "03" and card[year] "2029" or "29" -> "03/29"; blank when both are missing. */
export function expirationFromPayload(month: string, year: string): string {
  if (!month && !year) return "";
  const mm = /^\d{1,2}$/.test(month) ? month.padStart(2, "0") : month;
  const yy = /^\d{4}$/.test(year) ? year.slice(2) : year;
  return `${mm}/${yy}`;
}

/** The page form's values (nested like remix-validated-form's) from the API's form data. */
export function payloadToFormValues(source: Source): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  const set = (path: string, value: unknown) => {
    const parts = path.split(".");
    let target = values;
    for (const p of parts.slice(0, -1)) target = (target[p] ??= {}) as Record<string, unknown>;
    target[parts.at(-1)!] = value;
  };
  for (const [name, path] of Object.entries(PAYLOAD_TO_FORM)) {
    const v = text(source, name);
    if (v !== "") set(path, v);
  }
  const number = text(source, "card[number]");
  const expiration = expirationFromPayload(text(source, "card[month]"), text(source, "card[year]"));
  if (expiration) set("card.expiration", expiration);
  // a card without payment_method is a new card
  if (!values.paymentMethod && (number || expiration)) values.paymentMethod = "new";
  return values;
}

/** Field errors keyed by the page's field paths -> keyed by the payload's names. */
export function errorsToPayload(fieldErrors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fieldErrors)) {
    const name = FORM_TO_PAYLOAD[path] ?? path;
    out[name] ??= message;
  }
  return out;
}
