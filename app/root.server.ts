// The root route's server imports in one module: each `.server` import
// becomes an empty client module, and shared ones became chunks of their own
// that every page loaded (see app/checkout/checkout-route.server.ts).
export { isSharedCacheable } from "~/http/page-cache.server";
export { getUser } from "~/accounts/session.server";
export { csrf } from "~/security/csrf.server";
export { isTestShop } from "~/payments/gateway-config.server";
