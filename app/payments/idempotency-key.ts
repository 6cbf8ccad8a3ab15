// Which idempotency key a payment form carries after an answer. A key whose payment may still be
// under way (the gateway is slow: "already being placed") must stay on the form, so pressing again
// waits for that payment instead of paying twice; only a finished key (declined, or its charge
// refunded) is replaced. Without JS the answer is a new document whose loader makes a fresh key, so
// the action hands the kept key back explicitly.

/** The key the form posted, when it is one a form could carry; else undefined (the page's own is used). */
export function postedIdempotencyKey(formData: FormData): string | undefined {
  const key = formData.get("idempotencyKey");
  return typeof key === "string" && /^[A-Za-z0-9-]{16,100}$/.test(key) ? key : undefined;
}
