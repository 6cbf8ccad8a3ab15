import {
  EmailSchema,
  ForgotPasswordSchema,
  NewPasswordSchema,
  PasswordSchema,
  ResetPasswordSchema,
  SignInSchema,
} from "~/accounts/auth-schema";

const messages = (r: {
  success: boolean;
  error?: { issues: { path: (string | number)[]; message: string }[] };
}) =>
  (r.error?.issues ?? []).reduce<Record<string, string>>((acc, i) => {
    // the first message per field, as remix-validated-form shows it
    acc[i.path.join(".")] ??= i.message;
    return acc;
  }, {});

describe("EmailSchema", () => {
  it("trims and lower-cases a valid address", () => {
    expect(EmailSchema.parse("  Olivia.N@Example.COM ")).toBe("olivia.n@example.com");
  });

  it.each([
    "",
    "   ",
    "olivia",
    "olivia@",
    "@example.com",
    "olivia@example",
    "oli via@example.com",
    "olivia@example.c",
    ".olivia@example.com",
    "oli..via@example.com",
  ])("rejects %j with the spec's message", (value) => {
    const r = EmailSchema.safeParse(value);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0].message).toBe("Email address must be a valid email");
  });

  // issue 34: one rule everywhere, at most 254 characters, said as such
  it("takes up to 254 characters and says when an address is longer", () => {
    const longest = `${"a".repeat(64)}@${"b".repeat(63)}.${"c".repeat(63)}.${"d".repeat(57)}.com`;
    expect(longest).toHaveLength(254);
    expect(EmailSchema.parse(longest)).toBe(longest);
    for (const value of [
      `${longest}m`,
      `${"a".repeat(250)}@x.com`,
      `${"a".repeat(100_000)}@example.com`,
    ]) {
      const r = EmailSchema.safeParse(value);
      expect(
        r.error?.issues.map((i) => i.message),
        value.slice(0, 20),
      ).toEqual(["Email address must be at most 254 characters"]);
    }
  });

  it("rejects a missing value with the same message", () => {
    expect(EmailSchema.safeParse(undefined).error?.issues[0].message).toBe(
      "Email address must be a valid email",
    );
  });
});

describe("PasswordSchema", () => {
  it("accepts 8 to 128 characters", () => {
    expect(PasswordSchema.safeParse("12345678").success).toBe(true);
    expect(PasswordSchema.safeParse("x".repeat(128)).success).toBe(true);
  });

  it("explains what is wrong", () => {
    expect(PasswordSchema.safeParse("").error?.issues[0].message).toBe("Password is required");
    expect(PasswordSchema.safeParse("1234567").error?.issues[0].message).toBe(
      "Password must be at least 8 characters",
    );
    expect(PasswordSchema.safeParse("x".repeat(129)).error?.issues[0].message).toBe(
      "Password must be at most 128 characters",
    );
  });
});

describe("SignInSchema", () => {
  it("needs a valid e-mail and any non-empty password", () => {
    expect(SignInSchema.safeParse({ email: "a@b.co", password: "short" }).success).toBe(true);
    expect(messages(SignInSchema.safeParse({ email: "nope", password: "" }))).toEqual({
      email: "Email address must be a valid email",
      password: "Password is required",
    });
  });

  it("keeps an optional destination", () => {
    expect(
      SignInSchema.parse({ email: "a@b.co", password: "x", destination: "/faq" }).destination,
    ).toBe("/faq");
  });
});

describe("ForgotPasswordSchema", () => {
  it("validates the e-mail only", () => {
    expect(ForgotPasswordSchema.parse({ email: "Sam@Example.com" })).toEqual({
      email: "sam@example.com",
    });
    expect(messages(ForgotPasswordSchema.safeParse({ email: "sam" }))).toEqual({
      email: "Email address must be a valid email",
    });
  });
});

describe("ResetPasswordSchema and NewPasswordSchema", () => {
  const valid = {
    token: "abc",
    email: "sam@example.com",
    password: "long enough",
    passwordConfirmation: "long enough",
  };

  it("accepts matching passwords", () => {
    expect(ResetPasswordSchema.safeParse(valid).success).toBe(true);
    expect(
      NewPasswordSchema.safeParse({ password: "long enough", passwordConfirmation: "long enough" })
        .success,
    ).toBe(true);
  });

  it("says 'Password do not match' on the confirmation", () => {
    const r = ResetPasswordSchema.safeParse({ ...valid, passwordConfirmation: "long enougH" });
    expect(messages(r)).toEqual({ passwordConfirmation: "Password do not match" });
    expect(
      messages(
        NewPasswordSchema.safeParse({
          password: "long enough",
          passwordConfirmation: "other value",
        }),
      ),
    ).toEqual({
      passwordConfirmation: "Password do not match",
    });
  });

  it("requires token, e-mail, password and confirmation", () => {
    expect(
      messages(
        ResetPasswordSchema.safeParse({
          token: "",
          email: "x",
          password: "",
          passwordConfirmation: "",
        }),
      ),
    ).toEqual({
      token: "Reset link is missing its token",
      email: "Email address must be a valid email",
      password: "Password is required",
      passwordConfirmation: "Please confirm your password",
    });
  });
});
