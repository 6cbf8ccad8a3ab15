// A subscriber whose reminder e-mail has gone out (../reminded-subscriber.ts), reminded through the
// e2e server's renewal hook, for the one-tap link specs (one-tap, a11y-routes).
import type { APIRequestContext } from "@playwright/test";
import { remindedSubscriber as reminded } from "../reminded-subscriber";
import { E2E_BASE_URL } from "./env";
import { e2eDb } from "./fixtures";

export const remindedSubscriber = (request: APIRequestContext) =>
  reminded(e2eDb(), async (form) =>
    (await request.post(`${E2E_BASE_URL}/test-hooks/renewals`, { form })).status(),
  );
