// A malformed SMTP_URL does not show in a password reset's answer (issue 34 item 5), checked
// without a browser (decision 076; was tests/e2e/accounts-abuse.spec.ts, which started an app
// process with it): the run's production build served in this process (./built-server.ts) with an
// smtp:// URL the start check takes (decision 040 refuses one that is not a URL at all) but the
// mailer cannot read: its user name is not valid percent-encoding. A file of its own: the build
// reads SMTP_URL as it loads. SQLite, and PostgreSQL with DATABASE_URL_TEST.
process.env.SMTP_URL = "smtp://%zz@smtp.example.com";
afterAll(() => {
  delete process.env.SMTP_URL;
});

import { builtServerForThisFile } from "./built-server";
const { db } = await import("~/db/client.server");
const { createUser } = await import("../factories");
const { resetForBoth } = await import("./reset-answers");

const server = builtServerForThisFile();

describe("a malformed SMTP_URL (was tests/e2e/accounts-abuse.spec.ts)", () => {
  // accounts-abuse.spec.ts: "does not show in a reset's answer: the same for an account and an unknown address"
  it("does not show in a reset's answer: the same for an account and an unknown address", async () => {
    const account = await createUser(db, { password: null, firstName: "Ada", lastName: "Owner" });
    const { known } = await resetForBoth(server, account.email, "192.0.2.12");
    // the mail waits in the outbox
    expect(
      await db.selectFrom("emailOutbox").select("id").where("toAddress", "=", known).execute(),
    ).toHaveLength(1);
  });
});
