// Issue 44: the sign-in code field takes a 6-digit code or a recovery code; set-up links are
// redacted like the other bearer links; the invitation's schema.
import { describe, expect, it } from "vitest";
import { CODE_FORMAT, StaffCodeSchema } from "~/admin/sign-in-schema";
import { normaliseRecoveryCode } from "~/staff/recovery-code-format";
import { InviteStaffSchema } from "~/admin/staff/staff-schema";
import { redactText, redactUrl } from "~/security/redact.mjs";

describe("the staff code field", () => {
  const parse = (code: string) => StaffCodeSchema.safeParse({ code });
  it("takes a 6-digit code, spaces and dashes aside", () => {
    expect(parse("123 456").data?.code).toBe("123456");
  });
  it("takes a recovery code in any case, with or without its dash", () => {
    expect(parse("K7M2-QX4P").data?.code).toBe("k7m2qx4p");
    expect(parse("k7m2qx4p").data?.code).toBe("k7m2qx4p");
  });
  it("refuses anything else with the message that names both", () => {
    for (const bad of ["12345", "k7m2-qx4", "k7m2-qx40", "hello world"]) {
      const r = parse(bad);
      expect(r.success).toBe(false);
      expect(r.error?.issues[0].message).toBe(CODE_FORMAT);
    }
    expect(normaliseRecoveryCode("abcd-efil")).toBeNull();
  });
});

describe("set-up links in logs and kept mail", () => {
  it("are redacted", () => {
    expect(redactUrl("/admin/set-up/abcDEF123_-xyz")).toBe("/admin/set-up/[redacted]");
    expect(redactText("Open https://x.example/admin/set-up/abcDEF123_-xyz. Thanks")).toBe(
      "Open https://x.example/admin/set-up/[redacted]. Thanks",
    );
  });
});

describe("the invitation", () => {
  it("lower-cases the e-mail and refuses an unknown role", () => {
    const ok = InviteStaffSchema.safeParse({ email: "A@B.COM", name: " Al ", role: "packer" });
    expect(ok.data).toEqual({ email: "a@b.com", name: "Al", role: "packer" });
    expect(
      InviteStaffSchema.safeParse({ email: "a@b.com", name: "Al", role: "king" }).success,
    ).toBe(false);
  });
});
