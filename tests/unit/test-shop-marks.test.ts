// A production shop on the payment sandbox says it is a test shop (issue 44 item 2, decision 063):
// every e-mail says TEST in its subject, text and HTML, and the server's own short answers (413, 408,
// 503, 500) carry the same banner as the app's pages; outside that case nothing changes.
import { afterEach, vi } from "vitest";
import { REFUSALS, refuse } from "~/bin/refusal.mjs";
import { markedAsTest } from "~/email/test-shop";

afterEach(() => vi.unstubAllEnvs());

/** The page `refuse` sends a browser, through a stand-in for Express's request and response. */
function refusalPage(): string {
  let body = "";
  const res = {
    headersSent: false,
    status: () => res,
    set: () => res,
    send: (text: string) => void (body = text),
  };
  const req = { accepts: () => "text/html" };
  refuse(req as never, res as never, REFUSALS.busy);
  return body;
}

describe("the test shop's marks", () => {
  it("an e-mail says TEST in its subject, at the top of its text and at the top of its HTML body", () => {
    const marked = markedAsTest({
      subject: "Order PT-1 is confirmed",
      text: "Hi Ava",
      html: '<!doctype html><html><body style="margin:0"><p>Hi Ava</p></body></html>',
    });
    expect(marked.subject).toBe("[TEST] Order PT-1 is confirmed");
    expect(marked.text).toMatch(/^TEST: this e-mail comes from a test shop.*\n\nHi Ava$/s);
    expect(marked.html).toMatch(/<body style="margin:0">\n<p [^>]*>TEST: this e-mail/);
    expect(marked.html).toContain("<p>Hi Ava</p>");
  });

  it("the server's own refusal page carries the banner in production on the sandbox, and only then", () => {
    vi.stubEnv("APP_ENV", "production");
    vi.stubEnv("PAYMENT_GATEWAY", "sandbox");
    const page = refusalPage();
    expect(page).toContain('<section aria-label="Test shop"');
    expect(page).toContain("Test shop: no real payments are taken");
    expect(page).toContain("<h1>The shop is busy</h1>");
    vi.stubEnv("APP_ENV", "test");
    expect(refusalPage()).not.toContain("Test shop");
  });
});
