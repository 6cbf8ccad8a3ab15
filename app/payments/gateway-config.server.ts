// Which card gateway the shop takes payments through (PAYMENT_GATEWAY, decision 063). Only the
// in-app sandbox exists so far; a real adapter implements PaymentGateway (./gateway.ts, decision
// 007) and gets a value here. With APP_ENV=production the sandbox runs only when named (env.server.ts
// refuses to start otherwise), and then the shop says it is a test shop: a warning at start, a banner
// on every page, TEST on tax invoices and in every e-mail.
import cluster from "node:cluster";
import { log } from "~/log/log.server";
import { env, isProduction } from "~/env.server";

export type GatewayName = "sandbox";

/** The gateway named by PAYMENT_GATEWAY; unset outside production means the sandbox. */
export const gatewayName: GatewayName = env.PAYMENT_GATEWAY ?? "sandbox";

/**
 * A production shop whose payments are the sandbox's: it gives boxes away to anyone who types the
 * test card, so it must say so everywhere. Development and test pages stay as they are.
 */
export const isTestShop = isProduction && gatewayName === "sandbox";

/** What the banner on every page of a test shop says. */
export const TEST_SHOP_NOTICE = "Test shop: no real payments are taken";

export const SANDBOX_IN_PRODUCTION_WARNING =
  "PAYMENT_GATEWAY=sandbox with APP_ENV=production: payments go through the in-app test sandbox, which approves the public test card 4242 4242 4242 4242. " +
  "No real payment is taken and anyone can order for free; every page, tax invoice and e-mail says TEST. Do not run a real shop like this.";

/** Once per start: the primary loads the build (so this module) before it forks the workers. */
function warnOfSandboxInProduction() {
  if (!isTestShop || cluster.isWorker) return;
  log().warn({ type: "payments.sandbox_in_production" }, SANDBOX_IN_PRODUCTION_WARNING);
}

warnOfSandboxInProduction();
