// A staff session's clocks (issue 36): 30 minutes idle, 12 hours at most, 10 minutes for the code step.
import { describe, expect, it } from "vitest";
import { isStaffSessionLive, type StaffSessionRow } from "~/staff/staff-session.server";
import { codeAt, codeStep, groupedSecret } from "~/admin/totp.server";

const now = new Date("2026-11-27T00:00:00Z");
const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
const row = (over: Partial<StaffSessionRow>): StaffSessionRow => ({
  id: "x",
  userId: 1,
  createdAt: ago(60),
  lastSeenAt: ago(1),
  expiresAt: new Date(now.getTime() + 11 * 3_600_000).toISOString(),
  secondFactorAt: ago(60),
  enrolSecret: null,
  ...over,
});

describe("staff session", () => {
  it("lives while used in the last 30 minutes and within its 12 hours", () => {
    expect(isStaffSessionLive(row({}), now)).toBe(true);
    expect(isStaffSessionLive(row({ lastSeenAt: ago(29) }), now)).toBe(true);
    expect(isStaffSessionLive(row({ lastSeenAt: ago(30) }), now)).toBe(false);
    expect(isStaffSessionLive(row({ expiresAt: ago(0) }), now)).toBe(false);
  });

  it("gives the code step 10 minutes after the password", () => {
    expect(isStaffSessionLive(row({ secondFactorAt: null, createdAt: ago(9) }), now)).toBe(true);
    expect(isStaffSessionLive(row({ secondFactorAt: null, createdAt: ago(10) }), now)).toBe(false);
  });
});

describe("authenticator codes", () => {
  const secret = "BAUV7742BQTVUACAU5FH63MXRZNV5X2M";
  const step = Math.floor(now.getTime() / 30_000);

  it("accepts the code of now and of one step either side, with the step it belongs to", () => {
    expect(codeStep(secret, codeAt(secret, now), now)).toBe(step);
    expect(codeStep(secret, codeAt(secret, new Date(now.getTime() - 30_000)), now)).toBe(step - 1);
    expect(codeStep(secret, codeAt(secret, new Date(now.getTime() + 30_000)), now)).toBe(step + 1);
  });

  it("refuses a code two steps away", () => {
    expect(codeStep(secret, codeAt(secret, new Date(now.getTime() - 60_000)), now)).toBeNull();
    expect(codeStep(secret, codeAt(secret, new Date(now.getTime() + 60_000)), now)).toBeNull();
  });

  it("writes the key in groups of four", () => {
    expect(groupedSecret("ABCDEFGHIJ")).toBe("ABCD EFGH IJ");
  });
});
