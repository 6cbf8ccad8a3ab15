import { formatDeliveryDate, formatFrequency, formatShortDate } from "~/accounts/format";
import { extractLinks } from "~/email/links";
import { passwordResetEmail } from "~/email/templates/password-reset";

describe("account formatting", () => {
  it("shows delivery frequency in weeks", () => {
    expect(formatFrequency(7)).toBe("Every week");
    expect(formatFrequency(14)).toBe("Every 2 weeks");
    expect(formatFrequency(28)).toBe("Every 4 weeks");
    expect(formatFrequency(null)).toBe("Not set");
  });

  it("formats calendar delivery days without shifting them", () => {
    expect(formatDeliveryDate("2026-11-27")).toBe("Friday 27 November 2026");
    expect(formatDeliveryDate("2026-01-01")).toBe("Thursday 1 January 2026");
    expect(formatShortDate("2026-11-04")).toBe("4 Nov 2026");
    expect(formatDeliveryDate(null)).toBe("Not scheduled");
    expect(formatDeliveryDate("27/11/2026")).toBe("Not scheduled");
  });
});

describe("e-mail helpers", () => {
  it("extracts distinct links from plain text", () => {
    const text =
      "Open http://127.0.0.1:3410/reset-password?token=abc&email=a%40b.co. Or https://x.test/a, again https://x.test/a";
    expect(extractLinks(text)).toEqual([
      "http://127.0.0.1:3410/reset-password?token=abc&email=a%40b.co",
      "https://x.test/a",
    ]);
  });

  it("renders the reset e-mail with the link in text and escaped HTML", () => {
    const url = "https://shop.test/reset-password?token=t0k&email=sam%40example.com";
    const mail = passwordResetEmail.render({
      firstName: "<Sam>",
      resetUrl: url,
      expiresInMinutes: 60,
    });
    expect(mail.subject).toBe("Reset your Paddock & Tide password");
    expect(mail.text).toContain(url);
    expect(mail.text).toContain("Hi <Sam>,");
    expect(mail.text).toContain("expires in 60 minutes");
    expect(mail.html).toContain("Hi &lt;Sam&gt;,");
    expect(mail.html).not.toContain("<Sam>");
    expect(mail.html).toContain(
      'href="https://shop.test/reset-password?token=t0k&amp;email=sam%40example.com"',
    );
  });
});
