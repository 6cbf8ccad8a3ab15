// Secrets in addresses (app/security/redact.mjs): what the request log and the
// error logs write, and what the outbox keeps of a sent mail.
import { redactEmails, redactLogText, redactText, redactUrl } from "../../app/security/redact.mjs";
import { redactMailText } from "~/email/redact.server";
import { emailProofEmail } from "~/email/templates/email-proof";

const ONE_TAP = "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MGFi";
const RESET = "q0kR4n-dom_T0ken-of-43-characters-xxxxxxxxxx";

describe("redactUrl (request and error logs)", () => {
  it.each([
    [`/deliveries/one-tap/${ONE_TAP}`, "/deliveries/one-tap/[redacted]"],
    [`/deliveries/one-tap/${ONE_TAP}?action=skip`, "/deliveries/one-tap/[redacted]?action=skip"],
    [
      `/deliveries/one-tap/${ONE_TAP}.data?action=keep`,
      "/deliveries/one-tap/[redacted]?action=keep",
    ],
    [`/DELIVERIES/One-Tap/${ONE_TAP}/more`, "/DELIVERIES/One-Tap/[redacted]/more"],
    [`/deliveries%2Fone-tap%2F${ONE_TAP}`, "/deliveries/one-tap/[redacted]"],
    [`//deliveries//one-tap//${ONE_TAP}`, "//deliveries//one-tap//[redacted]"],
    ["/gift-cards/activate/ABCD-EFGH-JKLM-NPQR", "/gift-cards/activate/[redacted]"],
    [
      `/reset-password?token=${RESET}&email=ada%40example.com`,
      "/reset-password?token=[redacted]&email=[redacted]",
    ],
    [`/reset-password?tok%65n=${RESET}`, "/reset-password?token=[redacted]"],
    [
      `/reset-password.data?_routes=routes%2Freset-password&token=${RESET}`,
      "/reset-password.data?_routes=routes%2Freset-password&token=[redacted]",
    ],
    [
      `http://shop.test:3000/reset-password?token=${RESET}#x`,
      "http://shop.test:3000/reset-password?token=[redacted]",
    ],
    ["/get-started?promo=WELCOME20", "/get-started?promo=WELCOME20"],
    ["/blog/grilling-tips", "/blog/grilling-tips"],
  ])("%s → %s", (raw, logged) => {
    expect(redactUrl(raw)).toBe(logged);
  });

  // issue 45: the staff searches and e-mail addresses are personal data (decision 066)
  it.each([
    ["/admin/orders?q=jane@example.com", "/admin/orders?q=[redacted]"],
    ["/admin/orders?q=jane%40example.com&page=2", "/admin/orders?q=[redacted]&page=2"],
    ["/admin/customers?q=Jane+Citizen", "/admin/customers?q=[redacted]"],
    ["/admin/customers?q=0412+345+678", "/admin/customers?q=[redacted]"],
    ["/admin/gift-cards?q=QRST", "/admin/gift-cards?q=[redacted]"],
    [
      "/admin/orders.data?q=Jane&_routes=routes%2Fadmin.orders._index",
      "/admin/orders.data?q=[redacted]&_routes=routes%2Fadmin.orders._index",
    ],
    [
      "//Admin/audit?staff=3&record=jane&from=2026-11-01",
      "//Admin/audit?staff=3&record=[redacted]&from=2026-11-01",
    ],
    [
      "/admin/sign-in?redirectTo=%2Fadmin%2Forders%3Fq%3Djane",
      "/admin/sign-in?redirectTo=[redacted]",
    ],
    ["/admin/deliveries/2026-12-01?status=packed", "/admin/deliveries/2026-12-01?status=packed"],
    ["/administrator?q=kept", "/administrator?q=kept"],
    ["/blog?q=grilling&from=jane@example.com", "/blog?q=grilling&from=[redacted]"],
    ["/customers/jane@example.com/orders", "/customers/[redacted]/orders"],
    ["/customers/jane%40example.com", "/customers/[redacted]"],
  ])("%s → %s", (raw, logged) => {
    expect(redactUrl(raw)).toBe(logged);
  });

  it("keeps a crafted address from forging a log line", () => {
    expect(redactUrl(`/deliveries/one-tap/${ONE_TAP}%0A200%20GET%20/x`)).not.toMatch(/[\n ]/);
  });
});

describe("redactText (messages, stacks, mail bodies)", () => {
  it("redacts the secrets of every address in a text", () => {
    const text = `No route matches URL "/deliveries/one-tap/${ONE_TAP}/x"; see https://shop.test/reset-password?token=${RESET}&amp;email=a@b.co and /gift-cards/activate/ABCD-EFGH-JKLM-NPQR.`;
    const out = redactText(text);
    expect(out).not.toContain(ONE_TAP);
    expect(out).not.toContain(RESET);
    expect(out).not.toContain("ABCD-EFGH");
    expect(out).toBe(
      'No route matches URL "/deliveries/one-tap/[redacted]/x"; see https://shop.test/reset-password?token=[redacted]&amp;email=[redacted] and /gift-cards/activate/[redacted].',
    );
  });

  it("leaves text without secrets alone", () => {
    expect(
      redactText(
        "Order PT-ABCD-EFGH is confirmed: https://shop.test/dashboard/orders/PT-ABCD-EFGH",
      ),
    ).toBe("Order PT-ABCD-EFGH is confirmed: https://shop.test/dashboard/orders/PT-ABCD-EFGH");
  });
});

describe("redactEmails and redactLogText (what a log line keeps of a text)", () => {
  it.each([
    [
      "duplicate key (email)=(jane.citizen+box@example.com.au)",
      "duplicate key (email)=([redacted])",
    ],
    ["sent to ada@example.com, then bob@x.io.", "sent to [redacted], then [redacted]."],
    ['{"to":"ada@example.com"}', '{"to":"[redacted]"}'],
    // not addresses: a scoped package, a bare host, a lone @
    [
      "at node_modules/@remix-run/node/dist/index.js",
      "at node_modules/@remix-run/node/dist/index.js",
    ],
    ["user@localhost", "user@localhost"],
    ["a @ b.com", "a @ b.com"],
  ])("%s → %s", (raw, logged) => {
    expect(redactEmails(raw)).toBe(logged);
  });

  it("redactLogText drops the e-mails and the secrets; redactText (a mail's copy) keeps the e-mails", () => {
    const text = `Could not reset for ada@example.com at /reset-password?token=${RESET}`;
    expect(redactLogText(text)).toBe(
      "Could not reset for [redacted] at /reset-password?token=[redacted]",
    );
    expect(redactText(text)).toContain("ada@example.com");
  });
});

describe("redactMailText (the outbox's copy of a sent mail)", () => {
  it("also removes gift-card codes written out in the body", () => {
    const out = redactMailText(
      "Your code: ABCD-EFGH-JKLM-NPQR\nor ABCDEFGHJKLMNPQR\nOrder PT-ABCD-EFGH",
    );
    expect(out).toBe("Your code: [redacted]\nor [redacted]\nOrder PT-ABCD-EFGH");
  });

  it("removes the e-mail-proof code the template prints on its own line, and keeps other numbers", () => {
    const { text } = emailProofEmail.render({
      firstName: "Sam",
      code: "123456",
      expiresInMinutes: 20,
    });
    expect(text).toContain("\n123456\n");
    const out = redactMailText(text);
    expect(out).not.toContain("123456");
    expect(out).toContain("[redacted]");
    expect(redactMailText("Postcode 2000, order of 123456 items")).toBe(
      "Postcode 2000, order of 123456 items",
    );
  });
});
