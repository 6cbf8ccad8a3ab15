// Authenticator codes for staff (issue 36): TOTP, RFC 6238, through the maintained `otpauth`
// library. 6 digits, 30-second steps, one step either side accepted (a phone's clock drifts). The
// step a code belongs to is returned so the caller can accept each code once.
import * as OTPAuth from "otpauth";
import QRCode from "qrcode";

export const TOTP_PERIOD_SECONDS = 30;
export const TOTP_ISSUER = "Paddock & Tide";

function totp(secret: string, label = "staff") {
  return new OTPAuth.TOTP({
    issuer: TOTP_ISSUER,
    label,
    algorithm: "SHA1",
    digits: 6,
    period: TOTP_PERIOD_SECONDS,
    secret: OTPAuth.Secret.fromBase32(secret),
  });
}

/** A new secret of 160 bits (RFC 4226's recommendation), in base32 as authenticator apps take it. */
export const newTotpSecret = () => new OTPAuth.Secret({ size: 20 }).base32;

/** The step of a right code (±1 step of now), or null for a wrong one. */
export function codeStep(secret: string, code: string, now = new Date()): number | null {
  const delta = totp(secret).validate({ token: code, timestamp: now.getTime(), window: 1 });
  if (delta === null) return null;
  return Math.floor(now.getTime() / 1000 / TOTP_PERIOD_SECONDS) + delta;
}

/** The code of `secret` at `now` (tests, and nothing else in the app). */
export const codeAt = (secret: string, now = new Date()) =>
  totp(secret).generate({ timestamp: now.getTime() });

/** The otpauth:// URI an authenticator app reads from the QR code. */
export const otpauthUri = (secret: string, email: string) => totp(secret, email).toString();

/**
 * The URI as a QR code for an SVG drawn on the server (no script, no image request): its size in
 * modules and one path of its dark modules, so the page renders it as React elements, not raw HTML.
 */
export function qrCode(uri: string): { size: number; path: string } {
  const { modules } = QRCode.create(uri, { errorCorrectionLevel: "M" });
  let path = "";
  for (let y = 0; y < modules.size; y++)
    for (let x = 0; x < modules.size; x++) if (modules.get(x, y)) path += `M${x} ${y}h1v1h-1z`;
  return { size: modules.size, path };
}

/** "ABCD EFGH …": the secret in groups of four, easier to type into an app by hand. */
export const groupedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");
