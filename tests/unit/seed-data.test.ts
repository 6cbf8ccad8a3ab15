// The seed is data only (decision 050): the demo accounts' password hashes are constants computed
// once with app/accounts' hasher. They must still verify with it, or the README's demo sign-ins fail.
import { describe, expect, it } from "vitest";
import { verifyPassword } from "~/accounts/password.server";
import { DEMO_SECOND_SUBSCRIBER, DEMO_SUBSCRIBER } from "~/db/seed/catalogue";

describe("the seeded demo accounts", () => {
  it.each([DEMO_SUBSCRIBER, DEMO_SECOND_SUBSCRIBER])(
    "$email signs in with its documented password",
    async (who) => {
      expect(await verifyPassword(who.password, who.passwordHash)).toBe(true);
      expect(await verifyPassword(`${who.password}x`, who.passwordHash)).toBe(false);
    },
  );
});
