// The gift-card e-mail: a buyer types the sender's name (and the receiver's), so neither may shape
// the subject or the inbox preview line; in the body they are there, escaped in the HTML.
import { giftCardEmail, type GiftCardEmailProps } from "~/email/templates/gift-card";

const props = (over: Partial<GiftCardEmailProps> = {}): GiftCardEmailProps => ({
  receiverName: "Jordan",
  senderName: "Alex",
  valueCents: 5000,
  message: "Happy birthday!",
  code: "ABCDEFGHJKLMNPQR",
  expiresOn: "2029-12-31",
  activateUrl: "https://shop.test/gift-cards/activate/ABCD-EFGH-JKLM-NPQR",
  bonus: false,
  ...over,
});

const HOSTILE =
  "URGENT: your account is locked, call 1800 000 000 <a href=https://evil.example>now</a> &";

describe("gift-card e-mail", () => {
  it("has one fixed subject, whatever the sender's name", () => {
    const plain = giftCardEmail.render(props());
    expect(plain.subject).toBe("You've received a Paddock & Tide gift card");
    expect(
      giftCardEmail.render(props({ senderName: HOSTILE, receiverName: HOSTILE })).subject,
    ).toBe(plain.subject);
    expect(giftCardEmail.render(props({ bonus: true, senderName: HOSTILE })).subject).toBe(
      "You've received a Paddock & Tide bonus gift card",
    );
  });

  it("keeps the names out of the inbox preview line", () => {
    const { html } = giftCardEmail.render(
      props({ senderName: "Mallory Sender", receiverName: "Riley Receiver" }),
    );
    const preheader = /<span style="display:none[^>]*>([^<]*)<\/span>/.exec(html)![1];
    expect(preheader).toBe("A gift card for you, valid until 31 December 2029.");
  });

  it("names the sender in the body, escaped in the HTML", () => {
    const { text, html } = giftCardEmail.render(props({ senderName: HOSTILE }));
    expect(text).toContain(`${HOSTILE} sent you a $50 Paddock & Tide gift card`);
    expect(html).not.toContain("<a href=https://evil.example>");
    expect(html).toContain("&lt;a href=https://evil.example&gt;now&lt;/a&gt; &amp;");
    expect(text).toContain("Your code: ABCD-EFGH-JKLM-NPQR");
  });
});
