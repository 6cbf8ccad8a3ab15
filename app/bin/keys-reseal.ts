// npm run keys:reseal: the last step of a key rotation (README "Rotating keys", decision 060). Run
// with the new SESSION_SECRET and the old one as SESSION_SECRET_PREVIOUS, against the shop's
// DATABASE_URL, while the shop runs. Moves staff authenticator secrets and the codes of gift cards
// not yet mailed to the current key, then says what is still under another key. Exit code 0: the
// previous secret may be dropped without losing anything; 1: something still needs it.
export {};

const { db } = await import("../db/client.server");
const { keyRing } = await import("../security/secrets.server");
const { rekey } = await import("../security/rekey.server");

const report = await rekey(db, keyRing);
console.log(JSON.stringify({ level: "info", type: "keys.reseal", ...report }, null, 2));
const waiting = report.mailedUnderOtherKeys.reduce((n, m) => n + m.cards, 0);
if (waiting > 0)
  console.log(
    `${waiting} mailed gift card(s) not yet activated are still hashed under an older key ` +
      `(latest expiry ${report.mailedUnderOtherKeys.map((m) => m.latestExpiry ?? "none").join(", ")}). ` +
      "They can be activated only while SESSION_SECRET_PREVIOUS is set: keep it until they are activated or expire, " +
      "or resend them from the back office (each gets a new code) and then drop it.",
  );
if (report.unopenable.totp + report.unopenable.giftCards > 0)
  console.log(
    "Some rows are under a key that is neither SESSION_SECRET nor SESSION_SECRET_PREVIOUS: " +
      "staff with such a secret must enrol again; such gift cards must be resent.",
  );
if (waiting === 0 && report.unopenable.totp + report.unopenable.giftCards === 0)
  console.log("Nothing is left under another key: SESSION_SECRET_PREVIOUS may be removed.");
await db.destroy();
process.exitCode = waiting + report.unopenable.totp + report.unopenable.giftCards > 0 ? 1 : 0;
